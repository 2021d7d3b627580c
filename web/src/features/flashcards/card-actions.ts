/**
 * A card's actions by hand as the screens send them: suspend, unsuspend, bury
 * until tomorrow, unbury, forget ('Oublier': a new card again) or reschedule in N days; and
 * the sentence that says each was done. The server keeps the card as it was, so
 * `flashcardsApi.undoAction` takes the last one back.
 */
import { flashcardsApi, type CardAction } from '../../api/flashcards';

export type ManualAction = CardAction | { reschedule: number };

export const sendAction = (cardId: number, action: ManualAction) =>
  typeof action === 'string' ? flashcardsApi.act(cardId, action) : flashcardsApi.reschedule(cardId, action.reschedule);

const DONE: Record<CardAction, string> = {
  suspend: 'Carte suspendue.',
  unsuspend: 'Carte réactivée.',
  bury: 'Carte enterrée jusqu’à demain.',
  unbury: 'Carte déterrée.',
  forget: 'Carte oubliée : elle redevient nouvelle.',
};

export function actionDone(action: ManualAction): string {
  if (typeof action === 'string') return DONE[action];
  const days = action.reschedule;
  return days === 0 ? 'Carte reprogrammée pour aujourd’hui.' : `Carte reprogrammée dans ${days} jour${days > 1 ? 's' : ''}.`;
}
