/**
 * One concept of a Feynman session: the person explains it as to a 12-year-old (draft kept
 * in the browser; their previous explanation shown, to be improved), gets the offline
 * feedback (length, long sentences, jargon, terms unexplained or never mentioned), marks
 * the gaps to revisit, and saves the explanation (a new version of the concept's).
 */
import { useState } from 'react';
import { keyItemsOf } from '@domain/flashcard-generator';
import { feynmanFeedback, type FeynmanFeedback } from '@domain/feynman-feedback';
import { feynmanDetails, studyMethodsApi, type MethodResult, type SessionConcept } from '../../../api/study-methods';
import { aiApi } from '../../../api/ai';
import { errorText } from '../../../ui/error-text';
import { useLoad } from '../../../ui/use-load';
import { loadCommonWords } from './common-words';
import { FeynmanFeedbackPanel } from './FeynmanFeedbackPanel';
import { useMethodDraft } from './use-method-draft';
import { useStepTimer } from './use-step-timer';
import { gapsText } from './result-text';

interface Props {
  sessionId: number;
  concept: SessionConcept;
  saved: MethodResult | null;
  onSaved(result: MethodResult): void;
}

function PreviousExplanation({ conceptId, sessionId, onReuse }: { conceptId: number; sessionId: number; onReuse(text: string): void }) {
  const history = useLoad(() => studyMethodsApi.conceptHistory(conceptId, 'FEYNMAN'), [conceptId]);
  if (history.phase !== 'loaded') return null;
  const previous = history.data.find((r) => r.session_id !== sessionId);
  if (!previous) return null;
  const text = feynmanDetails(previous).text;
  return (
    <details className="card" data-testid="feynman-previous">
      <summary className="cursor-pointer font-semibold">Votre explication précédente ({new Date(previous.updated_at).toLocaleDateString('fr-FR')})</summary>
      <p className="mt-2 whitespace-pre-wrap text-slate-300">{text}</p>
      {feynmanDetails(previous).gaps.length > 0 && <p className="mt-2 text-sm text-amber-200">Lacunes notées : {feynmanDetails(previous).gaps.join(' ; ')}</p>}
      <button type="button" className="btn-ghost mt-2" onClick={() => onReuse(text)}>
        Repartir de cette explication
      </button>
    </details>
  );
}

export function FeynmanStep({ sessionId, concept, saved, onSaved }: Props) {
  const draft = useMethodDraft(sessionId, concept.id, 'FEYNMAN');
  const [feedback, setFeedback] = useState<FeynmanFeedback | null>(null);
  const [critique, setCritique] = useState<{ note: string | null; points: string[] } | null>(null);
  const [gaps, setGaps] = useState<Set<string>>(() => new Set(saved ? feynmanDetails(saved).gaps : []));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useStepTimer(true);
  const text = draft.text || (saved ? feynmanDetails(saved).text : '');

  async function analyse() {
    setError(null);
    try {
      setFeedback(feynmanFeedback(text, keyItemsOf(concept.content ?? ''), await loadCommonWords()));
    } catch {
      setError("La liste de mots courants n'a pas pu être chargée : vérifiez votre connexion et réessayez.");
      return;
    }
    setCritique({ note: 'Critique par l’IA en cours…', points: [] });
    try {
      const answer = await aiApi.feynmanCritique(concept.id, text);
      if (!answer.available) setCritique({ note: 'La critique des lacunes et erreurs par l’IA demande un fournisseur d’IA configuré : seul le retour hors ligne est affiché.', points: [] });
      else if (!answer.critique) setCritique({ note: `Critique par l’IA indisponible : ${answer.error_message ?? 'réessayez plus tard.'}`, points: [] });
      else setCritique({ note: null, points: [...answer.critique.gaps.map((g) => `IA — lacune : ${g}`), ...answer.critique.errors.map((e) => `IA — erreur : ${e}`)] });
    } catch {
      setCritique({ note: 'Critique par l’IA indisponible hors connexion : le retour hors ligne ci-dessus reste valable.', points: [] });
    }
  }

  async function save() {
    setBusy(true);
    setError(null);
    try {
      onSaved(await studyMethodsApi.saveFeynman(sessionId, concept.id, text, [...gaps], timer.spentMs()));
      draft.clear();
    } catch (err) {
      setError(`Votre explication n'a pas pu être enregistrée (elle reste gardée sur cet appareil). ${errorText(err, '')}`.trim());
    } finally {
      setBusy(false);
    }
  }

  const toggle = (gap: string) =>
    setGaps((all) => {
      const next = new Set(all);
      if (!next.delete(gap)) next.add(gap);
      return next;
    });
  return (
    <div className="space-y-4">
      <PreviousExplanation conceptId={concept.id} sessionId={sessionId} onReuse={draft.change} />
      <div className="card space-y-3">
        <label htmlFor="feynman-input" className="block text-slate-300">
          Expliquez ce concept avec des mots simples, comme à un enfant de 12 ans.
        </label>
        <textarea id="feynman-input" className="field min-h-48" value={text} onChange={(e) => draft.change(e.target.value)} />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-ghost" disabled={!text.trim()} onClick={() => void analyse()}>
            Analyser mon explication
          </button>
          <button type="button" className="btn-primary" disabled={busy || !text.trim()} onClick={() => void save()}>
            Enregistrer l'explication
          </button>
        </div>
        {saved && <p role="status" className="text-sm text-emerald-200">Explication enregistrée ({gapsText(feynmanDetails(saved).gaps.length)}).</p>}
        {error && (
          <p role="alert" className="text-red-300">
            {error}
          </p>
        )}
      </div>
      {feedback && <FeynmanFeedbackPanel feedback={feedback} gaps={gaps} onToggle={toggle} />}
      {critique && (
        <section className="card space-y-2" aria-labelledby="feynman-critique" data-testid="feynman-critique">
          <h3 id="feynman-critique" className="font-semibold">
            Critique par l’IA
          </h3>
          {critique.note && <p className="text-sm text-slate-300">{critique.note}</p>}
          {critique.points.length === 0 && !critique.note && <p className="text-sm text-slate-300">Aucune lacune ni erreur relevée.</p>}
          {critique.points.map((point) => (
            <label key={point} className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" checked={gaps.has(point)} onChange={() => toggle(point)} />
              <span>{point}</span>
            </label>
          ))}
        </section>
      )}
    </div>
  );
}
