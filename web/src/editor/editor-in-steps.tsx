/**
 * An editor made in steps, each in a task of its own (the first once the page has drawn a frame), for a
 * page that makes many of them while a person reads it (the daily note's blocks): made at
 * once, one editor held the page about 100 ms on a phone (4x CPU), its first one 300 ms.
 *
 * 1. The editor (its extensions, schema, commands and document), without a view (the page's
 *    first editor builds its schema alone before).
 * 2. The plugins and node views its view is made with.
 * 3. Its view, drawn in an element off the page (node views through React portals from the
 *    start, and a live editor's document from its fragment at once: nothing is drawn twice).
 * 4. The screen's render: the view's element placed in the editor's frame (`PlacedView`),
 *    with what the screen draws around it.
 * The screen draws its menus once the editor first has the focus (`useFocusedOnce`): they
 * show only on a selection or an empty line, and registering their plugins makes every
 * plugin's view again (the room binding's redraw of the document among them).
 */
import { Editor, getSchema, type EditorOptions } from '@tiptap/core';
import { createContentComponent } from '@tiptap/react';
import { startTransition, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { afterFrame } from '../lib/after-frame';
import { startFromFragment } from './fragment-binding';

/** An editor whose node views draw through React portals (as @tiptap/react's EditorContent sets it). */
type EditorWithContentComponent = Editor & { contentComponent?: ReturnType<typeof createContentComponent> | null; isEditorContentInitialized?: boolean };

/** True from a task after `editor` first has the focus (and for an editor focused before it is given here). */
export function useFocusedOnce(editor: Editor | null): boolean {
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!editor || focused) return;
    let cancel = () => {};
    const onFocus = () => (cancel = nextTask(() => setFocused(true)));
    if (editor.isFocused) onFocus();
    editor.on('focus', onFocus);
    return () => {
      editor.off('focus', onFocus);
      cancel();
    };
  }, [editor, focused]);
  return focused;
}

/** Runs `run` in a task of its own, soon (input and frames may come between); answers a cancel. */
function nextTask(run: () => void): () => void {
  const timer = window.setTimeout(run);
  return () => clearTimeout(timer);
}

/** `object[name]` (a getter that works it out at each read) worked out now, and kept. */
function once<T extends object>(object: T, name: keyof T) {
  Object.defineProperty(object, name, { value: object[name], configurable: true });
}

/** Whether this page load has built a schema yet: the first one runs the editor's code cold (3x slower). */
let warmed = false;

/**
 * The editor of `options` (read when its first step runs; its update callback always the
 * latest), null until its view is drawn. It is destroyed with the component.
 */
export function useEditorInSteps(options: Partial<EditorOptions>): EditorWithContentComponent | null {
  const latest = useRef(options);
  latest.current = options;
  const [editor, setEditor] = useState<EditorWithContentComponent | null>(null);
  useEffect(() => {
    let made: EditorWithContentComponent | null = null;
    const steps: (() => void)[] = [
      // The page's first editor: its schema alone first, so that the editor's code is warm.
      () => {
        if (!warmed) getSchema(latest.current.extensions ?? []);
        warmed = true;
      },
      () => (made = new Editor({ ...latest.current, element: null, onUpdate: (props) => latest.current.onUpdate?.(props) })),
      // The plugins, node views and mark views the view is made with, worked out once here
      // (the extension manager works them out again at each read; the view reads them once).
      () => once(made!.extensionManager, 'plugins'),
      () => (once(made!.extensionManager, 'nodeViews'), once(made!.extensionManager, 'markViews')),
      () => {
        made!.contentComponent = createContentComponent();
        startFromFragment(made!);
        made!.mount(document.createElement('div'));
        // Its frame (toolbar, counts) rendered as a transition: React yields to the page between its parts.
        startTransition(() => setEditor(made));
      },
    ];
    const run = (i: number) => {
      steps[i]!();
      if (i + 1 < steps.length) cancel = nextTask(() => run(i + 1));
    };
    let cancel = afterFrame(() => run(0));
    return () => {
      cancel();
      made?.destroy();
      setEditor(null);
    };
  }, []);
  return editor;
}

/** The view of an editor made in steps, moved into the page, and its node views' portals. */
export function PlacedView({ editor }: { editor: EditorWithContentComponent }) {
  const place = useRef<HTMLDivElement>(null);
  const content = editor.contentComponent!;
  const portals = useSyncExternalStore(content.subscribe, content.getSnapshot);
  useLayoutEffect(() => {
    place.current!.appendChild(editor.view.dom);
    // Node views made from now on draw at once, as under @tiptap/react's EditorContent.
    editor.isEditorContentInitialized = true;
    return () => {
      editor.isEditorContentInitialized = false;
    };
  }, [editor]);
  return (
    <>
      <div ref={place} />
      {Object.values(portals)}
    </>
  );
}
