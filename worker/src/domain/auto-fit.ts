/**
 * Automatic optimisation of a person's FSRS parameters: when the page may fit
 * them again on its own. The server keeps the last fit (when, on how many reviews, the log
 * loss before and after), so every device asks the same question and gets the same answer;
 * the page adds what only it knows (a study session on screen, the platform's battery and
 * data-saving signals).
 *
 * Pure: no I/O, no clock.
 */

/** Fewer reviews than this: nothing to learn from (the optimizer's own minimum). */
export const AUTO_FIT_MIN_REVIEWS = 400;
/** A fit is renewed after this many days… */
export const AUTO_FIT_MIN_DAYS = 30;
/** …or after this many reviews since it, whichever comes first. */
export const AUTO_FIT_NEW_REVIEWS = 1000;
/** On battery below this charge, the page does not train (no platform exposes 'battery saver' itself). */
export const AUTO_FIT_LOW_BATTERY = 0.2;

const DAY_MS = 86_400_000;

export interface LastFit {
  /** ms since the epoch. */
  at: number;
  /** The person's review count when it was fitted. */
  reviewCount: number;
}

/**
 * Whether the parameters are due for an automatic fit: the switch is on, the person has at
 * least AUTO_FIT_MIN_REVIEWS reviews, and either they were never fitted, or the last fit is
 * AUTO_FIT_MIN_DAYS old, or AUTO_FIT_NEW_REVIEWS reviews were given since.
 */
export function autoFitDue(input: { enabled: boolean; reviewCount: number; lastFit: LastFit | null; now: number }): boolean {
  const { enabled, reviewCount, lastFit, now } = input;
  if (!enabled || reviewCount < AUTO_FIT_MIN_REVIEWS) return false;
  if (!lastFit) return true;
  return now - lastFit.at >= AUTO_FIT_MIN_DAYS * DAY_MS || reviewCount - lastFit.reviewCount >= AUTO_FIT_NEW_REVIEWS;
}

/** Pages where the person is studying (a session, a method, the review screens): the page never trains there. */
export function isStudyPath(pathname: string): boolean {
  return /^\/(study\/(session|method)(\/|$)|flashcards\/?$|concepts\/[^/]+\/flashcards\/review\/?$)/.test(pathname);
}

export interface DeviceSignals {
  studying: boolean;
  /** navigator.connection.saveData, when the platform exposes it. */
  saveData?: boolean | undefined;
  /** navigator.getBattery(), when the platform exposes it. */
  battery?: { charging: boolean; level: number } | null | undefined;
}

/** Why the page must not train now, or null when it may. */
export function autoFitHeldBack(signals: DeviceSignals): 'studying' | 'save-data' | 'battery' | null {
  if (signals.studying) return 'studying';
  if (signals.saveData) return 'save-data';
  if (signals.battery && !signals.battery.charging && signals.battery.level <= AUTO_FIT_LOW_BATTERY) return 'battery';
  return null;
}
