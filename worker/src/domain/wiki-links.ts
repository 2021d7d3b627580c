/**
 * Wiki links: `[[Title]]` in a concept's text points to the concept of that title
 * (matched regardless of case and accents). These links feed backlinks and the graphs.
 *
 * The editor turns a typed `[[Title]]` into a mark at once (web/src/editor/nodes/
 * concept-link.ts): a concept link when the concept exists, a placeholder otherwise.
 * `linkWikiTitles` does the same to text that reaches the server from anywhere else (REST,
 * an import, 'Lier automatiquement tous les blocs'), so a link reads the same however it
 * was written.
 */
import { linkedConceptIds, linkedConceptTitles, pendingLinkNames, type RichDoc, type RichNode } from './richtext';
import { titleKey } from './title-matcher';

export { titleKey };

const WIKI_LINK = /\[\[([^[\]\n]+?)\]\]/g;

/** Titles written inside `[[...]]`, trimmed, blanks dropped, deduplicated case-insensitively (first spelling kept). */
export function extractWikiLinks(text: string): string[] {
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const match of text.matchAll(WIKI_LINK)) {
    const title = match[1]!.trim();
    const key = titleKey(title);
    if (!title || seen.has(key)) continue;
    seen.add(key);
    titles.push(title);
  }
  return titles;
}

/**
 * What a concept's content links to: the case-folded titles written as `[[Title]]` in its
 * plain text, carried by concept-link marks or named by placeholders, and the ids of
 * concept-link marks' hrefs.
 */
export function wikiLinkTargets(doc: RichNode | null, text: string): { titleKeys: string[]; ids: number[] } {
  const titles = [...extractWikiLinks(text), ...linkedConceptTitles(doc), ...pendingLinkNames(doc)];
  return { titleKeys: [...new Set(titles.map(titleKey))].sort(), ids: linkedConceptIds(doc).sort((a, b) => a - b) };
}

/** A concept a link can point to. */
export interface LinkableConcept {
  id: number;
  title: string;
}

type Mark = NonNullable<RichNode['marks']>[number];

/** The editor's link to a concept (href /concepts/{id}, the concept's title). */
export function conceptLinkMark(concept: LinkableConcept): Mark {
  return { type: 'conceptLink', attrs: { href: `/concepts/${concept.id}`, title: concept.title } };
}

/** Nodes whose text is code: their brackets are what was written. */
const CODE_NODES = new Set(['codeBlock', 'mermaid']);
/** Marks under which `[[…]]` stays text: code, and text that already is a link. */
const KEEP_MARKS = new Set(['code', 'link', 'conceptLink', 'pendingConceptLink']);

const marksOf = (node: RichNode): Mark[] => (Array.isArray(node.marks) ? node.marks.filter((m) => m && typeof m === 'object') : []);
const keepsBrackets = (node: RichNode) => marksOf(node).some((m) => KEEP_MARKS.has(m.type ?? ''));

/** The names `linkWikiTitles` would look up in a document: `[[…]]` written as text, and placeholders. */
export function wikiLinkNames(doc: RichNode): string[] {
  const names: string[] = [...pendingLinkNames(doc)];
  const visit = (node: RichNode) => {
    if (CODE_NODES.has(node.type ?? '')) return;
    if (typeof node.text === 'string' && !keepsBrackets(node)) names.push(...extractWikiLinks(node.text));
    for (const child of Array.isArray(node.content) ? node.content : []) if (child && typeof child === 'object') visit(child);
  };
  visit(doc);
  return names;
}

/**
 * The document with each `[[Title]]` written as text made into what typing it makes: the
 * title's text (trimmed, without brackets) under a concept link when `concepts` has that
 * title (case- and accent-insensitive), under a placeholder (`pendingConceptLink`)
 * otherwise; and each placeholder whose concept now exists made a link. Answers `doc`
 * itself when nothing changed.
 */
export function linkWikiTitles(doc: RichDoc, concepts: readonly LinkableConcept[]): RichDoc {
  const byKey = new Map<string, LinkableConcept>();
  for (const concept of concepts) if (!byKey.has(titleKey(concept.title))) byKey.set(titleKey(concept.title), concept);
  return linkWikiTitlesBy(doc, (name) => byKey.get(titleKey(name)));
}

/** The concept a written name links to, if any. */
export type Find = (name: string) => LinkableConcept | undefined;

/** `linkWikiTitles` with the concepts looked up by `find`: many documents linked against one index of titles. */
export function linkWikiTitlesBy(doc: RichDoc, find: Find): RichDoc {
  const linked = linkChildren(doc, find);
  return linked === doc.content ? doc : { ...doc, content: linked };
}

/**
 * A concept of an import has no id before the import's switch: a link to the concept at
 * `index` of the import's concepts is made with this stand-in id, and its JSON is cut
 * there (`cutAtStandIns`) so that the switch puts the real id in.
 */
export const standInId = (index: number) => -(index + 1);
const STAND_IN_HREF = /"\/concepts\/-(\d+)"/g;

/** `json` cut at each stand-in href: text, concept uid, text, … (null when it has none). `uids`: the import's concepts by index. */
export function cutAtStandIns(json: string, uids: readonly string[]): string[] | null {
  const parts: string[] = [];
  let at = 0;
  for (const match of json.matchAll(STAND_IN_HREF)) {
    const uid = uids[Number(match[1]) - 1];
    if (uid === undefined) continue;
    parts.push(json.slice(at, match.index), uid);
    at = match.index! + match[0].length;
  }
  if (!parts.length) return null;
  parts.push(json.slice(at));
  return parts;
}

/** A node's children with their links made; the same array when none changed. */
function linkChildren(node: RichNode, find: Find): RichNode[] {
  const children = Array.isArray(node.content) ? node.content : [];
  if (CODE_NODES.has(node.type ?? '')) return children;
  let changed = false;
  const next = children.flatMap((child) => {
    if (!child || typeof child !== 'object') return [child];
    const made = typeof child.text === 'string' ? linkText(child, find) : linkNode(child, find);
    if (made.length !== 1 || made[0] !== child) changed = true;
    return made;
  });
  return changed ? next : children;
}

function linkNode(node: RichNode, find: Find): RichNode[] {
  if (!Array.isArray(node.content)) return [node];
  const content = linkChildren(node, find);
  return [content === node.content ? node : { ...node, content }];
}

function linkText(node: RichNode, find: Find): RichNode[] {
  const marks = marksOf(node);
  const pending = marks.find((m) => m.type === 'pendingConceptLink');
  if (pending) {
    const concept = typeof pending.attrs?.name === 'string' ? find(pending.attrs.name) : undefined;
    return [concept ? { ...node, marks: [...marks.filter((m) => m !== pending), conceptLinkMark(concept)] } : node];
  }
  const text = node.text!;
  if (keepsBrackets(node) || !text.includes('[[')) return [node];
  const pieces: RichNode[] = [];
  let at = 0;
  for (const match of text.matchAll(WIKI_LINK)) {
    const name = match[1]!.trim();
    if (!name) continue;
    if (match.index! > at) pieces.push({ ...node, text: text.slice(at, match.index) });
    const concept = find(name);
    pieces.push({ ...node, text: name, marks: [...marks, concept ? conceptLinkMark(concept) : { type: 'pendingConceptLink', attrs: { name } }] });
    at = match.index! + match[0].length;
  }
  if (at === 0) return [node];
  if (at < text.length) pieces.push({ ...node, text: text.slice(at) });
  return pieces;
}
