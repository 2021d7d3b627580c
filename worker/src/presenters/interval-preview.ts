import type { IntervalPreview } from '../domain/interval-preview';

/** The four rating outcomes as the buttons show them: { "1": { due, interval }, … }, due as ISO text. */
export function presentPreviews(previews: IntervalPreview) {
  const out = {} as Record<'1' | '2' | '3' | '4', { due: string; interval: string }>;
  for (const key of ['1', '2', '3', '4'] as const) {
    const p = previews[Number(key) as 1 | 2 | 3 | 4];
    out[key] = { due: new Date(p.due).toISOString(), interval: p.interval };
  }
  return out;
}
