/**
 * /study/select-concepts, 'Préparer la session d'étude' (spec document 2 §2, §4, §8):
 * the FSRS due box, selection by constellation or concept by concept, and a sticky bar
 * that starts the session. `?constellation={id}` preselects that constellation's concepts;
 * `?method=BLURTING` (or another method) starts a session of that method, which
 * works on the concepts themselves (no due box, no 'Réviser en avance'); a Composite session
 * also takes its steps, chosen here.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConceptPicker } from './ConceptPicker';
import { ConstellationSection } from './ConstellationSection';
import { DueReviewBox } from './DueReviewBox';
import { useConceptSelection } from './use-concept-selection';
import { methodOf } from './methods';
import { MANUAL_SESSION_SETTINGS, START_ERROR, useStartSession } from './use-start-session';
import { COMPOSITE_MIN_STEPS, DEFAULT_COMPOSITE_STEPS, type CompositeStep } from '@domain/composite-steps';
import { CompositeStepPicker, TOO_FEW_STEPS } from './methods/CompositeStepPicker';

const EMPTY_SELECTION = 'Veuillez sélectionner au moins un concept ou une constellation contenant des concepts.';
/** The server's answer when the selection holds only cards not yet due (worker create-study-session.ts). */
export const NOTHING_DUE_IN_SELECTION = 'Aucune carte à réviser maintenant dans cette sélection. Vous pouvez réviser en avance.';

export function PrepareSessionPage() {
  const [params] = useSearchParams();
  const raw = params.get('constellation');
  const preselect = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const chosen = methodOf(params.get('method'));
  const method = chosen?.available ? chosen : methodOf('FLASHCARDS')!;
  const flashcards = method.type === 'FLASHCARDS';
  const selection = useConceptSelection();
  const starter = useStartSession();
  const [emptyWarning, setEmptyWarning] = useState(false);
  const [steps, setSteps] = useState<CompositeStep[]>([...DEFAULT_COMPOSITE_STEPS]);
  const composite = method.type === 'COMPOSITE';
  const count = selection.ids.length;

  function startSelected(reviewAhead = false) {
    if (count === 0) {
      setEmptyWarning(true);
      return;
    }
    setEmptyWarning(false);
    if (composite && steps.length < COMPOSITE_MIN_STEPS) return;
    const picked = reviewAhead ? { concept_ids: selection.ids, review_ahead: true } : composite ? { concept_ids: selection.ids, steps } : { concept_ids: selection.ids };
    void starter.start({ selection: picked, conceptIds: selection.ids, settings: MANUAL_SESSION_SETTINGS, failure: START_ERROR, methodType: method.type });
  }

  // The empty-selection warning only holds while nothing is selected.
  const message = emptyWarning && count === 0 ? EMPTY_SELECTION : composite && steps.length < COMPOSITE_MIN_STEPS ? TOO_FEW_STEPS : starter.error;
  const offerAhead = flashcards && count > 0 && starter.error === NOTHING_DUE_IN_SELECTION;
  return (
    <section className="mx-auto max-w-4xl space-y-4 pb-24">
      <h1 className="text-2xl font-semibold">Préparer la session d'étude</h1>
      {!flashcards && (
        <p className="text-slate-300" data-testid="prepare-method">
          {method.icon} {method.name} — {method.description}
        </p>
      )}
      {flashcards && <DueReviewBox starter={starter} />}
      {composite && <CompositeStepPicker steps={steps} onChange={setSteps} />}
      <ConstellationSection selection={selection} preselect={preselect} />
      <ConceptPicker selection={selection} />
      <div className="sticky bottom-0 z-10 -mx-2 flex flex-wrap items-center gap-3 rounded-xl border border-space-600 bg-space-900/95 px-4 py-3 shadow-2xl backdrop-blur">
        <span className="flex-1 font-medium" data-testid="selection-count">
          {count} concept(s) sélectionné(s)
        </span>
        {count > 0 && (
          <button type="button" className="btn-ghost px-3 py-1 text-sm" onClick={selection.clear}>
            Vider
          </button>
        )}
        <button type="button" className="btn-primary" disabled={starter.starting} onClick={() => startSelected()}>
          Démarrer la session ({count})
        </button>
        {offerAhead && (
          <button type="button" className="btn-ghost border border-nebula-500/60" disabled={starter.starting} onClick={() => startSelected(true)}>
            Réviser en avance
          </button>
        )}
        {message && (
          <p role="alert" className="w-full text-sm text-red-300">
            {message}
          </p>
        )}
      </div>
    </section>
  );
}

export default PrepareSessionPage;
export { PrepareSessionPage as Component };
