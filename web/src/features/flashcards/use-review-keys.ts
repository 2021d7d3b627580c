/**
 * The keys of a review screen. Each hook listens from mount to unmount and reads whether it
 * is live, and what to do, as of the screen's last commit (set in a layout effect, before the
 * browser paints or takes the next key): a key pressed the moment a dialog closes or a card
 * appears is never lost to a listener still waiting to be attached after the paint.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Rating } from '../../api/flashcards';
import { ratingKey, typingIn } from './ratings';

/** Keeps `value` as of the last commit, for listeners that outlive renders. */
function useCommitted<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** A window keydown listener for the component's lifetime. */
function useKeydown(onKey: (event: KeyboardEvent) => void) {
  const handler = useCommitted(onKey);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => handler.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [handler]);
}

/** Space reveals the answer, 1-4 rate it: shared by the review dialog and study sessions. */
export function useReviewKeys(active: boolean, revealed: boolean, onReveal: () => void, onRate: (rating: Rating) => void) {
  useKeydown((event) => {
    if (!active) return;
    const action = ratingKey(event);
    if (!action) return;
    if ('reveal' in action) {
      event.preventDefault();
      if (!revealed) onReveal();
    } else if (revealed) {
      event.preventDefault();
      onRate(action.rating);
    }
  });
}

/**
 * Letter shortcuts of a review screen: each key of `keys` (lower case: 'u', 's',
 * 'b', '?') runs its action, unless the person is typing in a field or holds a modifier.
 */
export function useShortcutKeys(active: boolean, keys: Record<string, () => void>) {
  useKeydown((event) => {
    if (!active || typingIn(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    const action = keys[event.key.toLowerCase()];
    if (!action) return;
    event.preventDefault();
    action();
  });
}
