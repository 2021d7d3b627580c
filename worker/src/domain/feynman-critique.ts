/**
 * The AI critique of a Feynman explanation: what a language model is asked, and how its
 * reply is read. The gaps are ideas of the concept the explanation leaves out or blurs; the
 * errors are statements it gets wrong. Pure; the provider call is services/ai.
 */
import { jsonOfReply } from './flashcard-generator';

export interface FeynmanCritique {
  gaps: string[];
  errors: string[];
}

/** At most this many points of each kind, each at most this long: the page lists them as gaps to tick. */
export const CRITIQUE_POINTS_MAX = 6;
export const CRITIQUE_POINT_CHARS = 300;
/** The concept and the explanation sent, at most (a model's context is bounded, and so is the request). */
const SENT_CHARS = 6000;

export function critiqueMessages(title: string, conceptText: string, explanation: string) {
  return [
    {
      role: 'system',
      content:
        'Tu es un professeur bienveillant. Un élève explique un concept avec des mots simples (méthode Feynman). ' +
        'Compare son explication au contenu du concept et réponds uniquement avec du JSON de la forme ' +
        '{"lacunes":["…"],"erreurs":["…"]}, sans autre texte. "lacunes" : les idées importantes du concept absentes ou floues ' +
        'dans l’explication ; "erreurs" : les affirmations fausses ou inexactes de l’explication. ' +
        `Phrases courtes en français, au plus ${CRITIQUE_POINTS_MAX} de chaque ; listes vides s’il n’y a rien à dire.`,
    },
    {
      role: 'user',
      content: `Concept « ${title} » :\n${conceptText.slice(0, SENT_CHARS)}\n\nExplication de l’élève :\n${explanation.slice(0, SENT_CHARS)}`,
    },
  ];
}

const points = (value: unknown): string[] | null =>
  Array.isArray(value)
    ? value
        .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
        .map((p) => p.trim().slice(0, CRITIQUE_POINT_CHARS))
        .slice(0, CRITIQUE_POINTS_MAX)
    : null;

/** The critique in a model's reply (French or English keys, fenced or not); null when the reply holds none. */
export function parseFeynmanCritique(reply: string): FeynmanCritique | null {
  const value = jsonOfReply(reply);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  const gaps = points(o.lacunes ?? o.gaps);
  const errors = points(o.erreurs ?? o.errors);
  if (gaps === null && errors === null) return null;
  return { gaps: gaps ?? [], errors: errors ?? [] };
}
