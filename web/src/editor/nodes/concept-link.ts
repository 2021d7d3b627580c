/**
 * Concept links (spec document 1 §2): the `conceptLink` mark (href, title) renders as a
 * link to /concepts/{id}; `pendingConceptLink` is the purple italic placeholder for a
 * [[name]] with no matching concept yet. Typing `[[name]]` turns the text into a
 * pending link and asks the editor (onWikiLink) to resolve it. Pasting text that holds
 * `[[name]]`s does the same to each (quietly: a name no concept has stays a placeholder,
 * without the creation popup typing opens), as the server does to text written elsewhere
 * (worker/src/domain/wiki-links.ts).
 */
import { InputRule, Mark, PasteRule, mergeAttributes } from '@tiptap/core';

const CONCEPT_HREF = /^\/concepts\/\d+$/;

export const conceptHref = (id: number) => `/concepts/${id}`;

export const ConceptLink = Mark.create({
  name: 'conceptLink',
  priority: 1001,
  inclusive: false,
  addAttributes() {
    return { href: { default: null }, title: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'a[data-concept-link]', getAttrs: (el) => (CONCEPT_HREF.test((el as HTMLElement).getAttribute('href') ?? '') ? {} : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    const href = CONCEPT_HREF.test(String(HTMLAttributes.href ?? '')) ? HTMLAttributes.href : null;
    return ['a', mergeAttributes({ 'data-concept-link': '', class: 'concept-link text-nebula-400 underline decoration-dotted' }, { href, title: HTMLAttributes.title })];
  },
});

export interface PendingLinkOptions {
  /**
   * Called when `[[name]]` was typed (or pasted: `quiet`); the editor resolves it, or opens
   * the creation popup for a typed name no concept has.
   */
  onWikiLink: (name: string, quiet?: boolean) => void;
}

/** Names a single paste resolves at most (one concept search each); the others stay placeholders. */
const PASTE_LOOKUPS = 50;
/** Marks under which `[[…]]` is what was written: code, and text already a link. */
const KEEPS_BRACKETS = new Set(['code', 'link', 'conceptLink', 'pendingConceptLink']);

export const PendingConceptLink = Mark.create<PendingLinkOptions>({
  name: 'pendingConceptLink',
  inclusive: false,
  addOptions() {
    return { onWikiLink: () => undefined };
  },
  addAttributes() {
    return { name: { default: '' } };
  },
  parseHTML() {
    return [{ tag: 'span[data-pending-concept]' }];
  },
  renderHTML({ HTMLAttributes }) {
    // Styled by editor.css, not an inline style: Chrome restructures inline-styled elements
    // when typing at their edge, and the DOM read-back would then drop the mark.
    return ['span', mergeAttributes({ 'data-pending-concept': '' }, HTMLAttributes)];
  },
  addInputRules() {
    return [
      new InputRule({
        find: /\[\[([^[\]]+)\]\]$/,
        handler: ({ state, range, match }) => {
          const name = match[1]!.trim();
          if (!name) return;
          const mark = this.type.create({ name });
          state.tr.replaceWith(range.from, range.to, state.schema.text(name, [mark])).removeStoredMark(this.type);
          const callback = this.options.onWikiLink;
          setTimeout(() => callback(name), 0);
        },
      }),
    ];
  },
  addPasteRules() {
    // One paste's names, looked up once each after the paste has landed.
    let names = new Set<string>();
    const lookUp = () => {
      const callback = this.options.onWikiLink;
      for (const name of [...names].slice(0, PASTE_LOOKUPS)) callback(name, true);
      names = new Set();
    };
    return [
      new PasteRule({
        find: /\[\[([^[\]\n]+?)\]\]/g,
        handler: ({ state, range, match }) => {
          const name = match[1]!.trim();
          if (!name) return;
          let kept = false;
          state.doc.nodesBetween(range.from, range.to, (node) => {
            if (node.marks.some((m) => KEEPS_BRACKETS.has(m.type.name))) kept = true;
          });
          if (kept) return;
          const marks = state.doc.resolve(range.from + 1).marks().filter((m) => !KEEPS_BRACKETS.has(m.type.name));
          state.tr.replaceWith(range.from, range.to, state.schema.text(name, [...marks, this.type.create({ name })]));
          if (!names.size) setTimeout(lookUp, 0);
          names.add(name);
        },
      }),
    ];
  },
});
