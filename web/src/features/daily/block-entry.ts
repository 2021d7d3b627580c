/**
 * Entering a block before its editor has loaded. /daily shows the stored blocks at once
 * (light renderer, no editor code) and loads the editor after; a person who clicks into a
 * stored block and types meanwhile loses nothing: the click's place (as a count of text
 * characters into the block) and the keys typed are kept here, and the block's editor, once
 * ready, puts the caret there and types them. No editor code here either.
 */
export interface PendingEntry {
  /** The block's uid. */
  uid: string;
  /** Characters of text before the caret, in the block. */
  offset: number;
  /** What was typed since ('\n' for Enter). */
  typed: string;
}

/** What a key typed into a stored block does to the waiting text (null: the key is not kept). */
export function typedWith(typed: string, key: string, modified: boolean): string | null {
  if (modified) return null;
  if (key === 'Enter') return `${typed}\n`;
  if (key === 'Backspace') return typed.slice(0, -1);
  return [...key].length === 1 ? typed + key : null;
}

/** The one entry of a page: set by the stored blocks, taken once by the block's editor. */
export class BlockEntry {
  private pending: PendingEntry | null = null;

  begin(uid: string, offset: number): void {
    this.pending = { uid, offset, typed: '' };
  }

  /** A key typed in block `uid` while it waits; answers whether the key was kept. */
  key(uid: string, key: string, modified: boolean): boolean {
    if (!this.pending || this.pending.uid !== uid) return false;
    const typed = typedWith(this.pending.typed, key, modified);
    if (typed === null) return false;
    this.pending.typed = typed;
    return true;
  }

  /** The entry for block `uid`, once. */
  take(uid: string): PendingEntry | null {
    if (this.pending?.uid !== uid) return null;
    const entry = this.pending;
    this.pending = null;
    return entry;
  }
}
