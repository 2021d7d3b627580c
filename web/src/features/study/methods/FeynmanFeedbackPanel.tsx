/** Feynman's offline feedback, with a checkbox on each point the person may keep as a gap to revisit. */
import type { FeynmanFeedback } from '@domain/feynman-feedback';
import { LONG_SENTENCE_WORDS, SHORT_EXPLANATION_WORDS } from '@domain/feynman-feedback';
import { sentencesText, wordsText } from './result-text';

/** Each point of the feedback as the gap it would be kept as. */
export function gapCandidates(feedback: FeynmanFeedback): string[] {
  return [
    ...feedback.missingTerms.map((t) => `Non mentionné : ${t}`),
    ...feedback.unexplainedTerms.map((t) => `Terme non expliqué : ${t}`),
    ...feedback.jargon.filter((w) => !feedback.unexplainedTerms.includes(w)).map((w) => `Jargon : ${w}`),
    ...feedback.longSentences.map((s) => `Phrase trop longue (${s.words} mots) : « ${s.text.slice(0, 80)}${s.text.length > 80 ? '…' : ''} »`),
  ];
}

interface Props {
  feedback: FeynmanFeedback;
  gaps: ReadonlySet<string>;
  onToggle(gap: string): void;
}

export function FeynmanFeedbackPanel({ feedback, gaps, onToggle }: Props) {
  const candidates = gapCandidates(feedback);
  return (
    <section className="card space-y-3" aria-labelledby="feynman-feedback" data-testid="feynman-feedback">
      <h3 id="feynman-feedback" className="font-semibold">
        Retour sur votre explication
      </h3>
      <p data-testid="feynman-length">
        {wordsText(feedback.wordCount)}, {sentencesText(feedback.sentenceCount)}.{' '}
        {feedback.tooShort ? `Un peu court : visez au moins ${SHORT_EXPLANATION_WORDS} mots.` : 'Bonne longueur.'}
      </p>
      <p>
        {feedback.longSentences.length
          ? `${sentencesText(feedback.longSentences.length)} de plus de ${LONG_SENTENCE_WORDS} mots : ${feedback.longSentences.length > 1 ? 'coupez-les' : 'coupez-la'}.`
          : `Aucune phrase de plus de ${LONG_SENTENCE_WORDS} mots.`}
      </p>
      <p data-testid="feynman-jargon">{feedback.jargon.length ? `Mots peu courants : ${feedback.jargon.join(', ')}.` : 'Aucun jargon repéré.'}</p>
      {feedback.unexplainedTerms.length > 0 && <p data-testid="feynman-unexplained">Termes employés sans être expliqués : {feedback.unexplainedTerms.join(', ')}.</p>}
      <p data-testid="feynman-missing">
        {feedback.missingTerms.length ? `Éléments clés du concept jamais mentionnés : ${feedback.missingTerms.join(', ')}.` : 'Tous les éléments clés du concept sont mentionnés.'}
      </p>
      {candidates.length > 0 && (
        <fieldset className="space-y-1">
          <legend className="mb-1 font-semibold">Lacunes à revoir</legend>
          {candidates.map((gap) => (
            <label key={gap} className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" checked={gaps.has(gap)} onChange={() => onToggle(gap)} />
              <span>{gap}</span>
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
