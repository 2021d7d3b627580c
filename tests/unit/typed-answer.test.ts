import { describe, expect, it } from 'vitest';
import { compareTypedAnswer } from '@domain/typed-answer';

const show = (parts: { kind: string; text: string }[]) => parts.map((p) => (p.kind === 'good' ? p.text : `${p.kind}(${p.text})`)).join('');

describe('typed answer compared character by character', () => {
  it('is correct when every character matches, spaces at the ends and doubled inside not counting', () => {
    const result = compareTypedAnswer('Lima', '  Lima ');
    expect(result).toEqual({ correct: true, typed: [{ kind: 'good', text: 'Lima' }], expected: [{ kind: 'good', text: 'Lima' }] });
    expect(compareTypedAnswer('mer du Nord', 'mer  du Nord').correct).toBe(true);
  });

  it('marks an extra character on the typed line only, and a missing one on the expected line only', () => {
    const extra = compareTypedAnswer('Paris', 'Parris');
    expect([extra.correct, show(extra.typed), show(extra.expected)]).toEqual([false, 'Parbad(r)is', 'Paris']);
    const missing = compareTypedAnswer('Paris', 'Pars');
    expect([missing.correct, show(missing.typed), show(missing.expected)]).toEqual([false, 'Pars', 'Parmissing(i)s']);
  });

  it('marks a wrong character as wrong where typed and missing where expected', () => {
    const wrong = compareTypedAnswer('Lima', 'Lema');
    expect([show(wrong.typed), show(wrong.expected)]).toEqual(['Lbad(e)ma', 'Lmissing(i)ma']);
  });

  it('counts case and accents by default, as Anki does', () => {
    const result = compareTypedAnswer('État', 'etat');
    expect(result.correct).toBe(false);
    expect([show(result.typed), show(result.expected)]).toEqual(['bad(e)tat', 'missing(É)tat']);
  });

  it('with tolerance, case and accents do not count but other letters still do, and the card’s own spelling is shown', () => {
    const result = compareTypedAnswer('État', 'etat', { tolerant: true });
    expect(result).toEqual({ correct: true, typed: [{ kind: 'good', text: 'etat' }], expected: [{ kind: 'good', text: 'État' }] });
    expect(compareTypedAnswer('Ça', 'CA', { tolerant: true }).correct).toBe(true);
    expect(compareTypedAnswer('État', 'etats', { tolerant: true }).correct).toBe(false);
  });

  it('treats an accent typed as a combining mark as the accented letter', () => {
    expect(compareTypedAnswer('café', 'cafe\u0301').correct).toBe(true);
  });

  it('shows the whole answer as missing when nothing was typed, and leaves sound links out of the answer', () => {
    const empty = compareTypedAnswer('Lima', '');
    expect([empty.correct, empty.typed, show(empty.expected)]).toEqual([false, [], 'missing(Lima)']);
    expect(compareTypedAnswer('Lima\n[🔊 lima.mp3](/api/v1/files/lima.mp3)', 'Lima').correct).toBe(true);
  });
});
