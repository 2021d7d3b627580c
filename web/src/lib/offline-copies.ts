/**
 * The offline copies kept in this browser: concept and note content (IndexedDB, one
 * database per live room, named after the user and the document), the screens' read
 * copies (`offline-reads.ts`, kept by the service worker), the knowledge graph's last
 * layout (features/graph/kept-layout.ts), and the signed-in person's profile (so a start
 * without network keeps them signed in). Logging out or an expired session removes them
 * all, so the next person on a shared device cannot read them.
 *
 * Kept free of Yjs so the auth code can call it without loading the editor.
 */
import { forgetReadCopies } from './offline-reads';
import { PENDING_CREATIONS_DB } from './pending-creations';
import { LAST_SYNC_KEY, PENDING_REVIEWS_DB } from './pending-reviews';
import { forgetKeptThroughUpdate } from './update-reload';

export const OFFLINE_COPY_PREFIX = 'astrolabe-u';
const REGISTRY_KEY = 'astrolabe.offline-copies';
const PROFILE_KEY = 'astrolabe.profile';
/** The knowledge graph's last layout (features/graph/kept-layout.ts). */
export const GRAPH_LAYOUT_KEY = 'astrolabe.graph-layout';
/** Composite Flashcards steps finished offline, waiting to be saved (features/study/methods/pending-steps.ts). */
export const PENDING_STEPS_KEY = 'astrolabe.pending-steps';

/** Keeps the profile `GET /api/users/me` answered, for starts without the server. */
export function keepProfile<T extends { id: number }>(profile: T): void {
  try {
    localStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
  } catch {
    // storage refused: the next start without network shows the sign-in page instead
  }
}

/** The kept profile of user `userId`, if this browser holds one. */
export function keptProfile<T extends { id: number }>(userId: number): T | null {
  try {
    const profile = JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null') as T | null;
    return profile && profile.id === userId ? profile : null;
  } catch {
    return null;
  }
}

const open = new Set<() => void>();

function registered(): string[] {
  try {
    const names: unknown = JSON.parse(localStorage.getItem(REGISTRY_KEY) ?? '[]');
    return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

/** Records a database about to be opened; `close` ends its provider before deletion. */
export function trackOfflineCopy(name: string, close: () => void): () => void {
  const names = registered();
  if (!names.includes(name)) localStorage.setItem(REGISTRY_KEY, JSON.stringify([...names, name]));
  open.add(close);
  return () => void open.delete(close);
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = () => resolve();
    // Blocked: a connection is still open elsewhere (another tab); it completes when it closes.
    request.onblocked = () => resolve();
  });
}

/**
 * Closes every open copy, then deletes every copy this browser holds. An expired session
 * keeps what was made offline and not yet sent (`keepPendingReviews`: answers, and the
 * concepts and blocks written, each tagged with its person), for the same person's next
 * sign-in, since nothing warned of their loss; a logout, which warns first, deletes them too.
 */
export async function forgetOfflineCopies({ keepPendingReviews = false } = {}): Promise<void> {
  [...open].forEach((close) => close());
  open.clear();
  const names = new Set(registered());
  // The registry may miss copies made before it existed; the browser's list does not.
  const listed = await indexedDB.databases?.().catch(() => []);
  for (const db of listed ?? []) if (db.name?.startsWith(OFFLINE_COPY_PREFIX)) names.add(db.name);
  localStorage.removeItem(REGISTRY_KEY);
  localStorage.removeItem(PROFILE_KEY);
  localStorage.removeItem(GRAPH_LAYOUT_KEY);
  forgetKeptThroughUpdate();
  if (!keepPendingReviews) {
    names.add(PENDING_REVIEWS_DB);
    names.add(PENDING_CREATIONS_DB);
    localStorage.removeItem(LAST_SYNC_KEY);
    localStorage.removeItem(PENDING_STEPS_KEY);
  }
  await Promise.all([...[...names].map(deleteDatabase), forgetReadCopies()]);
}
