import { useEffect, useState } from 'react';

/** Whether the viewport matches a media query, following its changes. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** Small screens get bottom drawers instead of side panels and centred dialogs. */
export const SMALL_SCREEN = '(max-width: 767px)';
/** The system's 'reduce motion' setting. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
