/** Where a click falls in a stored block's text, counted in characters (block-entry.ts). */

/** Characters of text in `root` before the point (`node`, `offset`) of a DOM range. */
export function textOffsetIn(root: Node, node: Node, offset: number): number {
  const range = root.ownerDocument!.createRange();
  range.selectNodeContents(root);
  try {
    range.setEnd(node, offset);
  } catch {
    return root.textContent?.length ?? 0;
  }
  return range.toString().length;
}

/** The text position under a click in `root` (its end when the click is outside any text). */
export function textOffsetAtPoint(root: Element, x: number, y: number): number {
  const doc = root.ownerDocument as Document & { caretPositionFromPoint?(x: number, y: number): { offsetNode: Node; offset: number } | null };
  const position = doc.caretPositionFromPoint?.(x, y);
  const range = position ? null : doc.caretRangeFromPoint?.(x, y);
  const node = position?.offsetNode ?? range?.startContainer;
  const offset = position?.offset ?? range?.startOffset ?? 0;
  if (!node || !root.contains(node)) return root.textContent?.length ?? 0;
  return textOffsetIn(root, node, offset);
}
