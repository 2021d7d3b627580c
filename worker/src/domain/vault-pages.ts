/**
 * A Markdown vault read as Astrolabe objects: an Obsidian vault or a Logseq graph (its
 * files already taken out of their zip) becomes concepts — one per page, folders or
 * Logseq namespaces as their parents —, daily notes (Logseq `journals/`, Obsidian's
 * `YYYY-MM-DD.md`), tags, wiki links and flashcards (vault-cards.ts). Every object is
 * named by a uid derived from its path in the vault, so importing the vault again names
 * the same objects. Pure: no I/O, no clock.
 */
import { normaliseTagNames, TAG_NAME_MAX_LENGTH } from './tags';
import { titleKey } from './wiki-links';
import { logseqCards, obsidianCards, withoutLogseqProperties, type VaultCard } from './vault-cards';
import { VAULT_ATTACHMENT, VAULT_EXTRA_MARKER } from './vault-export';
import { occlusionGroupsOf, occlusionRefusal, type VaultOcclusion } from './vault-occlusion';

export type VaultKind = 'obsidian' | 'logseq';

export interface VaultFile {
  path: string;
  text: string;
}

export interface VaultConcept {
  uid: string;
  /** The page's path in the vault; null for a folder or namespace that has no page of its own. */
  path: string | null;
  title: string;
  parentUid: string | null;
  tags: string[];
  markdown: string;
  /** Titles the page links to, as written (deduplicated by title key). */
  links: string[];
  cards: VaultCard[];
  /** Image-occlusion groups of an exported vault's cards section. */
  occlusions: VaultOcclusion[];
}

export interface VaultDailyNote {
  date: string;
  /** One Markdown text per block, each with its stable uid. */
  blocks: { uid: string; markdown: string; links: string[] }[];
}

export interface VaultPlan {
  kind: VaultKind;
  concepts: VaultConcept[];
  dailyNotes: VaultDailyNote[];
  /** Attachment paths some page shows. */
  attachments: Set<string>;
  /** Why the vault is refused (a page's occlusion block that cannot be read), in French; null when it is not. */
  refusal: string | null;
}

/** Hidden folders (`.obsidian`, `.trash`, `.git`) and the archiver's own are not the vault's pages. */
const HIDDEN_SEGMENT = /^(\.|__MACOSX$)/;

/**
 * A 128-bit hash of `text` as 32 hex digits (four multiply-xorshift lanes): stable names
 * for the objects a path makes. Not cryptographic — a person's own vault only names
 * their own objects.
 */
export function stableHex(text: string): string {
  let h = [0x9e3779b1, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f];
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h = h.map((v, lane) => Math.imul(v ^ k, [597399067, 2869860233, 951274213, 2716044179][lane]!) >>> 0);
  }
  h = h.map((v, lane) => {
    let x = (v ^ h[(lane + 1) % 4]! ^ text.length) >>> 0;
    x = Math.imul(x ^ (x >>> 16), 2246822507) >>> 0;
    x = Math.imul(x ^ (x >>> 13), 3266489909) >>> 0;
    return (x ^ (x >>> 16)) >>> 0;
  });
  return h.map((v) => v.toString(16).padStart(8, '0')).join('');
}

/** The hash as a UUID's shape, for an attachment's storage key. */
export const stableUuid = (text: string) => stableHex(text).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

export interface VaultEntries {
  kind: VaultKind;
  /** Zip entry name → path in the vault (the common top folder removed). */
  pages: Map<string, string>;
  attachments: Map<string, string>;
}

