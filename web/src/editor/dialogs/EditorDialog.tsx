/**
 * A modal for the editor's dialogs: named by its title, Escape closes, focus moves in.
 * Rendered into <body> so that Enter in its fields never submits a form around the editor.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export function EditorDialog({ title, onClose, children, footer, wide = false }: { title: string; onClose: () => void; children: ReactNode; footer: ReactNode; wide?: boolean }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const first = panel.current?.querySelector<HTMLElement>('input, select, textarea, button');
    first?.focus();
  }, []);
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`flex max-h-[90vh] w-full flex-col rounded-xl border border-space-600 bg-space-900 shadow-2xl ${wide ? 'max-w-3xl' : 'max-w-lg'}`}
        onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onClose())}
      >
        <h2 id={titleId} className="border-b border-space-700 px-4 py-3 text-lg font-semibold">{title}</h2>
        <div className="flex-1 space-y-3 overflow-y-auto p-4">{children}</div>
        <div className="flex justify-end gap-2 border-t border-space-700 px-4 py-3">{footer}</div>
      </div>
    </div>,
    document.body,
  );
}

export function ErrorText({ text }: { text: string | null }) {
  return text ? <p role="alert" className="text-sm text-red-300">{text}</p> : null;
}
