/**
 * True once a frame has been painted after `ready` became true: work that would delay that
 * frame (loading and running more code, more requests) waits for it. A hidden page paints
 * no frame: there it is true at once.
 */
import { useEffect, useState } from 'react';

export function usePaintedAfter(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    if (document.visibilityState === 'hidden') {
      setPainted(true);
      return;
    }
    // requestAnimationFrame runs just before the frame is painted, the timeout after it once it is.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
