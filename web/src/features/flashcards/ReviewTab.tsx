/** The 'Réviser' tab: the cards in the viewer, a review button, and edit / delete of the shown card. */
import { useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { TOAST_FLASHCARD_MS, useToast } from '../../ui/Toasts';
import { errorText } from '../../ui/error-text';
import { flashcardsApi, type Flashcard } from '../../api/flashcards';
import { FlashcardViewer } from './FlashcardViewer';
import { ReviewDialog } from './ReviewDialog';
import type { useFlashcards } from './use-flashcards';
import { EditCardDialog } from './EditCardDialog';

export function ReviewTab({ conceptId, state, onStudyChanged }: { conceptId?: number; state: ReturnType<typeof useFlashcards>; onStudyChanged?(): void }) {
  const toast = useToast();
  const [reviewing, setReviewing] = useState(false);
  const [editing, setEditing] = useState<Flashcard | null>(null);
  const { cards, error, reload } = state;

  async function remove(card: Flashcard) {
    if (!window.confirm('Supprimer cette flashcard ?')) return;
    try {
      await flashcardsApi.remove(card.id);
      toast.success('Flashcard supprimée.', TOAST_FLASHCARD_MS);
      reload();
    } catch (err) {
      toast.error(`Erreur: ${errorText(err, 'Une erreur est survenue')}`, TOAST_FLASHCARD_MS);
    }
  }

  if (error) return <p role="alert" className="text-red-300">{error}</p>;
  if (!cards) return <Spinner />;
  return (
    <div className="space-y-4">
      <FlashcardViewer
        cards={cards}
        onEdit={conceptId !== undefined ? setEditing : undefined}
        onDelete={(c) => void remove(c)}
        onChanged={() => {
          reload();
          onStudyChanged?.();
        }}
      />
      <button type="button" className="btn-primary" onClick={() => setReviewing(true)}>
        {conceptId !== undefined ? 'Réviser les flashcards' : 'Réviser les cartes dues'}
      </button>
      <ReviewDialog open={reviewing} conceptId={conceptId} onClose={() => setReviewing(false)} onReviewed={() => {
          reload();
          onStudyChanged?.();
        }}
      />
      <EditCardDialog
        card={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </div>
  );
}
