/**
 * 'Créer une carte à trous': a cloze card from a selection in the editor. The
 * question is the sentence holding the selection with the selection blanked; the answer is
 * the selection. Pure, shared by the page and its tests.
 */
export const CLOZE_BLANK = '_____';

export interface ClozeCard {
  question: string;
  answer: string;
}

/** Where the sentence around [from, to) of `text` starts and ends (ends after its closing punctuation). */
function sentenceAround(text: string, from: number, to: number): [number, number] {
  let start = 0;
  for (const m of text.slice(0, from).matchAll(/[.!?…]+["»”)]?\s+/gu)) start = m.index! + m[0].length;
  const after = /[.!?…]+(?=["»”)]?(\s|$))/u.exec(text.slice(to));
  const end = after ? to + after.index + after[0].length : text.length;
  return [start, end];
}

/**
 * The cloze card of the selection [from, to) in a block's text; null when the selection is
 * blank or is the whole sentence (nothing would be left to read around the blank).
 */
export function clozeFromSelection(text: string, from: number, to: number): ClozeCard | null {
  const answer = text.slice(from, to).trim();
  if (!answer) return null;
  const [start, end] = sentenceAround(text, from, to);
  const before = text.slice(start, from);
  const after = text.slice(to, end);
  if (!before.trim() && !after.replace(/[.!?…\s]/gu, '')) return null;
  // Spaces the selection took at its edges stay around the blank.
  const lead = text.slice(from, to).match(/^\s*/u)![0];
  const trail = text.slice(from, to).match(/\s*$/u)![0];
  return { question: `Complétez : « ${`${before}${lead}${CLOZE_BLANK}${trail}${after}`.trim()} »`, answer };
}
