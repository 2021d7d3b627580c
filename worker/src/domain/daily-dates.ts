/**
 * Daily-note dates: `yyyy-MM-dd` in the user's own calendar. Pure and clock-free: the
 * browser decides what "today" is (its own time zone), the server only checks the shape.
 */
const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const INVALID_DATE = 'La date doit être une date réelle au format AAAA-MM-JJ.';

/** Whether `value` is a real calendar date written yyyy-MM-dd (2026-02-30 and 26-1-1 are not). */
export function isNoteDate(value: string): boolean {
  const m = DATE_SHAPE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The date `days` later (negative: earlier). */
export function shiftNoteDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return shifted.toISOString().slice(0, 10);
}

/** A local Date's calendar day as yyyy-MM-dd (the browser's time zone, never UTC). */
export function localNoteDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The long French form of a date: « mercredi 25 novembre 2026 ». */
export function longFrenchDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // Made once: building a DateTimeFormat costs far more than formatting with it (the drawer lists several dates).
  longFormat ??= new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return longFormat.format(new Date(Date.UTC(y, m - 1, d)));
}
let longFormat: Intl.DateTimeFormat | undefined;
