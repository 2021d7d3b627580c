/**
 * 'Modifier la flashcard': a card's form in a dialog, open while `card` is set (review
 * screens, the card list, the leech list). An image-occlusion card reopens its image's
 * zone editor ('Modifier les zones') instead.
 */
import type { Flashcard } from '../../api/flashcards';
import { Dialog } from '../../ui/Dialog';
import { FlashcardForm } from './FlashcardForm';
import { OcclusionEditor } from './OcclusionEditor';

export function EditCardDialog({ card, onClose, onSaved }: { card: Flashcard | null; onClose(): void; onSaved(saved: Flashcard): void }) {
  return (
    <Dialog open={card !== null} title={card?.occlusion ? 'Modifier les zones' : 'Modifier la flashcard'} onClose={onClose}>
      {card &&
        (card.occlusion ? (
          // The card itself when its zone was kept, else the image's first card.
          <OcclusionEditor key={card.id} conceptId={card.concept_id} card={card} onSaved={(cards) => cards.length && onSaved(cards.find((c) => c.id === card.id) ?? cards[0]!)} />
        ) : (
          <FlashcardForm conceptId={card.concept_id} card={card} onSaved={onSaved} />
        ))}
    </Dialog>
  );
}
