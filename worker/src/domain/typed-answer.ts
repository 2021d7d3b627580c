/**
 * 'Taper la réponse': the typed answer compared with the card's character by character,
 * as Anki's diff view shows it — the typed line with its right and wrong (or extra)
 * characters, the expected line with its right and missing ones. The alignment is a
 * longest common subsequence, so one slip marks one character, not the rest of the line.
 *
 * Both sides are compared trimmed, with runs of spaces as one, in NFC (an accent typed as
 * a combining mark equals the precomposed letter). With `tolerant` (the person's
 * preference), case and accents do not count: 'etat' and 'État' match 'état'.
 */
import { withoutSounds } from './card-speech';

export type DiffKind = 'good' | 'bad' | 'missing';
export interface DiffPart {
  kind: DiffKind;
  text: string;
}
export interface TypedComparison {
  correct: boolean;
  /** What was typed: 'good' or 'bad' (wrong or extra). */
  typed: DiffPart[];
  /** The card's answer: 'good' or 'missing' (not typed, or typed wrong). */
  expected: DiffPart[];
}

/** Beyond this many character pairs the alignment is positional (bounded work on long answers). */
const MAX_CELLS = 1_000_000;

const clean = (text: string) => Array.from(text.normalize('NFC').replace(/\s+/g, ' ').trim());
const fold = (tolerant: boolean) => (ch: string) => (tolerant ? ch.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr') : ch);

function push(parts: DiffPart[], kind: DiffKind, ch: string) {
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += ch;
  else parts.push({ kind, text: ch });
}

/** Longest-common-subsequence table from the ends: lcs[i][j] for typed[i..] and expected[j..]. */
function lcsTable(a: readonly string[], b: readonly string[]): Uint32Array[] {
  const table = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  return table;
}

export function compareTypedAnswer(answer: string, typedText: string, { tolerant = false } = {}): TypedComparison {
  const typed = clean(typedText);
  const expected = clean(withoutSounds(answer));
  const key = fold(tolerant);
  const a = typed.map(key);
  const b = expected.map(key);
  const typedParts: DiffPart[] = [];
  const expectedParts: DiffPart[] = [];
  if (a.length * b.length > MAX_CELLS) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const same = i < a.length && i < b.length && a[i] === b[i];
      if (i < a.length) push(typedParts, same ? 'good' : 'bad', typed[i]!);
      if (i < b.length) push(expectedParts, same ? 'good' : 'missing', expected[i]!);
    }
  } else {
    const lcs = lcsTable(a, b);
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && a[i] === b[j]) {
        push(typedParts, 'good', typed[i++]!);
        push(expectedParts, 'good', expected[j++]!);
      } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) push(expectedParts, 'missing', expected[j++]!);
      else push(typedParts, 'bad', typed[i++]!);
    }
  }
  return { correct: a.join('') === b.join(''), typed: typedParts, expected: expectedParts };
}
