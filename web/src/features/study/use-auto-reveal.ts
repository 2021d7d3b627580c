/**
 * The `auto_advance_cards` preference, as Anki's "auto advance": when on, a question left
 * on screen turns to its answer by itself after AUTO_REVEAL_SECONDS, so a learner can
 * study hands-free until rating; it never rates for them. Returns the seconds left (null
 * when off or not on a question), for the countdown under the button.
 */
import { useEffect, useState } from 'react';
import { AUTO_REVEAL_SECONDS } from '@domain/preferences';

export function useAutoReveal(enabled: boolean, questionKey: number | null, reveal: () => void): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled || questionKey === null) {
      setLeft(null);
      return;
    }
    const shownAt = Date.now();
    setLeft(AUTO_REVEAL_SECONDS);
    const tick = window.setInterval(() => {
      const remaining = AUTO_REVEAL_SECONDS - Math.floor((Date.now() - shownAt) / 1000);
      if (remaining > 0) return setLeft(remaining);
      window.clearInterval(tick);
      setLeft(null);
      reveal();
    }, 250);
    return () => window.clearInterval(tick);
    // `reveal` changes every render; the question shown (its key) is what restarts the count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, questionKey]);
  return left;
}
