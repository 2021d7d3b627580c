/**
 * Constellation rules (spec document 2 §5 and §9), shared by the manager dialog and the API.
 * The icon limit counts characters as a person sees them (grapheme clusters), so one emoji,
 * even a family or a flag made of several code points, counts as one.
 */

export const DEFAULT_CONSTELLATION_COLOR = '#4e337c';
export const ICON_MAX_GRAPHEMES = 5;
export const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export const CONSTELLATION_MESSAGES = {
  name: 'Le nom de la constellation est obligatoire.',
  icon: `L'icône ne peut pas dépasser ${ICON_MAX_GRAPHEMES} caractères.`,
  color: 'La couleur doit être au format #RRGGBB.',
} as const;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function countGraphemes(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

export function isValidConstellationName(name: string): boolean {
  return name.trim().length > 0;
}

export function isValidConstellationIcon(icon: string): boolean {
  return countGraphemes(icon.trim()) <= ICON_MAX_GRAPHEMES;
}

export function isValidConstellationColor(color: string): boolean {
  return COLOR_PATTERN.test(color);
}

export interface ConstellationDraft {
  name: string;
  icon?: string | null;
  color?: string | null;
}

/** Every rule the draft breaks, as `{field, message}`; empty when it may be saved. */
export function constellationProblems(draft: ConstellationDraft): { field: 'name' | 'icon' | 'color'; message: string }[] {
  const problems: { field: 'name' | 'icon' | 'color'; message: string }[] = [];
  if (!isValidConstellationName(draft.name)) problems.push({ field: 'name', message: CONSTELLATION_MESSAGES.name });
  if (draft.icon && !isValidConstellationIcon(draft.icon)) problems.push({ field: 'icon', message: CONSTELLATION_MESSAGES.icon });
  if (draft.color && !isValidConstellationColor(draft.color)) problems.push({ field: 'color', message: CONSTELLATION_MESSAGES.color });
  return problems;
}
