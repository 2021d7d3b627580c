/** The editor's dialogs: the app's one modal, with fields stacked in its body. */
import type { ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog';

export function EditorDialog({ title, onClose, children, footer, wide = false }: { title: string; onClose: () => void; children: ReactNode; footer: ReactNode; wide?: boolean }) {
  return (
    <Dialog title={title} onClose={onClose} actions={footer} wide={wide}>
      <div className="space-y-3">{children}</div>
    </Dialog>
  );
}

export function ErrorText({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="text-sm text-red-300">
      {text}
    </p>
  ) : null;
}
