/**
 * The shell's sync indicator: '3 modifications en attente' while answers given
 * offline and concepts or note blocks created offline wait to be sent, with the last sync
 * time, then 'Modifications synchronisées' for a moment once nothing waits; creations the
 * server refused stay counted on their own line until the person discards them. It also
 * drives the uploads: at start, whenever the server is back in reach, and while something
 * waits again after 2 s, 5 s, 10 s, then every 30 s. After a good upload of answers it reads the due cards again, so the
 * service worker keeps a fresh copy for the next review offline.
 */
import { useEffect, useRef, useState } from 'react';
import { flashcardsApi } from '../../api/flashcards';
import { useAuth } from '../../ui/auth-context';
import { DUE_REVIEW_LIMIT, pendingText } from './review-queue';
import { refusedText } from '../offline/creation-queue';
import { useReviewQueue, useSyncState } from './use-review-queue';
import { useCreationQueue, useCreationState } from '../offline/use-creation-queue';
import { retryDelay } from '../../lib/retry-delay';

const SYNCED_SHOWN_MS = 8_000;

/** 'le 26/11/2026 à 05:12', or 'à 05:12' today. */
export function syncTimeText(ms: number, now = Date.now()): string {
  const at = new Date(ms);
  const hour = at.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === new Date(now).toDateString() ? `à ${hour}` : `le ${at.toLocaleDateString('fr-FR')} à ${hour}`;
}

export function SyncStatus() {
  const { offline } = useAuth();
  const queue = useReviewQueue();
  const creations = useCreationQueue();
  const answers = useSyncState(queue);
  const made = useCreationState(creations);
  const pending = answers.pending + made.pending;
  const syncing = answers.syncing || made.syncing;
  const lastSync = Math.max(answers.lastSync ?? 0, made.lastSync ?? 0) || null;
  const waiting = pending > 0;
  const [justSynced, setJustSynced] = useState(false);
  const hadPending = useRef(false);

  useEffect(() => {
    if (!queue || !creations || offline) return;
    const upload = () => {
      void queue
        .upload()
        // What the person saw last stays readable offline: the due cards as they now stand.
        .then(() => flashcardsApi.due(DUE_REVIEW_LIMIT))
        .catch(() => undefined);
      void creations.upload().catch(() => undefined);
    };
    upload();
    window.addEventListener('online', upload);
    let tries = 0;
    let timer: number | undefined;
    const retry = () => {
      timer = window.setTimeout(() => {
        upload();
        tries += 1;
        retry();
      }, retryDelay(tries));
    };
    if (waiting) retry();
    return () => {
      window.removeEventListener('online', upload);
      window.clearTimeout(timer);
    };
  }, [queue, creations, offline, waiting]);

  // The queue emptied while shown: say so for a moment.
  useEffect(() => {
    if (waiting) hadPending.current = true;
    else if (hadPending.current) {
      hadPending.current = false;
      setJustSynced(true);
      const timer = window.setTimeout(() => setJustSynced(false), SYNCED_SHOWN_MS);
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [waiting]);

  if (!waiting && !justSynced && !made.refused) return null;
  return (
    <div role="status" data-testid="sync-status" className="border-b border-sky-600/40 bg-sky-950/60 px-4 py-1.5 text-xs text-sky-100">
      {(waiting || justSynced) && (
        <p>
          {waiting
            ? `${pendingText(pending)}${syncing ? ' — envoi…' : ''} — ${lastSync ? `dernière synchronisation ${syncTimeText(lastSync)}` : 'jamais synchronisé sur cet appareil'}`
            : `Modifications synchronisées ${lastSync ? syncTimeText(lastSync) : ''}`.trim()}
        </p>
      )}
      {made.refused > 0 && <p className="text-amber-200">{refusedText(made.refused)}</p>}
    </div>
  );
}
