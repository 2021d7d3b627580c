/**
 * Which of the screen's answers came from this device's offline copies (the service
 * worker gives a saved copy back when the server cannot be reached) and how old the oldest
 * of them is, so the screen can say 'Enregistré il y a 3 h'. Reset on every navigation.
 */
import { OFFLINE_READS_CACHE, SAVED_AT_HEADER } from './offline-names';

let oldest: number | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Called with every API answer: one carrying the saved-at mark is an offline copy. */
export function noteAnswer(res: Response): void {
  const savedAt = Number(res.headers.get(SAVED_AT_HEADER));
  if (!savedAt || (oldest !== null && oldest <= savedAt)) return;
  oldest = savedAt;
  emit();
}

export function resetShownCopies(): void {
  if (oldest === null) return;
  oldest = null;
  emit();
}

/** When the oldest offline copy on screen was saved (ms), or null when all came from the server. */
export const shownCopySavedAt = (): number | null => oldest;

export function onShownCopies(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** 'Enregistré il y a 3 h' (à l'instant, min, h, j). */
export function savedAgoText(savedAt: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - savedAt) / 60_000));
  if (minutes < 1) return "Enregistré à l'instant";
  if (minutes < 60) return `Enregistré il y a ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Enregistré il y a ${hours} h`;
  return `Enregistré il y a ${Math.floor(hours / 24)} j`;
}

/** Logout: the read copies go with the person (nothing of theirs stays on a shared device). */
export async function forgetReadCopies(): Promise<void> {
  resetShownCopies();
  await globalThis.caches?.delete(OFFLINE_READS_CACHE).catch(() => false);
}
