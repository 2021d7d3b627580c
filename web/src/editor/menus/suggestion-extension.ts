/**
 * One way to build every suggestion trigger of the editor on @tiptap/suggestion: a
 * trigger, where it may fire, where its items come from, and what picking one does.
 */
import { Extension, type Editor, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import { ReactRenderer } from '@tiptap/react';
import Suggestion, { type SuggestionProps } from '@tiptap/suggestion';
import { SuggestionList, type SuggestionItem, type SuggestionListHandle, type SuggestionListProps } from './SuggestionList';

export interface TriggerSpec<I extends SuggestionItem> {
  name: string;
  char: string;
  title: string;
  emptyText: string;
  /** Said instead of `emptyText` when the items could not be loaded (default: `emptyText`). */
  errorText?: string;
  allowSpaces?: boolean;
  minQueryLength?: number;
  /** Only in a paragraph (the slash menu), for example. */
  allow?: (editor: Editor, range: Range) => boolean;
  items: (query: string) => I[] | Promise<I[]>;
  pick: (editor: Editor, range: Range, item: I) => void;
}

export function suggestionTrigger<I extends SuggestionItem>(spec: TriggerSpec<I>) {
  return Extension.create({
    name: `${spec.name}Suggestion`,
    addProseMirrorPlugins() {
      const editor = this.editor;
      // Whether the last lookup failed: the list then says so instead of 'nothing found'.
      let failed = false;
      return [
        Suggestion<I, I>({
          editor,
          pluginKey: new PluginKey(`${spec.name}Suggestion`),
          char: spec.char,
          allowSpaces: spec.allowSpaces ?? false,
          minQueryLength: spec.minQueryLength ?? 0,
          debounce: spec.minQueryLength ? 150 : 0,
          allow: ({ range }) => (spec.allow ? spec.allow(editor, range) : true),
          items: async ({ query }) => {
            if (query.length < (spec.minQueryLength ?? 0)) return [];
            try {
              const items = await spec.items(query);
              failed = false;
              return items;
            } catch (err) {
              console.warn(`${spec.name} suggestions failed`, err);
              failed = true;
              return [];
            }
          },
          command: ({ editor: e, range, props }) => spec.pick(e, range, props),
          render: () => {
            let renderer: ReactRenderer<SuggestionListHandle, SuggestionListProps> | null = null;
            let unmount: (() => void) | null = null;
            const hide = () => {
              unmount?.();
              renderer?.destroy();
              renderer = null;
              unmount = null;
            };
            // The list appears once the query is long enough ('[[', '#', 'C::' alone show nothing).
            const show = (props: SuggestionProps<I, I>) => {
              if (props.query.length < (spec.minQueryLength ?? 0)) return hide();
              const listProps = { items: props.items, title: spec.title, emptyText: failed ? (spec.errorText ?? spec.emptyText) : spec.emptyText, failed, command: props.command, owner: props.editor.view.dom };
              if (renderer) return renderer.updateProps(listProps);
              renderer = new ReactRenderer(SuggestionList, { editor: props.editor, props: listProps });
              unmount = props.mount(renderer.element);
            };
            return {
              onStart: show,
              onUpdate: show,
              onKeyDown: ({ event }) => {
                if (event.key === 'Escape') return false;
                return renderer?.ref?.onKeyDown(event) ?? false;
              },
              onExit: hide,
            };
          },
        }),
      ];
    },
  });
}