/** Sorts a zip's entries into pages and attachments; app settings, trash and hidden files are left out. */
export function vaultEntries(names: string[]): VaultEntries {
  const visible = names.filter((n) => !n.endsWith('/') && !n.split('/').some((s) => HIDDEN_SEGMENT.test(s)));
  const tops = new Set(visible.map((n) => (n.includes('/') ? n.split('/')[0] : '')));
  const root = tops.size === 1 && !tops.has('') ? `${[...tops][0]}/` : '';
  const inVault = new Map(visible.map((n) => [n, n.slice(root.length)]));
  const kind: VaultKind = [...inVault.values()].some((p) => p === 'logseq/config.edn' || p.startsWith('journals/')) ? 'logseq' : 'obsidian';
  const pages = new Map<string, string>();
  const attachments = new Map<string, string>();
  for (const [name, path] of inVault) {
    // Logseq keeps its settings, backups and version files in its own top folder.
    if (kind === 'logseq' && path.startsWith('logseq/')) continue;
    if (/\.md$/i.test(path)) pages.set(name, path);
    else if (VAULT_ATTACHMENT.test(path)) attachments.set(name, path);
  }
  return { kind, pages, attachments };
}

const dirOf = (path: string) => path.split('/').slice(0, -1).join('/');
const baseOf = (path: string) => path.split('/').at(-1)!.replace(/\.md$/i, '');

/** `a/./b/../c` → `a/c`; null when it climbs out of the vault. */
function normalisePath(path: string): string | null {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (!out.length) return null;
      out.pop();
    } else out.push(seg);
  }
  return out.join('/');
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A valid calendar date as YYYY-MM-DD, or null. */
function calendarDate(y: string, m: string, d: string): string | null {
  const date = `${y}-${m}-${d}`;
  return new Date(`${date}T00:00:00Z`).toISOString().startsWith(date) ? date : null;
}

/** The day a page is the daily note of: Logseq's `journals/YYYY_MM_DD.md`, a `YYYY-MM-DD.md` anywhere. */
export function dailyNoteDate(path: string, kind: VaultKind): string | null {
  const base = baseOf(path);
  const match = kind === 'logseq' && path.startsWith('journals/') ? /^(\d{4})[_-](\d{2})[_-](\d{2})$/.exec(base) : /^(\d{4})-(\d{2})-(\d{2})$/.exec(base);
  return match ? calendarDate(match[1]!, match[2]!, match[3]!) : null;
}

interface FrontMatter {
  values: Map<string, string[]>;
  body: string;
}

const listValue = (raw: string) =>
  raw
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((v) => v.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean);

/** YAML front matter's keys read as lists of words (the few keys a vault's pages use); the rest of the page. */
export function readFrontMatter(text: string): FrontMatter {
  const values = new Map<string, string[]>();
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match || !/^[\w-]+:/m.test(match[1]!)) return { values, body: text };
  let key = '';
  for (const line of match[1]!.split(/\r?\n/)) {
    const item = /^\s+-\s+(.*)$/.exec(line);
    const entry = /^([\w-]+):\s*(.*)$/.exec(line);
    if (item && key) values.get(key)!.push(...listValue(item[1]!));
    else if (entry) {
      key = entry[1]!.toLowerCase();
      values.set(key, listValue(entry[2]!));
    }
  }
  return { values, body: text.slice(match[0].length) };
}

/** Logseq's page properties (`title:: …`, `tags:: a, [[b c]]`) from the page's first lines. */
function logseqPageProperties(text: string): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    const property = /^(?:- )?([A-Za-z][\w-]*):: (.*)$/.exec(line);
    if (!property) break;
    values.set(property[1]!.toLowerCase(), property[2]!.split(',').map((v) => v.trim().replace(/^\[\[(.*)\]\]$/, '$1').replace(/^#/, '')).filter(Boolean));
  }
  return values;
}

const CODE = /```[\s\S]*?(```|$)|~~~[\s\S]*?(~~~|$)|`[^`\n]*`/g;
const INLINE_TAG = /(?:^|\s)#(?:\[\[([^\]\n]+)\]\]|([^\s#.,;:!?()[\]{}"'`<>=+*&|\\]+))/g;

