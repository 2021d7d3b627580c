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

/**
 * The one entry of a page: set by the stored blocks, taken once by the block's editor, which
 * types it on its next turn (`end`): keys typed until then still join it.
 */
export class BlockEntry {
  private pending: PendingEntry | null = null;
  private taken = false;

  begin(uid: string, offset: number): void {
    this.pending = { uid, offset, typed: '' };
    this.taken = false;
  }

  /** A key typed in block `uid` while it waits; answers whether the key was kept. */
  key(uid: string, key: string, modified: boolean): boolean {
    if (!this.pending || this.pending.uid !== uid) return false;
    const typed = typedWith(this.pending.typed, key, modified);
    if (typed === null) return false;
    this.pending.typed = typed;
    return true;
  }

  /** A key typed while the focus is nowhere (the stored block left the page, its editor has not taken the focus yet): it goes to the block entered. */
  keyWhileWaiting(key: string, modified: boolean): boolean {
    return this.pending ? this.key(this.pending.uid, key, modified) : false;
  }

  /** The entry for block `uid`, once. */
  take(uid: string): PendingEntry | null {
    if (this.pending?.uid !== uid || this.taken) return null;
    this.taken = true;
    return this.pending;
  }

  /** The editor typed `entry`: keys go to the editor from now on. */
  end(entry: PendingEntry): void {
    if (this.pending !== entry) return;
    this.pending = null;
    this.taken = false;
  }
}
