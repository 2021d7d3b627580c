/**
 * An editor bound to one Yjs fragment (a daily note's block) that starts from the fragment's
 * document. Bound the usual way (Collaboration), an editor starts empty and its view, once
 * mounted, draws the fragment's document a second time: a transaction through every plugin,
 * then the DOM made again, about a third of a block editor's mount on a phone (4x CPU).
 */
import type { AnyExtension, Editor } from '@tiptap/core';
import Collaboration, { type CollaborationOptions } from '@tiptap/extension-collaboration';
import { EditorState } from '@tiptap/pm/state';
import { initProseMirrorDoc } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';

/**
 * Collaboration bound to `fragment`, for an editor that `startFromFragment` starts before its
 * view is mounted (`useEditorInSteps` does). Its binding is given the mapping from the
 * fragment's elements to the document's nodes instead of making it at mount: left empty, the
 * binding would take the editor's empty document for the user's and write it over the fragment
 * at the first edit.
 */
export function fragmentCollaboration(fragment: Y.XmlFragment | null): AnyExtension {
  return Collaboration.configure({ fragment, ySyncOptions: { mapping: new Map() } });
}

/**
 * The fragment's document as the editor's state, and the fragment's mapping to that document's
 * nodes as its binding's. Called in the task that mounts the view: the binding follows the
 * fragment from its mount on, and a change between the two would be missed. Does nothing for
 * an editor not bound by `fragmentCollaboration`.
 */
export function startFromFragment(editor: Editor): void {
  const options = editor.extensionManager.extensions.find((e) => e.name === Collaboration.name)?.options as CollaborationOptions | undefined;
  const mapping = options?.ySyncOptions?.mapping;
  if (!options?.fragment || !mapping) return;
  const { doc, meta } = initProseMirrorDoc(options.fragment, editor.schema);
  mapping.clear();
  meta.mapping.forEach((node, type) => mapping.set(type, node));
  // An empty fragment is an empty paragraph, as the binding draws it.
  editor.view.updateState(EditorState.create({ schema: editor.schema, doc: doc.type.createAndFill(null, doc.content) ?? doc }));
}
