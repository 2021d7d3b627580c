/**
 * Flashcards written inside Markdown notes, as the two note apps' own review tools read
 * them:
 * - Obsidian's Spaced Repetition plugin (notes tagged `#flashcards`): `question::answer`
 *   on one line (`:::` adds the reversed card), a multi-line card whose sides are apart
 *   by a `?` line (`??` adds the reversed card) and ends at a blank line, and a
 *   paragraph's `==highlights==` as clozes, one card per deletion.
 * - Logseq: a block tagged `#card` is the question and its child blocks the answer;
 *   `{{cloze …}}` in a card block blanks that text.
 * The schedules both tools keep beside a card — the plugin's `<!--SR:!due,interval,ease-->`
 * comment (one `!due,interval,ease` per card of the paragraph or line, in the order the
 * cards are read), Logseq's `card-next-schedule::`/`card-last-interval::` block
 * properties — are the card's schedule, not its text.
 */
export interface VaultCard {
  question: string;
  answer: string;
  schedule?: VaultSchedule;
  /** The page the card was written on, when it is not the page of the concept it goes to (a journal's). */
  from?: string;
}

/** A card's SM-2 schedule as the note app kept it. */
export interface VaultSchedule {
  /** When the card is next due, ms. */
  due: number;
  intervalDays: number;
  /** SM-2 ease as a factor (2.5 is Anki's and the plugin's starting ease). */
  ease: number;
  reviews: number;
}

const BLANK = '[...]';
const SR_COMMENT = /<!--SR:[^>]*-->/g;
const HAS_SR_COMMENT = /<!--SR:[^>]*-->/;
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

/** `!2024-01-05,3,250` (or the plugin's older `2024-01-05,3,250`) as a schedule; null when it is not one. */
function srSchedule(entry: string): VaultSchedule | null {
  const match = /^!?(\d{4}-\d{2}-\d{2}),(\d+),(\d+)$/.exec(entry.trim());
  if (!match) return null;
  const due = Date.parse(`${match[1]}T00:00:00Z`);
  return Number.isFinite(due) ? { due, intervalDays: Number(match[2]), ease: Number(match[3]) / 100, reviews: 1 } : null;
}

/** The schedules of the plugin's comments in `text`, one per card in the order the plugin writes them. */
function srSchedules(text: string): (VaultSchedule | null)[] {
  return [...text.matchAll(SR_COMMENT)].flatMap((m) => m[0].slice('<!--SR:'.length, -'-->'.length).split(/(?=!)/).filter((e) => e.trim()).map(srSchedule));
}

/** Pushes a card (and its reverse), giving each the next of `schedules` when there is one. */
function pushCard(cards: VaultCard[], question: string, answer: string, reversed = false, schedules: (VaultSchedule | null)[] = []) {
  if (!question || !answer) return;
  const sides: [string, string][] = reversed ? [[question, answer], [answer, question]] : [[question, answer]];
  for (const [q, a] of sides) {
    const schedule = schedules.shift();
    cards.push(schedule ? { question: q, answer: a, schedule } : { question: q, answer: a });
  }
}

/** One card per `==deletion==` of a paragraph: that deletion blanked, the others shown; the answer shows all. */
function highlightClozes(text: string, cards: VaultCard[], schedules: (VaultSchedule | null)[]) {
  const deletions = [...text.matchAll(/==([^=\n]+)==/g)];
  const answer = text.replace(/==([^=\n]+)==/g, '$1');
  deletions.forEach((_, n) => {
    let i = 0;
    const question = text.replace(/==([^=\n]+)==/g, (_m, inner: string) => (i++ === n ? BLANK : inner));
    pushCard(cards, question, answer, false, schedules);
  });
}

/** Cards of an Obsidian note tagged for the Spaced Repetition plugin. */
export function obsidianCards(markdown: string): VaultCard[] {
  const cards: VaultCard[] = [];
  for (const lines of paragraphs(markdown)) {
    const separator = lines.findIndex((l) => l.trim() === '?' || l.trim() === '??');
    if (separator > 0) {
      pushCard(cards, side(lines.slice(0, separator)), side(lines.slice(separator + 1)), lines[separator]!.trim() === '??', srSchedules(lines.join('\n')));
      continue;
    }
    let inline = false;
    lines.forEach((line, at) => {
      const match = /^(.*?\S)\s*(:::?)\s*(\S.*)$/.exec(line);
      if (!match || match[1]!.includes('::')) return;
      inline = true;
      // The plugin writes an inline card's schedule at the end of its line, or alone on the next.
      const next = lines[at + 1] ?? '';
      const schedules = srSchedules(HAS_SR_COMMENT.test(line) ? line : next.replace(SR_COMMENT, '').trim() ? '' : next);
      pushCard(cards, side([match[1]!]), side([match[3]!]), match[2] === ':::', schedules);
    });
    if (!inline) highlightClozes(side(lines), cards, srSchedules(lines.join('\n')));
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
    const properties = new Map<string, string>();
    for (const next of lines.slice(at + 1)) {
      if (next.trim() && indentOf(next) <= depth) break;
      const property = /^\s*([A-Za-z][\w-]*):: (.*)$/.exec(next);
      // The block's own properties come before its first child.
      if (property && !children.length) properties.set(property[1]!.toLowerCase(), property[2]!.trim());
      else if (next.trim() && !PROPERTY_LINE.test(next.replace(/^\s*- /, ''))) children.push(next.trim().replace(/^- /, ''));
    }
    const schedules = [logseqSchedule(properties)];
    const front = bullet[2]!.replace(CARD_TAG, '$1').replace(/ {2,}/g, ' ').trim();
    if (HAS_CLOZE.test(front)) {
      const answer = front.replace(LOGSEQ_CLOZE, '$1');
      pushCard(cards, front.replace(LOGSEQ_CLOZE, BLANK), children.length ? `${answer}\n${children.join('\n')}` : answer, false, schedules);
    } else pushCard(cards, front, children.join('\n'), false, schedules);
  });
  return cards;
}

/** The schedule Logseq's own review wrote in a card block's properties; null for a card never reviewed. */
function logseqSchedule(properties: Map<string, string>): VaultSchedule | null {
  const due = Date.parse(properties.get('card-next-schedule') ?? '');
  const interval = Number(properties.get('card-last-interval'));
  if (!Number.isFinite(due) || !Number.isFinite(interval) || interval < 0) return null;
  const ease = Number(properties.get('card-ease-factor'));
  const reviews = Number(properties.get('card-repeats'));
  return { due, intervalDays: Math.round(interval), ease: Number.isFinite(ease) && ease > 0 ? ease : 2.5, reviews: Number.isInteger(reviews) && reviews > 0 ? reviews : 1 };
}

/** Logseq's block properties (`id:: …`, `collapsed:: true`, a card's schedule) are not text a reader wrote. */
export function withoutLogseqProperties(markdown: string): string {
  return markdown
    .split(/\r?\n/)
    .filter((line) => !PROPERTY_LINE.test(line.replace(/^\s*- /, '')))
    .join('\n')
    .replace(LOGSEQ_CLOZE, '$1');
}
