/** Space reveals the answer, 1-4 rate it: shared by the review dialog and study sessions. */
import { useEffect, useRef } from 'react';
import type { Rating } from '../../api/flashcards';
import { ratingKey, typingIn } from './ratings';

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

/**
 * Letter shortcuts of a review screen: each key of `keys` (lower case: 'u', 's',
 * 'b', '?') runs its action, unless the person is typing in a field or holds a modifier.
 */
export function useShortcutKeys(active: boolean, keys: Record<string, () => void>) {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (typingIn(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const action = latest.current[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