/** `#tags` written in the text (outside code); a tag of digits only is a heading-like number, not a tag. */
export function inlineTags(markdown: string): string[] {
  const text = markdown.replace(CODE, ' ');
  return [...text.matchAll(INLINE_TAG)].map((m) => (m[1] ?? m[2])!).filter((t) => !/^\d+$/.test(t));
}

/** Where an attachment link points inside the vault, if anywhere: relative to the page, then to the vault, then by file name. */
function attachmentResolver(attachments: Set<string>) {
  const byName = new Map<string, string>();
  for (const path of [...attachments].sort((a, b) => a.split('/').length - b.split('/').length)) {
    const name = path.split('/').at(-1)!.toLowerCase();
    if (!byName.has(name)) byName.set(name, path);
  }
  return (target: string, pageDir: string): string | null => {
    const wanted = decoded(target.trim().replace(/^<|>$/g, ''));
    for (const candidate of [normalisePath(`${pageDir}/${wanted}`), normalisePath(wanted)]) if (candidate && attachments.has(candidate)) return candidate;
    return byName.get(wanted.split('/').at(-1)!.toLowerCase()) ?? null;
  };
}

interface PageText {
  markdown: string;
  links: string[];
}

/** What rewriting a page needs to know of the whole vault. */
interface RewriteContext {
  kind: VaultKind;
  resolve: (target: string, dir: string) => string | null;
  addressOf: (path: string) => string;
  /** Title keys of the vault's pages: an Obsidian path link `[[A/B]]` is `[[B]]` unless a page is titled `A/B`. */
  titleKeys: Set<string>;
  used: Set<string>;
}

/**
 * A page's Markdown as Astrolabe writes it: `[[Page#Heading]]` and `![[Page]]` become
 * `[[Page]]` (how a concept links to another), `[[Page|alias]]` (and Logseq's
 * `[alias]([[Page]])`) keeps its alias as the text shown, attachments shown with
 * `![[file.png]]` or `![](assets/…)` point at their stored address.
 */
function rewritePage(markdown: string, pagePath: string, ctx: RewriteContext): PageText {
  const links = new Map<string, string>();
  const dir = dirOf(pagePath);
  const show = (path: string, alt: string) => {
    ctx.used.add(path);
    return `![${alt.replace(/[[\]]/g, '')}](${ctx.addressOf(path)})`;
  };
  // Logseq writes a link shown as other text `[text]([[Page]])`.
  let text = ctx.kind === 'logseq' ? markdown.replace(/\[([^[\]\n]+)\]\(\[\[([^[\]\n]+)\]\]\)/g, '[[$2|$1]]') : markdown;
  text = text.replace(/(!?)\[\[([^[\]\n]+?)\]\]/g, (whole, bang: string, inner: string) => {
    const [target = '', alias] = inner.split('|');
    if (bang && VAULT_ATTACHMENT.test(target.trim())) {
      const path = ctx.resolve(target, dir);
      return path ? show(path, target.split('/').at(-1)!) : target;
    }
    let page = target.split('#')[0]!.trim().replace(/\.md$/i, '');
    if (ctx.kind === 'obsidian' && !ctx.titleKeys.has(titleKey(page))) page = page.split('/').at(-1)!;
    if (!page) return (alias ?? target.replace(/^#\^?/, '')).trim();
    if (!links.has(titleKey(page))) links.set(titleKey(page), page);
    // An alias stays the text shown (vault-sections.ts makes it a link to the page).
    const shown = alias?.trim();
    return shown && titleKey(shown) !== titleKey(page) ? `[[${page}|${shown}]]` : `[[${page}]]`;
  });
  text = text.replace(/!\[([^\]\n]*)\]\(([^)\n]+?)\)(\{[^}\n]*\})?/g, (whole, alt: string, target: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target.trim())) return whole;
    const path = ctx.resolve(target.split(/\s+"/)[0]!, dir);
    return path ? show(path, alt) : whole;
  });
  if (ctx.kind === 'logseq') text = text.replace(/#\[\[([^\]\n]+)\]\]/g, '#$1');
  return { markdown: text, links: [...links.values()] };
}

