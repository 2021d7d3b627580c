/** Space reveals the answer, 1-4 rate it: shared by the review dialog and study sessions. */
import { useEffect, useRef } from 'react';
import type { Rating } from '../../api/flashcards';
import { ratingKey } from './ratings';

export function useReviewKeys(active: boolean, revealed: boolean, onReveal: () => void, onRate: (rating: Rating) => void) {
  const latest = useRef({ revealed, onReveal, onRate });
  latest.current = { revealed, onReveal, onRate };
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      const action = ratingKey(event);
      if (!action) return;
      const { revealed: shown, onReveal: reveal, onRate: rate } = latest.current;
      if ('reveal' in action) {
        event.preventDefault();
        if (!shown) reveal();
      } else if (shown) {
        event.preventDefault();
        rate(action.rating);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
