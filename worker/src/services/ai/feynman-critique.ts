/**
 * The AI critique of a Feynman explanation (gaps and errors), beside the offline feedback the
 * page computes itself. Without a provider configured the answer says so (`available: false`)
 * and the page keeps its offline feedback; a provider failure is a readable `error_message`,
 * never a failure of the request. Nothing is saved here: the explanation is saved on its own.
 */
import { conceptText } from '../../db/queries/concepts';
import { firstRow } from '../../db/rows';
import { critiqueMessages, parseFeynmanCritique, type FeynmanCritique } from '../../domain/feynman-critique';
import { notFound } from '../../lib/errors';
import { chatCompletion, type OpenAiCompatibleConfig } from './openai-compatible-provider';
import { ProviderError } from './provider';

export interface CritiqueAnswer {
  available: boolean;
  critique: FeynmanCritique | null;
  error_message: string | null;
}

export async function critiqueFeynman(d1: D1Database, config: OpenAiCompatibleConfig | null, props: { userId: number; conceptId: number; text: string }): Promise<CritiqueAnswer> {
  const concept = await firstRow(conceptText(d1, props.userId, props.conceptId));
  if (!concept) throw notFound('Concept');
  if (!config) return { available: false, critique: null, error_message: null };
  try {
    const reply = await chatCompletion(config, critiqueMessages(concept.title, concept.content_text, props.text), 0.2);
    const critique = reply === null ? null : parseFeynmanCritique(reply);
    if (!critique) return { available: true, critique: null, error_message: 'Réponse du service d’IA illisible : aucune critique trouvée.' };
    return { available: true, critique, error_message: null };
  } catch (err) {
    if (!(err instanceof ProviderError)) console.error(JSON.stringify({ level: 'error', message: 'feynman critique failed', error: String(err) }));
    return { available: true, critique: null, error_message: err instanceof ProviderError ? err.message : 'La critique a échoué.' };
  }
}
