/**
 * A card's menu in the card list: suspend or reactivate it, bury it until
 * tomorrow or unbury it, reschedule it, or forget it ('Oublier': a new card again, after a
 * confirmation). What was done stays said beside '↶ Annuler', which takes it back (the
 * server keeps the card as it was).
 */
import { useState } from 'react';
import { flashcardsApi, type Flashcard } from '../../api/flashcards';
import { useToast } from '../../ui/Toasts';
import { errorText } from '../../ui/error-text';
import { CardActionDialogs, type AskedAction } from './CardActionDialogs';
import { actionDone, sendAction, type ManualAction } from './card-actions';

export function CardActions({ card, onChanged, onHistory }: { card: Flashcard; onChanged(): void; onHistory?(): void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<AskedAction>(null);
  /** The last action done here, which '↶ Annuler' takes back. */
  const [done, setDone] = useState<{ cardId: number; text: string } | null>(null);

  async function run(write: () => Promise<unknown>, after: (() => void) | null) {
    setBusy(true);
    try {
      await write();
      after?.();
      onChanged();
    } catch (err) {
      toast.error(errorText(err, 'Action impossible sur cette carte.'));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }
  const act = (action: ManualAction) => run(() => sendAction(card.id, action), () => setDone({ cardId: card.id, text: actionDone(action) }));
  const undo = (cardId: number) => run(() => flashcardsApi.undoAction(cardId), () => setDone(null));
  const buried = card.buried_until !== null && Date.parse(card.buried_until) > Date.now();

  return (
    <div className="space-y-2 text-sm" data-testid="card-actions">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Actions sur la carte">
        <button type="button" className="btn-ghost py-1" disabled={busy} onClick={() => void act(card.suspended ? 'unsuspend' : 'suspend')}>
          {card.suspended ? 'Réactiver' : 'Suspendre'}
        </button>
        <button type="button" className="btn-ghost py-1" disabled={busy} onClick={() => void act(buried ? 'unbury' : 'bury')}>
          {buried ? 'Déterrer' : 'Enterrer'}
        </button>
        <button type="button" className="btn-ghost py-1" disabled={busy} onClick={() => setAsking('reschedule')}>
          Reprogrammer
        </button>
        <button type="button" className="btn-ghost py-1" disabled={busy} onClick={() => setAsking('forget')}>
          Oublier
        </button>
        {onHistory && (
          <button type="button" className="btn-ghost py-1" onClick={onHistory}>
            Historique
          </button>
        )}
      </div>
      {done && (
        <p role="status" className="flex flex-wrap items-center gap-2 text-slate-300">
          {done.text}
          <button type="button" className="btn-ghost py-0.5" disabled={busy} onClick={() => void undo(done.cardId)}>
            ↶ Annuler
          </button>
        </p>
      )}
      <CardActionDialogs asking={asking} busy={busy} onForget={() => void act('forget')} onReschedule={(days) => void act({ reschedule: days })} onCancel={() => setAsking(null)} />
    </div>
  );
}
