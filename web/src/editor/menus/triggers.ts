/**
 * The editor's suggestion triggers (spec document 1 §2, document 3 §2.9): the slash menu
 * (paragraphs only, filtered case-insensitively), '[[' concepts, '#' tags, 'C::'
 * constellations.
 */
import type { Editor, Range } from '@tiptap/core';
import { conceptsApi, type ConceptRef } from '../../api/concepts';
import { constellationsApi } from '../../api/constellations';
import { tagsApi } from '../../api/tags';
import { conceptHref } from '../nodes/concept-link';
import { askHostForSuggestions } from './host-suggestions';
import { suggestionTrigger } from './suggestion-extension';
import type { SuggestionItem } from './SuggestionList';

export const CONCEPT_SEARCH_LIMIT = 10;

interface SlashCommand extends SuggestionItem {
  run: (editor: Editor, range: Range) => void;
}

const chain = (editor: Editor, range: Range) => editor.chain().focus().deleteRange(range);

export const SLASH_COMMANDS: SlashCommand[] = [
  { id: 'h1', label: 'Titre 1', run: (e, r) => chain(e, r).setNode('heading', { level: 1 }).run() },
  { id: 'h2', label: 'Titre 2', run: (e, r) => chain(e, r).setNode('heading', { level: 2 }).run() },
  { id: 'bullet', label: 'Liste à puces', run: (e, r) => chain(e, r).toggleBulletList().run() },
  { id: 'ordered', label: 'Liste numérotée', run: (e, r) => chain(e, r).toggleOrderedList().run() },
  { id: 'task', label: 'Liste de tâches', run: (e, r) => chain(e, r).toggleTaskList().run() },
  { id: 'quote', label: 'Citation', run: (e, r) => chain(e, r).toggleBlockquote().run() },
  { id: 'code', label: 'Code', run: (e, r) => chain(e, r).toggleCodeBlock().run() },
  { id: 'table', label: 'Tableau', run: (e, r) => chain(e, r).moveCursorPastSelection().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run() },
];

export function filterSlashCommands(query: string): SlashCommand[] {
  const q = query.toLowerCase();
  return SLASH_COMMANDS.filter((c) => c.label.toLowerCase().includes(q));
}

export const slashMenu = suggestionTrigger<SlashCommand>({
  name: 'slash',
  char: '/',
  title: 'Commandes',
  emptyText: 'Aucune commande',
  // 'Titre 1' has a space; with no match the list just says so until Escape or a click away.
  allowSpaces: true,
  allow: (editor, range) => {
    const $from = editor.state.doc.resolve(range.from);
    return $from.parent.type.name === 'paragraph';
  },
  items: filterSlashCommands,
  pick: (editor, range, item) => item.run(editor, range),
});

export type ConceptHit = ConceptRef;

export const searchConcepts = (q: string) => conceptsApi.search(q, CONCEPT_SEARCH_LIMIT);

/** Exact title first, then a title containing the name (case-insensitive). */
export function bestConceptMatch(name: string, hits: ConceptHit[]): ConceptHit | null {
  const n = name.trim().toLowerCase();
  return hits.find((h) => h.title.toLowerCase() === n) ?? hits.find((h) => h.title.toLowerCase().includes(n)) ?? null;
}

/** Replaces `range` with `text` carrying a concept-link mark, followed by a plain space. */
export function insertConceptLink(editor: Editor, range: Range, concept: ConceptHit) {
  editor
    .chain()
    .focus()
    .insertContentAt(range, [
      { type: 'text', text: concept.title, marks: [{ type: 'conceptLink', attrs: { href: conceptHref(concept.id), title: concept.title } }] },
      { type: 'text', text: ' ' },
    ])
    .run();
}

interface ConceptItem extends SuggestionItem {
  concept: ConceptHit | null;
  query: string;
}

export function conceptTrigger(onCreate: (name: string, range: Range) => void) {
  return suggestionTrigger<ConceptItem>({
    name: 'concept',
    char: '[[',
    title: 'Concepts',
    emptyText: 'Aucun concept trouvé',
    errorText: 'Failed to load concept list for linking.',
    allowSpaces: true,
    minQueryLength: 1,
    items: async (query) => {
      const q = query.replace(/\]+$/, '').trim();
      if (!q) return [];
      const hits = await searchConcepts(q);
      const items: ConceptItem[] = hits.map((h) => ({ id: `c${h.id}`, label: h.title, concept: h, query: q }));
      if (!hits.some((h) => h.title.toLowerCase() === q.toLowerCase())) items.push({ id: 'create', label: `Créer « ${q} »`, concept: null, query: q });
      return items;
    },
    pick: (editor, range, item) => (item.concept ? insertConceptLink(editor, range, item.concept) : onCreate(item.query, range)),
  });
}

interface NameItem extends SuggestionItem {
  name: string;
  /** Where the inserted name links: the tag's page, the constellation's concepts. */
  href: string | null;
}

interface Named {
  name: string;
  href: string | null;
}

const tagHref = (name: string) => `/tags/${encodeURIComponent(name)}`;

async function namesFromApi(kind: 'tag' | 'constellation', query: string): Promise<Named[]> {
  const q = query.toLowerCase();
  if (kind === 'tag') return (await tagsApi.list()).filter((t) => t.name.toLowerCase().includes(q)).slice(0, 10).map((t) => ({ name: t.name, href: tagHref(t.name) }));
  return (await constellationsApi.list())
    .filter((c) => c.name.toLowerCase().includes(q))
    .slice(0, 10)
    .map((c) => ({ name: c.name, href: `/constellations/${c.id}/concepts` }));
}

/** Names the native host suggested, with the link each one gets (a constellation found by its name). */
async function namesFromHost(kind: 'tag' | 'constellation', query: string): Promise<Named[]> {
  const names = await askHostForSuggestions(kind, query);
  if (kind === 'tag') return names.map((name) => ({ name, href: tagHref(name) }));
  const known = await constellationsApi.list().catch(() => []);
  return names.map((name) => {
    const found = known.find((c) => c.name === name);
    return { name, href: found ? `/constellations/${found.id}/concepts` : null };
  });
}

/** '#' tags and 'C::' constellations: the API in a browser, the host in a web view. A pick is a link. */
export function nameTrigger(kind: 'tag' | 'constellation', isWebView: () => boolean) {
  const prefix = kind === 'tag' ? '#' : 'C::';
  return suggestionTrigger<NameItem>({
    name: kind,
    char: prefix,
    title: kind === 'tag' ? 'Tags' : 'Constellations',
    emptyText: 'Aucune suggestion',
    minQueryLength: 1,
    items: async (query) => {
      const named = isWebView() ? await namesFromHost(kind, query) : await namesFromApi(kind, query);
      return named.map(({ name, href }) => ({ id: name, label: `${prefix}${name}`, name, href }));
    },
    pick: (editor, range, item) =>
      editor
        .chain()
        .focus()
        .insertContentAt(range, [
          { type: 'text', text: `${prefix}${item.name}`, ...(item.href ? { marks: [{ type: 'link', attrs: { href: item.href } }] } : {}) },
          { type: 'text', text: ' ' },
        ])
        .run(),
  });
}
