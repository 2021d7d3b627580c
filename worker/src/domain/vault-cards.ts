/**
 * Flashcards written inside Markdown notes, as the two note apps' own review tools read
 * them:
 * - Obsidian's Spaced Repetition plugin (notes tagged `#flashcards`): `question::answer`
 *   on one line (`:::` adds the reversed card), a multi-line card whose sides are apart
 *   by a `?` line (`??` adds the reversed card) and ends at a blank line, and a
 *   paragraph's `==highlights==` as clozes, one card per deletion.
 * - Logseq: a block tagged `#card` is the question and its child blocks the answer;
 *   `{{cloze …}}` in a card block blanks that text.
 * The plugin's scheduling comments (`<!--SR:…-->`) are not card text and are dropped.
 */
export interface VaultCard {
  question: string;
  answer: string;
}

const BLANK = '[...]';
const SR_COMMENT = /<!--SR:[^>]*-->/g;
const FENCE = /^\s*(```|~~~)/;

/** The lines of `markdown` outside fenced code, grouped into paragraphs (runs of non-blank lines). */
function paragraphs(markdown: string): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (FENCE.test(line)) {
      fenced = !fenced;
      current = [];
      continue;
    }
    if (fenced) continue;
    if (line.trim() === '') {
      if (current.length) out.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length && !fenced) out.push(current);
  return out;
}

const side = (lines: string[]) => lines.join('\n').replace(SR_COMMENT, '').trim();

function pushCard(cards: VaultCard[], question: string, answer: string, reversed = false) {
  if (!question || !answer) return;
  cards.push({ question, answer });
  if (reversed) cards.push({ question: answer, answer: question });
}

/** One card per `==deletion==` of a paragraph: that deletion blanked, the others shown; the answer shows all. */
function highlightClozes(text: string, cards: VaultCard[]) {
  const deletions = [...text.matchAll(/==([^=\n]+)==/g)];
  const answer = text.replace(/==([^=\n]+)==/g, '$1');
  deletions.forEach((_, n) => {
    let i = 0;
    const question = text.replace(/==([^=\n]+)==/g, (_m, inner: string) => (i++ === n ? BLANK : inner));
    pushCard(cards, question, answer);
  });
}

/** Cards of an Obsidian note tagged for the Spaced Repetition plugin. */
export function obsidianCards(markdown: string): VaultCard[] {
  const cards: VaultCard[] = [];
  for (const lines of paragraphs(markdown)) {
    const separator = lines.findIndex((l) => l.trim() === '?' || l.trim() === '??');
    if (separator > 0) {
      pushCard(cards, side(lines.slice(0, separator)), side(lines.slice(separator + 1)), lines[separator]!.trim() === '??');
      continue;
    }
    let inline = false;
    for (const line of lines) {
      const match = /^(.*?\S)\s*(:::?)\s*(\S.*)$/.exec(line);
      if (!match || match[1]!.includes('::')) continue;
      inline = true;
      pushCard(cards, side([match[1]!]), side([match[3]!]), match[2] === ':::');
    }
    if (!inline) highlightClozes(side(lines), cards);
  }
  return cards;
}

const CARD_TAG = /(^|\s)#(card|\[\[card\]\])(?=\s|$)/i;
const LOGSEQ_CLOZE = /\{\{cloze:?\s+([^}]*)\}\}/g;
const HAS_CLOZE = /\{\{cloze:?\s+[^}]*\}\}/;
const PROPERTY_LINE = /^\s*[A-Za-z][\w-]*:: .*$|^\s*[A-Za-z][\w-]*::$/;

const indentOf = (line: string) => /^\s*/.exec(line.replace(/\t/g, '  '))![0].length;

/** Cards of a Logseq page: each block tagged `#card` with its children as the answer. */
export function logseqCards(markdown: string): VaultCard[] {
  const cards: VaultCard[] = [];
  const lines = markdown.split(/\r?\n/);
  lines.forEach((line, at) => {
    const bullet = /^(\s*)- (.*)$/.exec(line);
    if (!bullet || !CARD_TAG.test(bullet[2]!)) return;
    const depth = indentOf(line);
    const children: string[] = [];
    for (const next of lines.slice(at + 1)) {
      if (next.trim() && indentOf(next) <= depth) break;
      if (next.trim() && !PROPERTY_LINE.test(next.replace(/^\s*- /, ''))) children.push(next.trim().replace(/^- /, ''));
    }
    const front = bullet[2]!.replace(CARD_TAG, '$1').trim();
    if (HAS_CLOZE.test(front)) {
      const answer = front.replace(LOGSEQ_CLOZE, '$1');
      pushCard(cards, front.replace(LOGSEQ_CLOZE, BLANK), children.length ? `${answer}\n${children.join('\n')}` : answer);
    } else pushCard(cards, front, children.join('\n'));
  });
  return cards;
}

/** Logseq's block properties (`id:: …`, `collapsed:: true`, a card's schedule) are not text a reader wrote. */
export function withoutLogseqProperties(markdown: string): string {
  return markdown
    .split(/\r?\n/)
    .filter((line) => !PROPERTY_LINE.test(line.replace(/^\s*- /, '')))
    .join('\n')
    .replace(LOGSEQ_CLOZE, '$1');
}
