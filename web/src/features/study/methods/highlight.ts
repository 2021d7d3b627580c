/** Blurting's comparison: a concept's text cut into pieces, each key item's first occurrence marked. */
import type { ItemRecall } from '@domain/recall-score';

export interface Piece {
  text: string;
  item: ItemRecall | null;
}

/** The line cut around the first occurrence of each item (an item already marked in an earlier line is marked again). */
export function markItems(line: string, items: readonly ItemRecall[]): Piece[] {
  const spans: { start: number; end: number; item: ItemRecall }[] = [];
  // Longer items first, so 'Louis XVI' is marked rather than a shorter item inside it.
  for (const item of [...items].sort((a, b) => b.text.length - a.text.length)) {
    const start = line.indexOf(item.text);
    if (start < 0) continue;
    const end = start + item.text.length;
    if (spans.some((s) => start < s.end && end > s.start)) continue;
    spans.push({ start, end, item });
  }
  spans.sort((a, b) => a.start - b.start);
  const pieces: Piece[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) pieces.push({ text: line.slice(at, span.start), item: null });
    pieces.push({ text: line.slice(span.start, span.end), item: span.item });
    at = span.end;
  }
  if (at < line.length) pieces.push({ text: line.slice(at), item: null });
  return pieces;
}
