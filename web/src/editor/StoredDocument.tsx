/**
 * A stored document drawn once as the editor draws it, without the editor's code
 * (light-document.ts): what a screen shows at once while its editors (or their live room)
 * get ready. Nodes render with the same elements as the editor's `renderHTML`, so the switch
 * to the editor does not move the text; nothing runs per keystroke and nothing is editable.
 */
import { useLayoutEffect, useRef } from 'react';
import { renderStoredDocument, type StoredNode } from './light-document';
// The editor's look (lists, tasks, code, tables, links), without its code.
import './editor.css';

export function StoredDocument({ doc, className = '' }: { doc: StoredNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(renderStoredDocument(doc, document));
  }, [doc]);
  return <div ref={ref} className={`ProseMirror ${className}`} />;
}
