/** One card at a time; a click flips it; Précédent / Suivant wrap around (spec document 2 §2). */
import { useEffect, useState } from 'react';
import type { Flashcard } from '../../api/flashcards';
import { CardActions } from './CardActions';
import { withoutSounds } from '@domain/card-speech';
import { CardHistoryDialog } from './CardHistoryDialog';
import { CardText } from './CardSide';

interface Props {
  cards: Flashcard[];
  onEdit?(card: Flashcard): void;
  onDelete?(card: Flashcard): void;
  /** When given, the shown card's menu (suspend, bury, reschedule, forget) is offered; runs after an action. */
  onChanged?(): void;
}

export function FlashcardViewer({ cards, onEdit, onDelete, onChanged }: Props) {
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  useEffect(() => {
    if (index >= cards.length) setIndex(0);
  }, [cards.length, index]);
  if (cards.length === 0) return <p className="py-6 text-center text-slate-400">Aucune flashcard disponible.</p>;
  const card = cards[Math.min(index, cards.length - 1)]!;
  const move = (step: number) => {
    setFlipped(false);
    setIndex((i) => (i + step + cards.length) % cards.length);
  };
  return (
    <div className="space-y-3">
      <button
        type="button"
        className={`flex min-h-40 w-full flex-col items-center justify-center rounded-xl border p-6 text-center transition ${flipped ? 'border-emerald-600/50 bg-emerald-950/30' : 'border-space-600 bg-space-800'}`}
        onClick={() => setFlipped((f) => !f)}
      >
        <span className="mb-2 text-xs uppercase tracking-wide text-slate-400">{flipped ? 'Réponse' : 'Question'}</span>
        <span className="whitespace-pre-wrap text-lg" data-testid="viewer-face">
          <CardText text={withoutSounds(flipped ? card.answer : card.question)} plain />
        </span>
        {card.concept_title && <span className="mt-3 text-xs text-nebula-400">{card.concept_title}</span>}
        {card.suspended && <span className="mt-2 rounded bg-amber-900/60 px-2 py-0.5 text-xs text-amber-200">Suspendue</span>}
        {/* The visible face is the button's name; what a press does follows it. */}
        <span className="sr-only">{flipped ? ', cliquer pour voir la question' : ', cliquer pour voir la réponse'}</span>
      </button>
      <div className="flex items-center justify-between">
        <button type="button" className="btn-ghost" onClick={() => move(-1)}>
          Précédent
        </button>
        <span className="text-sm text-slate-300" data-testid="viewer-counter">
          {index + 1} / {cards.length}
        </span>
        <button type="button" className="btn-ghost" onClick={() => move(1)}>
          Suivant
        </button>
      </div>
      {onChanged && <CardActions card={card} onChanged={onChanged} onHistory={() => setHistoryOf(card.id)} />}
      <CardHistoryDialog cardId={historyOf} onClose={() => setHistoryOf(null)} />
      {(onEdit || onDelete) && (
        <div className="flex justify-end gap-3 text-sm">
          {onEdit && (
            <button type="button" className="text-nebula-400 hover:underline" onClick={() => onEdit(card)}>
              {card.occlusion ? 'Modifier les zones' : 'Modifier'}
            </button>
          )}
          {onDelete && (
            <button type="button" className="text-red-300 hover:underline" onClick={() => onDelete(card)}>
              Supprimer
            </button>
          )}
        </div>
      )}
    </div>
  );
}