/** Logseq's top-level blocks of a journal page, each with its children as a nested list. */
function topLevelBlocks(markdown: string): string[] {
  const blocks: string[][] = [];
  for (const line of markdown.split(/\r?\n/)) {
    if (/^- /.test(line) || !blocks.length) blocks.push([line.replace(/^- /, '')]);
    else blocks.at(-1)!.push(line.replace(/^(\t| {2})/, ''));
  }
  return blocks.map((b) => b.join('\n').trim()).filter(Boolean);
}

const tagsOf = (names: string[]) => normaliseTagNames(names.map((n) => n.replace(/^#/, '').slice(0, TAG_NAME_MAX_LENGTH))).filter((t) => t.toLowerCase() !== 'card');

/** A page read once: its front matter, properties and body. */
function readPage(file: VaultFile, kind: VaultKind) {
  const front = readFrontMatter(file.text.replace(/^\uFEFF/, ''));
  const properties = kind === 'logseq' ? logseqPageProperties(front.body) : new Map<string, string[]>();
  const body = kind === 'logseq' ? withoutLogseqProperties(front.body) : front.body;
  const title = (properties.get('title')?.join(', ') || front.values.get('title')?.join(', ') || pageTitle(file.path, kind)).slice(0, 500);
  // What follows Astrolabe's own marker (an exported vault's links and cards) is not the page's text.
  const [own = '', extra = ''] = body.split(new RegExp(`^${VAULT_EXTRA_MARKER}[ \\t]*$`, 'm'));
  return { file, front, properties, title, own, extra, date: dailyNoteDate(file.path, kind) };
}

function pageCards(kind: VaultKind, page: ReturnType<typeof readPage>, tags: string[]) {
  if (kind === 'logseq') return logseqCards(page.front.body);
  if (page.extra) return obsidianCards(page.extra);
  return tags.some((t) => /^flashcards(\/|$)/i.test(t)) ? obsidianCards(page.own) : [];
}

/** The whole vault as concepts (with their parents) and daily notes. `addressOf` names an attachment's stored address. */
export function planVault(kind: VaultKind, files: VaultFile[], attachmentPaths: string[], addressOf: (path: string) => string): VaultPlan {
  const pages = [...files].sort((a, b) => (a.path < b.path ? -1 : 1)).map((file) => readPage(file, kind));
  const ctx: RewriteContext = { kind, resolve: attachmentResolver(new Set(attachmentPaths)), addressOf, titleKeys: new Set(pages.map((p) => titleKey(p.title))), used: new Set() };
  const concepts: VaultConcept[] = [];
  const dailyNotes: VaultDailyNote[] = [];
  const parentOf = new Map<VaultConcept, string>();
  const journalCards: VaultCard[] = [];
  let refusal: string | null = null;
  for (const page of pages) {
    const path = page.file.path;
    if (page.date) {
      if (kind === 'logseq') journalCards.push(...logseqCards(page.front.body).map((card) => ({ ...card, from: path })));
      const parts = kind === 'logseq' ? topLevelBlocks(page.own) : page.own.split(/^\s*<!-- block -->\s*$/m).map((p) => p.trim()).filter(Boolean);
      dailyNotes.push({ date: page.date, blocks: parts.map((part, i) => ({ uid: stableHex(`block:${path}#${i}`), ...rewritePage(part, path, ctx) })) });
      continue;
    }
    const { front, properties } = page;
    const tags = tagsOf([...(front.values.get('tags') ?? []), ...(front.values.get('tag') ?? []), ...(properties.get('tags') ?? []), ...inlineTags(page.own)]);
    const text = rewritePage(page.own.trim(), path, ctx);
    const extra = rewritePage(page.extra, path, ctx);
    const links = [...new Map([...text.links, ...extra.links].map((t) => [titleKey(t), t])).values()];
    const occlusions = occlusionGroupsOf(extra.markdown);
    if (occlusions.problem) refusal ??= occlusionRefusal(path, occlusions.problem);
    const concept: VaultConcept = {
      uid: `md-${stableHex(`page:${path}`)}`, path, title: page.title, parentUid: null, tags, markdown: text.markdown, links, cards: pageCards(kind, page, tags), occlusions: occlusions.groups,
    };
    concepts.push(concept);
    const parent = kind === 'logseq' ? page.title.split('/').slice(0, -1).join('/') : dirOf(path);
    if (parent) parentOf.set(concept, parent);
  }
  linkParents(kind, concepts, parentOf);
  placeJournalCards(journalCards, concepts);
  return { kind, concepts, dailyNotes, attachments: ctx.used, refusal };
}

export const JOURNAL_CARDS_TITLE = 'Cartes du journal';

/**
 * A `#card` block of a Logseq journal goes to the first page of the vault it names
 * (`[[Page]]`, `#Page`, `#[[Page]]`), as Logseq lists it among that page's references;
 * one naming none goes to a concept made for the journal's cards.
 */
function placeJournalCards(cards: VaultCard[], concepts: VaultConcept[]) {
  if (!cards.length) return;
  const byKey = new Map<string, VaultConcept>();
  for (const c of concepts) if (c.path && !byKey.has(titleKey(c.title))) byKey.set(titleKey(c.title), c);
  let journal: VaultConcept | undefined;
  for (const card of cards) {
    const named = [...`${card.question}\n${card.answer}`.matchAll(/\[\[([^[\]|\n]+)|(?:^|\s)#([^\s#[\]]+)/g)].map((m) => (m[1] ?? m[2])!.trim());
    let target = named.map((name) => byKey.get(titleKey(name))).find(Boolean);
    if (!target) {
      journal ??= { uid: `md-${stableHex('journal-cards')}`, path: null, title: JOURNAL_CARDS_TITLE, parentUid: null, tags: [], markdown: '', links: [], cards: [], occlusions: [] };
      if (!concepts.includes(journal)) concepts.push(journal);
      target = journal;
    }
    target.cards.push(card);
  }
}

/** A page's title from its file name: Logseq writes a namespace's `/` as `___` (or `%2F`) in it. */
function pageTitle(path: string, kind: VaultKind): string {
  const base = baseOf(path);
  return kind === 'logseq' ? decoded(base.replace(/___/g, '/')) : base;
}

/**
 * Gives each page its parent: the page of its folder (a folder note: `A/B.md` for the
 * folder `A/B`) or namespace (`a` for `a/b`), else a concept made for that folder or
 * namespace, itself under its own parent.
 */
function linkParents(kind: VaultKind, concepts: VaultConcept[], parentOf: Map<VaultConcept, string>) {
  const byKey = new Map<string, VaultConcept>();
  const keyOf = (name: string) => (kind === 'logseq' ? `ns:${titleKey(name)}` : `dir:${name}`);
  for (const c of concepts) byKey.set(kind === 'logseq' ? keyOf(c.title) : keyOf(c.path!.replace(/\.md$/i, '')), c);
  const ensure = (name: string): string => {
    const key = keyOf(name);
    const found = byKey.get(key);
    if (found) return found.uid;
    const title = kind === 'logseq' ? name : name.split('/').at(-1)!;
    const made: VaultConcept = { uid: `md-${stableHex(key)}`, path: null, title: title.slice(0, 500), parentUid: null, tags: [], markdown: '', links: [], cards: [], occlusions: [] };
    byKey.set(key, made);
    concepts.push(made);
    const up = name.split('/').slice(0, -1).join('/');
    if (up) made.parentUid = ensure(up);
    return made.uid;
  };
  for (const [concept, parent] of parentOf) {
    const uid = ensure(parent);
    if (uid !== concept.uid) concept.parentUid = uid;
  }
}
