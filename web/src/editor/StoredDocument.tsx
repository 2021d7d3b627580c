/**
 * A stored document drawn once through the editor's own schema, without an editor
 * instance: what a screen shows at once while its editors (or their live room) get ready.
 * Nodes render as the editor renders them (the same `renderHTML`), so the switch to the
 * editor does not move the text; nothing runs per keystroke and nothing is editable.
 */
import { getSchema, type JSONContent } from '@tiptap/core';
import { DOMSerializer, type Schema } from '@tiptap/pm/model';
import { useLayoutEffect, useRef } from 'react';
import { buildExtensions } from './extensions';

let schema: Schema | null = null;
const noop = () => undefined;

function editorSchema(): Schema {
  schema ??= getSchema(buildExtensions({ handlers: { onWikiLink: noop, onCreateConcept: noop, onEditChart: noop, isWebView: () => false }, withSuggestions: false, withHistory: false }));
  return schema;
}

export function StoredDocument({ doc, className = '' }: { doc: JSONContent; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    try {
      const node = editorSchema().nodeFromJSON(doc);
      el.replaceChildren(DOMSerializer.fromSchema(editorSchema()).serializeFragment(node.content));
    } catch {
      // A document the schema refuses: its text only.
      el.textContent = JSON.stringify(doc).replace(/.*?"text":"([^"]*)"|.*$/g, '$1 ').trim();
    }
  }, [doc]);
  return <div ref={ref} className={`ProseMirror ${className}`} />;
}
