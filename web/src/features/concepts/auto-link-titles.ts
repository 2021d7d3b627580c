/**
 * Auto-linking of concept titles in a read-only document (spec document 1 §2 concept
 * detail, §4 concept page). A ProseMirror decoration plugin: the stored document is never
 * changed; other concepts' titles found in its text are drawn as links to /concepts/{id}.
 * Longest title first, whole words only, case-insensitive, the current concept excluded,
 * nothing inside existing links or code. The same plugin reports clicks and hovers on any
 * concept link (auto-linked or a real link to /concepts/{id}) so the page can navigate in
 * the app and show its preview card.
 */
import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { ConceptRef } from '../../api/concepts';

export interface TitleLink {
  /** Offsets in the searched text. */
  from: number;
  to: number;
  conceptId: number;
}

/** Letters, digits and underscore of any script count as word characters. */
const WORD = '[\\p{L}\\p{N}_]';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Builds the finder for a set of titles. One regular expression with the titles longest
 * first, so 'Machine Learning' wins over 'Machine' at the same place.
 */
export function titleLinkFinder(titles: ConceptRef[], excludeId: number | null): (text: string) => TitleLink[] {
  const idByTitle = new Map<string, number>();
  for (const { id, title } of titles) {
    const key = title.trim().toLowerCase();
    if (id === excludeId || !key || idByTitle.has(key)) continue;
    idByTitle.set(key, id);
  }
  if (idByTitle.size === 0) return () => [];
  const alternatives = [...idByTitle.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<!${WORD})(?:${alternatives.join('|')})(?!${WORD})`, 'giu');
  return (text) => {
    const links: TitleLink[] = [];
    for (const match of text.matchAll(pattern)) {
      const conceptId = idByTitle.get(match[0].toLowerCase());
      if (conceptId !== undefined && match.index !== undefined) links.push({ from: match.index, to: match.index + match[0].length, conceptId });
    }
    return links;
  };
}

/** Stands for an inline leaf node (image, hard break) so text offsets stay document positions. */
const LEAF = '\uFFFC';

function isLinkLike(doc: ProseMirrorNode, from: number, to: number): boolean {
  let found = false;
  doc.nodesBetween(from, to, (node) => {
    if (node.marks.some((m) => m.type.name === 'code' || m.type.name.toLowerCase().includes('link'))) found = true;
  });
  return found;
}

export function titleDecorations(doc: ProseMirrorNode, find: (text: string) => TitleLink[]): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    if (node.type.spec.code) return false;
    // Inside a textblock each character or leaf is one position, starting after the opening token.
    const text = node.textBetween(0, node.content.size, null, LEAF);
    const start = pos + 1;
    // A title inside [[…]] is already a link (editor/nodes/wiki-link-view.ts).
    const wiki = [...text.matchAll(/\[\[[^[\]\n]*\]\]/g)].map((m) => [m.index!, m.index! + m[0].length] as const);
    for (const link of find(text)) {
      const from = start + link.from;
      const to = start + link.to;
      if (isLinkLike(doc, from, to) || wiki.some(([a, b]) => link.from < b && link.to > a)) continue;
      decorations.push(
        Decoration.inline(from, to, {
          nodeName: 'a',
          href: `/concepts/${link.conceptId}`,
          class: 'concept-autolink text-nebula-400 underline decoration-dotted underline-offset-2 hover:text-nebula-300 cursor-pointer',
          'data-concept-id': String(link.conceptId),
        }),
      );
    }
    return false;
  });
  return DecorationSet.create(doc, decorations);
}

/** The concept a link points to: an auto-link's data attribute or an href /concepts/{id}. */
export function conceptIdOfLink(anchor: HTMLAnchorElement): number | null {
  const fromData = anchor.dataset.conceptId;
  if (fromData && /^[0-9]+$/.test(fromData)) return Number(fromData);
  const match = /^\/concepts\/([0-9]+)(?:[/?#]|$)/.exec(anchor.getAttribute('href') ?? '');
  return match?.[1] ? Number(match[1]) : null;
}

export interface ConceptLinkHover {
  conceptId: number;
  anchor: HTMLAnchorElement;
}

export interface AutoLinkTitlesOptions {
  titles: ConceptRef[];
  currentConceptId: number | null;
  /** A plain click on a concept link (modifier clicks keep the browser's behaviour). */
  onOpen(conceptId: number): void;
  /** Pointer entered a concept link (or left it: null). */
  onHover(hover: ConceptLinkHover | null): void;
}

function conceptAnchor(target: EventTarget | null): HTMLAnchorElement | null {
  if (!(target instanceof Element)) return null;
  const anchor = target.closest('a');
  return anchor && conceptIdOfLink(anchor) !== null ? anchor : null;
}

const pluginKey = new PluginKey<DecorationSet>('autoLinkTitles');

export const AutoLinkTitles = Extension.create<AutoLinkTitlesOptions>({
  name: 'autoLinkTitles',

  addOptions() {
    return { titles: [], currentConceptId: null, onOpen: () => undefined, onHover: () => undefined };
  },

  addProseMirrorPlugins() {
    const { titles, currentConceptId, onOpen, onHover } = this.options;
    const find = titleLinkFinder(titles, currentConceptId);
    return [
      new Plugin<DecorationSet>({
        key: pluginKey,
        state: {
          init: (_config, state) => titleDecorations(state.doc, find),
          apply: (tr, old) => (tr.docChanged ? titleDecorations(tr.doc, find) : old),
        },
        props: {
          decorations: (state) => pluginKey.getState(state),
          handleDOMEvents: {
            click: (_view, event) => {
              const anchor = conceptAnchor(event.target);
              if (!anchor || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
              event.preventDefault();
              onHover(null);
              onOpen(conceptIdOfLink(anchor)!);
              return true;
            },
            mouseover: (_view, event) => {
              const anchor = conceptAnchor(event.target);
              if (anchor) onHover({ conceptId: conceptIdOfLink(anchor)!, anchor });
              return false;
            },
            mouseout: (_view, event) => {
              const anchor = conceptAnchor(event.target);
              if (anchor && !(event.relatedTarget instanceof Node && anchor.contains(event.relatedTarget))) onHover(null);
              return false;
            },
          },
        },
      }),
    ];
  },
});
