/**
 * One concept of a Blurting session: its title only and a page to write everything the
 * person remembers (draft kept in the browser, optional timer); then the comparison,
 * computed here (so it works offline) and saved to the server, which recomputes the
 * same score; then 'Créer des cartes pour ce que j'ai oublié'.
 */
import { useState } from 'react';
import { keyItemsOf } from '@domain/flashcard-generator';
import { scoreRecall, type RecallResult } from '@domain/recall-score';
import { blurtingDetails, studyMethodsApi, type MethodResult, type SessionConcept } from '../../../api/study-methods';
import { errorText } from '../../../ui/error-text';
import { BlurtingComparison } from './BlurtingComparison';
import { useMethodDraft } from './use-method-draft';
import { clockText, TIMER_CHOICES, useStepTimer } from './use-step-timer';
import { cardsCreatedText } from './result-text';

const SAVE_ERROR = "Votre texte n'a pas pu être enregistré (il reste gardé sur cet appareil).";

interface Props {
  sessionId: number;
  concept: SessionConcept;
  saved: MethodResult | null;
  onSaved(result: MethodResult): void;
}

export function BlurtingStep({ sessionId, concept, saved, onSaved }: Props) {
  const draft = useMethodDraft(sessionId, concept.id, 'BLURTING');
  const [comparison, setComparison] = useState<{ text: string; result: RecallResult } | null>(() =>
    saved ? { text: blurtingDetails(saved).text, result: { items: blurtingDetails(saved).items, score: saved.recall_score } } : null,
  );
  const timer = useStepTimer(comparison === null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [spentMs, setSpentMs] = useState(0);

  async function save(text: string, durationMs: number) {
    setSaving(true);
    setSaveError(null);
    try {
      const result = await studyMethodsApi.saveBlurting(sessionId, concept.id, text, durationMs);
      draft.clear();
      onSaved(result);
    } catch (err) {
      setSaveError(`${SAVE_ERROR} ${errorText(err, '')}`.trim());
    } finally {
      setSaving(false);
    }
  }

  function compare() {
    const text = draft.text;
    const spent = timer.spentMs();
    setSpentMs(spent);
    setComparison({ text, result: scoreRecall(keyItemsOf(concept.content ?? ''), text) });
    void save(text, spent);
  }

  if (comparison) {
    return (
      <div className="space-y-4">
        <BlurtingComparison text={comparison.text} content={concept.content} result={comparison.result} />
        {saving && <p role="status">Enregistrement…</p>}
        {saveError && (
          <p role="alert" className="text-red-300">
            {saveError}{' '}
            <button type="button" className="btn-ghost py-1" onClick={() => void save(comparison.text, spentMs)}>
              Réessayer
            </button>
          </p>
        )}
        {saved && <MissedCardsButton sessionId={sessionId} result={saved} onSaved={onSaved} />}
      </div>
    );
  }
  return (
    <form
      className="card space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        compare();
      }}
    >
      <label htmlFor="blurt-input" className="block text-slate-300">
        Écrivez tout ce dont vous vous souvenez sur ce concept, sans regarder.
      </label>
      <textarea
        id="blurt-input"
        className="field min-h-56"
        value={draft.text}
        onChange={(e) => draft.change(e.target.value)}
        placeholder="Dates, noms, définitions, idées…"
      />
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-300">
          Minuteur
          <select className="field w-auto py-1" value={timer.minutes} onChange={(e) => timer.setMinutes(Number(e.target.value))}>
            {TIMER_CHOICES.map((m) => (
              <option key={m} value={m}>
                {m === 0 ? 'Aucun' : `${m} min`}
              </option>
            ))}
          </select>
        </label>
        {timer.left !== null && (
          <span role="timer" aria-live="off" className={timer.timeUp ? 'font-semibold text-amber-200' : 'text-slate-300'} data-testid="blurt-timer">
            {timer.timeUp ? 'Temps écoulé : comparez quand vous voulez.' : clockText(timer.left)}
          </span>
        )}
        <button type="submit" className="btn-primary ml-auto">
          Comparer avec le concept
        </button>
      </div>
    </form>
  );
}

function MissedCardsButton({ sessionId, result, onSaved }: { sessionId: number; result: MethodResult; onSaved(result: MethodResult): void }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const missed = blurtingDetails(result).items.filter((i) => !i.found).length;
  if (missed === 0) return null;
  async function create() {
    setBusy(true);
    try {
      const made = await studyMethodsApi.missedCards(sessionId, result.id);
      onSaved(made.result);
      setMessage({ ok: true, text: made.created.length ? `${cardsCreatedText(made.created.length)} à partir de ce que vous avez oublié.` : 'Aucune nouvelle carte : elles existent déjà.' });
    } catch (err) {
      setMessage({ ok: false, text: errorText(err, 'Impossible de créer les cartes. Réessayez plus tard.') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className="btn-ghost border border-nebula-500/60" disabled={busy} onClick={() => void create()}>
        Créer des cartes pour ce que j'ai oublié
      </button>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'text-emerald-200' : 'text-red-300'} data-testid="missed-cards-message">
          {message.text}
        </p>
      )}
    </div>
  );
}
