/** Calls `onSent` whenever fewer of the picked creations wait than before: the server now has them, the screen reads again. */
import { useEffect, useRef } from 'react';
import type { QueuedCreation } from './creation-queue';
import { useCreationQueue, useQueuedCreations } from './use-creation-queue';

export function useOnCreationsSent(pick: (item: QueuedCreation) => boolean, onSent: () => void): void {
  const waiting = useQueuedCreations(useCreationQueue()).filter((item) => item.refused === null && pick(item)).length;
  const before = useRef(waiting);
  useEffect(() => {
    if (waiting < before.current) onSent();
    before.current = waiting;
  }, [waiting, onSent]);
}
