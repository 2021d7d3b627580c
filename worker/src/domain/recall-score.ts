/**
 * Blurting's comparison: which of a concept's key items (domain/flashcard-generator.ts
 * keyItemsOf) a person's free recall mentions. Pure, shared by the page (offline) and the Worker
 * (which recomputes the score it stores, so a stored score always matches the stored text).
 *
 * Matching reads both texts the same way:
 *   - accents, case, ligatures and apostrophes do not matter ('Révolution' = 'revolution');
 *   - numbers: '1 500', '1.500' and '1500' are one number, '3,5' = '3.5', 'trois' = '3';
 *     '1er' = '1'; '14/07/1789' = '14 juillet 1789'; 'XVIe siècle' = '16e siècle';
 *   - words: a light French stemmer (plural, feminine and common verb and adjective endings)
 *     so an inflected form counts ('mitochondries' for 'mitochondrie', 'abolie' for 'aboli').
 * An item is found when every number in it is in the text and at least two thirds of its
 * other words are (all of them for one- and two-word items); small words (articles,
 * prepositions) are not required.
 */
import type { KeyItem } from './flashcard-generator';

export interface ItemRecall extends KeyItem {
  found: boolean;
}

export interface RecallResult {
  items: ItemRecall[];
  /** Share of key items recalled, 0..1; null when the concept has no key item. */
  score: number | null;
}

const MONTHS = ['janvier', 'fevrier', 'mars', 'avril', 'mai', 'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre'];
const NUMBER_WORDS: Record<string, string> = {
  deux: '2', trois: '3', quatre: '4', cinq: '5', six: '6', sept: '7', huit: '8', neuf: '9', dix: '10', onze: '11', douze: '12',
  treize: '13', quatorze: '14', quinze: '15', seize: '16', vingt: '20', trente: '30', quarante: '40', cinquante: '50',
  soixante: '60', cent: '100', mille: '1000', million: '1000000', millions: '1000000', milliard: '1000000000', milliards: '1000000000',
  premier: '1', premiere: '1',
};
const SMALL_WORDS = new Set(
  'le la les l un une des de du d et ou en au aux a à par pour sur dans avec sans ce ces cet cette son sa ses leur leurs qui que dont se s y est sont'.split(' '),
);
const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };

function romanValue(roman: string): number {
  let total = 0;
  for (let i = 0; i < roman.length; i++) {
    const value = ROMAN[roman[i]!]!;
    const next = ROMAN[roman[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

/** Lower case without accents, ligatures or typographic apostrophes; numbers written one way. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’ʼ`]/g, "'")
    .replace(/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{3,4})\b/g, (all, d: string, m: string, y: string) => (Number(m) >= 1 && Number(m) <= 12 ? `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}` : all))
    .replace(/(\d)[\s\u00a0\u202f.](?=\d{3}\b)/g, '$1')
    .replace(/(\d),(?=\d)/g, '$1.')
    .replace(/\b([ivxlc]+)(?:e|eme|er)\s+(siecles?)\b/g, (all, roman: string, word: string) => (/^[ivxlc]+$/.test(roman) ? `${romanValue(roman)}e ${word}` : all));
}

/** Ordinals and numbers in words come out as their digits ('1er' → '1', 'trois' → '3'). */
function numberToken(token: string): string {
  const ordinal = /^(\d+)(?:er|ere|e|eme)$/.exec(token);
  if (ordinal) return ordinal[1]!;
  return NUMBER_WORDS[token] ?? token;
}

const ENDINGS = ['issements', 'issement', 'ements', 'ement', 'ations', 'ation', 'atrices', 'atrice', 'ateurs', 'ateur', 'euses', 'euse', 'ives', 'ive', 'ifs', 'if', 'iques', 'ique', 'aient', 'ait', 'ant', 'ees', 'ee', 'es', 'ent', 'er', 'ez', 'e', 's', 'x'];

/** A light French stem: plural, feminine and the commonest verb and adjective endings removed. */
export function stemWord(word: string): string {
  if (/^\d/.test(word)) return word;
  let stem = word;
  if (stem.length > 5 && stem.endsWith('aux')) stem = `${stem.slice(0, -3)}al`;
  for (const ending of ENDINGS) {
    if (stem.length - ending.length >= 4 && stem.endsWith(ending)) {
      stem = stem.slice(0, -ending.length);
      break;
    }
  }
  // 'abolie' → 'aboli', 'produits' → 'produit': a trailing plural or feminine left by the step above.
  if (stem.length > 4 && /[sx]$/.test(stem)) stem = stem.slice(0, -1);
  return stem;
}

/** The text's words and numbers, each folded, numbers in digits, words stemmed. */
export function recallTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const m of foldText(text).matchAll(/\d+(?:\.\d+)?(?:ere|er|eme|e)?|\p{L}+/gu)) tokens.push(stemWord(numberToken(m[0])));
  return tokens;
}

/** Two stems are the same word, or one is the other with a short ending ('revolution' / 'revolutionn…'). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (/^\d/.test(a) || /^\d/.test(b)) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 5 && long.startsWith(short) && long.length - short.length <= 3;
}

/** Whether the written tokens mention the item (see the file comment for the rule). */
export function mentions(item: string, written: ReadonlySet<string>): boolean {
  const tokens = recallTokens(item).filter((t) => !SMALL_WORDS.has(t));
  if (tokens.length === 0) return false;
  const has = (token: string) => written.has(token) || [...written].some((w) => sameWord(w, token));
  const numbers = tokens.filter((t) => /^\d/.test(t));
  const words = tokens.filter((t) => !/^\d/.test(t));
  if (!numbers.every(has)) return false;
  const needed = words.length <= 2 ? words.length : Math.ceil((words.length * 2) / 3);
  return words.filter(has).length >= needed;
}

/** Each key item marked found or missed in the person's text, and the share found. */
export function scoreRecall(items: readonly KeyItem[], text: string): RecallResult {
  const written = new Set(recallTokens(text));
  const marked = items.map((item) => ({ ...item, found: mentions(item.text, written) }));
  const score = marked.length ? marked.filter((i) => i.found).length / marked.length : null;
  return { items: marked, score };
}
