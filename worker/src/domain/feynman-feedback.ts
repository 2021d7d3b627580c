/**
 * Feynman's offline feedback: how an explanation 'as to a 12-year-old' reads.
 * Pure; the page runs it without the network, the common-word list given by the caller
 * (a French word-frequency list: @zxcvbn-ts/language-fr's commonWords, from OpenSubtitles).
 *
 *   - length: words and sentences; too short under 40 words;
 *   - long sentences: over 25 words;
 *   - jargon: words absent from the common list (any inflection of a listed word counts as
 *     common), and the concept's own technical terms used without being explained — a term
 *     is explained when its sentence says what it is ('X est', 'X, c'est', 'X signifie',
 *     'X veut dire', 'X : …', 'appelé X', '…, c'est X', or a parenthesis right after it);
 *     an explained term is not jargon either;
 *   - key terms of the concept never mentioned (domain/recall-score.ts matching).
 * Numbers, names written with a capital inside a sentence and words of 3 letters or fewer
 * are never jargon.
 */
import type { KeyItem } from './flashcard-generator';
import { foldText, mentions, recallTokens, stemWord } from './recall-score';

export const LONG_SENTENCE_WORDS = 25;
export const SHORT_EXPLANATION_WORDS = 40;

export interface FeynmanFeedback {
  wordCount: number;
  sentenceCount: number;
  tooShort: boolean;
  /** Sentences over LONG_SENTENCE_WORDS words, with their length. */
  longSentences: { text: string; words: number }[];
  /** Uncommon words used (as written, first occurrence), at most 30. */
  jargon: string[];
  /** The concept's terms used without being explained. */
  unexplainedTerms: string[];
  /** The concept's key terms and facts never mentioned. */
  missingTerms: string[];
}

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
const wordsOf = (text: string) => text.match(/[\p{L}][\p{L}'’-]*|\d+(?:[.,]\d+)?/gu) ?? [];

/** The common list as the detector reads it: each entry folded and stemmed. */
export function commonWordSet(words: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const word of words) {
    const folded = foldText(word);
    set.add(folded);
    set.add(stemWord(folded));
  }
  return set;
}

function isCommon(word: string, common: ReadonlySet<string>): boolean {
  const folded = foldText(word);
  if (common.has(folded) || common.has(stemWord(folded))) return true;
  // 'l'énergie', 'qu'elle', 'arc-en-ciel': each part on its own.
  const parts = folded.split(/['-]/).filter(Boolean);
  return parts.length > 1 && parts.every((p) => p.length <= 3 || common.has(p) || common.has(stemWord(p)));
}

const EXPLAINED_AFTER = /^\s*(?:\(|,?\s*(?:c['’]est|ce sont|est|sont|signifie|veut dire|désigne|:))/iu;
const EXPLAINED_BEFORE = /(?:appel(?:é|ée|és|ées|le|lent|ons)|nomm(?:é|ée|és|ées)|qu['’]on appelle|, c['’]est|, ce sont)\s*(?:le |la |les |l['’]|un |une |des )?$/iu;

/** Whether the sentence that uses `term` also says what it is. */
function explainedIn(sentence: string, term: string): boolean {
  const at = foldText(sentence).indexOf(foldText(term));
  if (at < 0) return false;
  return EXPLAINED_AFTER.test(sentence.slice(at + term.length)) || EXPLAINED_BEFORE.test(sentence.slice(0, at));
}

export function feynmanFeedback(text: string, keyItems: readonly KeyItem[], common: ReadonlySet<string>): FeynmanFeedback {
  const sentences = sentencesOf(text);
  const words = wordsOf(text);
  const longSentences = sentences.map((s) => ({ text: s, words: wordsOf(s).length })).filter((s) => s.words > LONG_SENTENCE_WORDS);

  // A term the explanation explains is not jargon any more.
  const explained = keyItems.filter((i) => i.kind === 'term' && sentences.some((s) => explainedIn(s, i.text)));
  const seen = new Set<string>(explained.flatMap((i) => wordsOf(i.text).map((w) => stemWord(foldText(w)))));
  const jargon: string[] = [];
  for (const sentence of sentences) {
    wordsOf(sentence).forEach((word, i) => {
      const key = stemWord(foldText(word));
      const name = i > 0 && /^\p{Lu}/u.test(word);
      if (seen.has(key) || word.length <= 3 || /^\d/.test(word) || name || isCommon(word, common)) return;
      seen.add(key);
      if (jargon.length < 30) jargon.push(word);
    });
  }

  const written = new Set(recallTokens(text));
  const terms = keyItems.filter((i) => i.kind === 'term');
  const unexplainedTerms = terms
    .filter((term) => mentions(term.text, written) && wordsOf(term.text).some((w) => w.length > 3 && !isCommon(w, common)))
    .filter((term) => !sentences.some((s) => explainedIn(s, term.text)))
    .map((t) => t.text);
  const missingTerms = keyItems.filter((item) => !mentions(item.text, written)).map((i) => i.text);

  return {
    wordCount: words.length,
    sentenceCount: sentences.length,
    tooShort: words.length < SHORT_EXPLANATION_WORDS,
    longSentences,
    jargon,
    unexplainedTerms,
    missingTerms,
  };
}
