/** 'Modifier la flashcard': a card's form in a dialog, open while `card` is set (review screens, the card list, the leech list). */
import type { Flashcard } from '../../api/flashcards';
import { Dialog } from '../../ui/Dialog';
import { FlashcardForm } from './FlashcardForm';

export function EditCardDialog({ card, onClose, onSaved }: { card: Flashcard | null; onClose(): void; onSaved(saved: Flashcard): void }) {
  return (
    <Dialog open={card !== null} title="Modifier la flashcard" onClose={onClose}>
      {card && <FlashcardForm conceptId={card.concept_id} card={card} onSaved={onSaved} />}
    </Dialog>
  );
}
