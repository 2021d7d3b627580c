/**
 * Mastery display rules (spec document 2 'Mastery colour rules', document 1 §2 concept
 * card): a mastery level from 0 to 1 is shown as a rounded percentage and coloured by
 * bucket. A concept without reviewed cards has no level (null) and shows as 0 %.
 */

export type MasteryBucket = 'red' | 'orange' | 'yellow' | 'lightGreen' | 'blue';

/** Only red's value is given by the spec; the others are chosen to read well on the dark theme. */
export const MASTERY_COLORS: Record<MasteryBucket, string> = {
  red: '#FF3333',
  orange: '#FF9933',
  yellow: '#FFD633',
  lightGreen: '#90EE90',
  blue: '#3399FF',
};

/** The level as a number in [0, 1]; null, NaN and out-of-range values are brought inside. */
export function clampMastery(level: number | null | undefined): number {
  if (level === null || level === undefined || !Number.isFinite(level)) return 0;
  return Math.min(1, Math.max(0, level));
}

export function masteryBucket(level: number | null | undefined): MasteryBucket {
  const value = clampMastery(level);
  if (value < 0.25) return 'red';
  if (value < 0.5) return 'orange';
  if (value < 0.75) return 'yellow';
  if (value < 0.9) return 'lightGreen';
  return 'blue';
}

export function masteryColor(level: number | null | undefined): string {
  return MASTERY_COLORS[masteryBucket(level)];
}

/** Rounded percentage, 0 to 100. */
export function masteryPercent(level: number | null | undefined): number {
  return Math.round(clampMastery(level) * 100);
}

/** The card tooltip: 'Maîtrise: {n}%'. */
export function masteryLabel(level: number | null | undefined): string {
  return `Maîtrise: ${masteryPercent(level)}%`;
}
