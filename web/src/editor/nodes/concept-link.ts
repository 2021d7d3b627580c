/**
 * Concept links (spec document 1 §2): the `conceptLink` mark (href, title) renders as a
 * link to /concepts/{id}; `pendingConceptLink` is the purple italic placeholder for a
 * [[name]] with no matching concept yet. Typing `[[name]]` turns the text into a
 * pending link and asks the editor (onWikiLink) to resolve it.
 */
import { InputRule, Mark, mergeAttributes } from '@tiptap/core';

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
  /** Called when `[[name]]` was typed; the editor resolves it or opens the creation popup. */
  onWikiLink: (name: string) => void;
}

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
});
