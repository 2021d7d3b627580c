/**
 * What a reload into a new build ('Nouvelle version disponible — Recharger') must not
 * lose. Two kinds of unsaved work live on a page:
 *
 * - edits on their way to storage (a room's offline copy being written to IndexedDB, an
 *   edit the room has not stored yet, a daily-note block whose save is debounced): a screen
 *   holds the reload with `holdUpdateReload` until they are written, and the reload waits
 *   for every hold (at most `SAVE_WAIT_MS`, so a dead network never blocks the update);
 * - fields a person has typed and not yet saved with a button (the concept form's title,
 *   tags, notes…): a screen keeps them with `keepThroughUpdate`; their values are written to
 *   this tab's sessionStorage just before the reload, and the screen takes them back with
 *   `takeKeptThroughUpdate` when it opens again. A kept draft is good for `KEPT_FOR_MS` and
 *   forgotten by a logout, like every offline copy.
 */

export const KEPT_PREFIX = 'astrolabe.kept-through-update.';
/** The longest a reload waits for pending saves. */
export const SAVE_WAIT_MS = 5000;
/** A kept draft older than this (the reload never happened, or long ago) is not restored. */
export const KEPT_FOR_MS = 10 * 60_000;

/** sessionStorage's part used here (memory in the unit tests). */
interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

const keepers = new Map<string, () => unknown>();
const holds = new Set<() => Promise<unknown>>();

const sessionStore = (): Storage | null => {
  try {
    return (globalThis as { sessionStorage?: Storage }).sessionStorage ?? null;
  } catch {
    return null;
  }
};

/** Until the returned function is called, `read()` (undefined: nothing to keep) is kept through an update's reload under `key`. */
export function keepThroughUpdate(key: string, read: () => unknown): () => void {
  keepers.set(key, read);
  return () => {
    if (keepers.get(key) === read) keepers.delete(key);
  };
}

/** Until the returned function is called, an update's reload first waits for `task` (pending saves written). */
export function holdUpdateReload(task: () => Promise<unknown>): () => void {
  holds.add(task);
  return () => void holds.delete(task);
}

/** The value kept under `key` by the last update's reload, once (it is removed); undefined when none or too old. */
export function takeKeptThroughUpdate<T>(key: string, storage: Storage | null = sessionStore(), now = Date.now()): T | undefined {
  const raw = storage?.getItem(KEPT_PREFIX + key);
  if (raw === null || raw === undefined) return undefined;
  storage!.removeItem(KEPT_PREFIX + key);
  try {
    const kept = JSON.parse(raw) as { at: number; value: T };
    return now - kept.at <= KEPT_FOR_MS ? kept.value : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets every kept draft (a logout). */
export function forgetKeptThroughUpdate(storage: Storage | null = sessionStore()): void {
  if (!storage) return;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(KEPT_PREFIX)) keys.push(key);
  }
  keys.forEach((key) => storage.removeItem(key));
}

/**
 * Before the page reloads into a new build: every kept field is written first (synchronous,
 * so it happens even if a save never ends), then every hold is awaited, at most `waitMs`.
 */
export async function prepareForUpdateReload({ storage = sessionStore(), waitMs = SAVE_WAIT_MS, now = Date.now() } = {}): Promise<void> {
  for (const [key, read] of keepers) {
    let value: unknown;
    try {
      value = read();
    } catch {
      continue;
    }
    if (value === undefined) continue;
    try {
      storage?.setItem(KEPT_PREFIX + key, JSON.stringify({ at: now, value }));
    } catch {
      // A full storage: the holds below still get their saves written.
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = Promise.allSettled([...holds].map((task) => Promise.resolve().then(task)));
  await Promise.race([waited, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

/** The update's state, seen by the banner: none, a new build waiting, or its reload waiting for pending saves. */
export type UpdatePhase = 'none' | 'waiting' | 'saving';

let phase: UpdatePhase = 'none';
let activate: (() => Promise<void>) | null = null;
const phaseListeners = new Set<() => void>();

const setPhase = (next: UpdatePhase) => {
  phase = next;
  phaseListeners.forEach((listener) => listener());
};

/** A new build is installed and waiting; `activateNew` makes it take the page, which then reloads. */
export function announceUpdate(activateNew: () => Promise<void>): void {
  activate = activateNew;
  if (phase === 'none') setPhase('waiting');
}

export const updatePhase = (): UpdatePhase => phase;

export function onUpdatePhase(listener: () => void): () => void {
  phaseListeners.add(listener);
  return () => void phaseListeners.delete(listener);
}

/** 'Recharger': keeps the typed fields, waits for pending saves, then activates the new build (once, whatever the clicks). */
export async function reloadIntoUpdate(options?: Parameters<typeof prepareForUpdateReload>[0]): Promise<void> {
  if (phase !== 'waiting' || !activate) return;
  setPhase('saving');
  await prepareForUpdateReload(options);
  await activate();
}
