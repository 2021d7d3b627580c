/**
 * The knowledge graph's last layout, kept in this browser (localStorage) so that coming
 * back to /graph starts from the picture the person saw last time (layout-start.ts). Only
 * concept ids and positions are kept, under the person's id; logging out removes it with
 * the other offline copies (lib/offline-copies.ts).
 */
import { GRAPH_LAYOUT_KEY } from '../../lib/offline-copies';
import { isKeptLayout, type KeptLayout } from './layout-start';

/** The layout this browser kept for `userId`, if any. */
export function readKeptLayout(userId: number): KeptLayout | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(GRAPH_LAYOUT_KEY) ?? 'null');
    return isKeptLayout(value) && value.userId === userId ? value : null;
  } catch {
    return null;
  }
}

/** Keeps a layout written out by keptLayoutText (the layout worker does it, off the main thread). */
export function keepLayout(text: string): void {
  try {
    localStorage.setItem(GRAPH_LAYOUT_KEY, text);
  } catch {
    // storage full or refused: the next visit lays the graph out anew
  }
}
