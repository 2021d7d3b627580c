/**
 * The offline copies of concept content kept in this browser (IndexedDB, one database per
 * live room, named after the user and the concept). Logging out or an expired session
 * removes them all, so the next person on a shared device cannot read them.
 *
 * Kept free of Yjs so the auth code can call it without loading the editor.
 */
export const OFFLINE_COPY_PREFIX = 'astrolabe-u';
const REGISTRY_KEY = 'astrolabe.offline-copies';

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

/** Closes every open copy, then deletes every copy this browser holds. */
export async function forgetOfflineCopies(): Promise<void> {
  [...open].forEach((close) => close());
  open.clear();
  const names = new Set(registered());
  // The registry may miss copies made before it existed; the browser's list does not.
  const listed = await indexedDB.databases?.().catch(() => []);
  for (const db of listed ?? []) if (db.name?.startsWith(OFFLINE_COPY_PREFIX)) names.add(db.name);
  localStorage.removeItem(REGISTRY_KEY);
  await Promise.all([...names].map(deleteDatabase));
}
