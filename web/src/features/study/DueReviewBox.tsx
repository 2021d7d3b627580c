/** The FSRS box of the preparation page: how many cards are due, and a review of them. */
import { useToast } from '../../ui/Toasts';
import { flashcardsApi } from '../../api/flashcards';
import { useLoad } from '../../ui/use-load';
import { DUE_REVIEW_LIMIT, isUnreachable } from '../flashcards/review-queue';
import { useReviewQueue } from '../flashcards/use-review-queue';
import { DUE_START_ERROR, dueSessionSettings, type useStartSession } from './use-start-session';

/** The count is the length of a list capped at 200 (spec document 2 §9). */
export const DUE_COUNT_CAP = 200;

export function DueReviewBox({ starter }: { starter: ReturnType<typeof useStartSession> }) {
  const toast = useToast();
  const queue = useReviewQueue();
  // Without the server: the due cards the shell keeps a copy of, less those answered on this device.
  const load = useLoad(
    () =>
      flashcardsApi.due(DUE_COUNT_CAP).catch(async (err) => {
        if (!queue || !isUnreachable(err)) throw err;
        const [kept] = await Promise.all([flashcardsApi.due(DUE_REVIEW_LIMIT), queue.ready]);
        const now = Date.now();
        return kept.filter((card) => queue.dueAt(card) <= now);
      }),
    [queue],
  );
  const due = load.phase === 'loaded' ? load.data.length : null;
  const failed = load.phase === 'error';

  function startReview() {
    if (!due) {
      toast.info('Aucune carte due pour révision trouvée !');
      return;
    }
    void starter.start({ selection: { due_only: true }, conceptIds: [], settings: dueSessionSettings(due), failure: DUE_START_ERROR });
  }

  return (
    <div className="card flex flex-wrap items-center justify-between gap-4 border-nebula-500/40">
      <div>
        <h2 className="text-lg font-semibold">Révision FSRS</h2>
        <p className="text-slate-300" data-testid="due-count">
          {failed ? 'Erreur' : due === null ? 'Chargement...' : `${due >= DUE_COUNT_CAP ? `${DUE_COUNT_CAP}+` : due} carte(s) à réviser aujourd'hui`}
        </p>
      </div>
      <button type="button" className="btn-primary" disabled={starter.starting || due === null} onClick={startReview}>
        Commencer la révision
      </button>
    </div>
  );
}
