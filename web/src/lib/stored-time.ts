/**
 * Moments kept in this browser's local storage (milliseconds since the epoch): when a
 * banner was last answered 'later', when the last backup was made. Without storage (a
 * private window refusing it) nothing is remembered and the banner simply comes back.
 */
export const DAY_MS = 86_400_000;

export function readTime(name: string): number | null {
  try {
    const value = Number(localStorage.getItem(name));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function writeTime(name: string, value: number): void {
  try {
    localStorage.setItem(name, String(value));
  } catch {
    // no storage: nothing is remembered
  }
}
