// Entering a stored daily block before its editor loads (web/src/features/daily/block-entry.ts):
// the keys typed meanwhile are kept, in order, for that block only, and handed over once.
import { describe, expect, it } from 'vitest';
import { BlockEntry, typedWith } from '../../web/src/features/daily/block-entry';

describe('entering a stored block before its editor', () => {
  it('keeps letters, spaces, accents and Enter; Backspace takes the last one back; shortcuts and other keys are not kept', () => {
    let typed = '';
    for (const key of ['V', 'u', ' ', 'é', 'x', 'Backspace', '!', 'Enter', 'ok']) typed = typedWith(typed, key, false) ?? typed;
    expect(typed).toBe('Vu é!\n');
    expect(typedWith('a', 'b', true)).toBeNull();
    expect(typedWith('a', 'ArrowLeft', false)).toBeNull();
    expect(typedWith('a', 'Shift', false)).toBeNull();
  });

  it("hands the click's place and the keys to that block's editor once, and to no other block", () => {
    const entry = new BlockEntry();
    expect(entry.key('a', 'x', false)).toBe(false);
    entry.begin('a', 12);
    expect(entry.key('b', 'x', false)).toBe(false);
    for (const key of 'Vu : ') expect(entry.key('a', key, false)).toBe(true);
    expect(entry.take('b')).toBeNull();
    const taken = entry.take('a')!;
    expect(taken).toEqual({ uid: 'a', offset: 12, typed: 'Vu : ' });
    expect(entry.take('a')).toBeNull();
    // Until the editor types them, keys still join the entry, even with the focus nowhere.
    expect(entry.key('a', 'x', false)).toBe(true);
    expect(entry.keyWhileWaiting('y', false)).toBe(true);
    expect(taken.typed).toBe('Vu : xy');
    entry.end(taken);
    expect(entry.key('a', 'z', false)).toBe(false);
    expect(entry.keyWhileWaiting('z', false)).toBe(false);
    expect(taken.typed).toBe('Vu : xy');
  });

  it('a click in another block starts again there', () => {
    const entry = new BlockEntry();
    entry.begin('a', 3);
    entry.key('a', 'x', false);
    entry.begin('b', 0);
    entry.key('b', 'y', false);
    expect(entry.take('a')).toBeNull();
    expect(entry.take('b')).toEqual({ uid: 'b', offset: 0, typed: 'y' });
  });
});
