/**
 * The one modal dialog of the app: centred card, or a bottom drawer on small screens when
 * asked. Escape and the backdrop close it; focus moves into it on open and back to the
 * opener on close. Rendered into <body>, so Enter in its fields never submits a form
 * around the screen that opened it (the concept form around the editor, say).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { SMALL_SCREEN, useMediaQuery } from '../lib/use-media-query';

interface DialogProps {
  title: string;
  /** Defaults to true, for dialogs that are rendered only while shown. */
  open?: boolean;
  onClose(): void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  actions?: ReactNode;
  /** On small screens, slide up from the bottom instead of floating in the middle. */
  drawerOnSmall?: boolean;
  wide?: boolean;
}

export function Dialog({ title, open = true, onClose, children, actions, drawerOnSmall = false, wide = false }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const small = useMediaQuery(SMALL_SCREEN);
  const asDrawer = drawerOnSmall && small;

  // Callers pass a fresh onClose each render; the key listener reads the latest one.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('input, textarea, select, button:not([data-dialog-close])');
    (first ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      // Escape closes only the topmost dialog (one opened from another is rendered after it).
      if (e.key === 'Escape' && panel.current && isTopmost(panel.current)) closeRef.current();
      if (e.key === 'Tab' && panel.current) keepFocusInside(panel.current, e);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  const placement = asDrawer ? 'items-end' : 'items-center justify-center p-4';
  const shape = asDrawer ? 'w-full rounded-t-2xl max-h-[85vh]' : `w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-xl max-h-[90vh]`;
  return createPortal(
    <div className={`fixed inset-0 z-50 flex bg-black/70 ${placement}`} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={`flex flex-col border border-space-600 bg-space-900 shadow-2xl ${shape}`}>
        <div className="flex items-center justify-between border-b border-space-700 px-5 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button type="button" data-dialog-close aria-label="Fermer" title="Fermer" className="text-xl text-slate-400 hover:text-white" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
        {actions && <div className="flex flex-wrap justify-end gap-2 border-t border-space-700 px-5 py-3">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Whether `panel` is the dialog on top: one opened from another is rendered after it. */
function isTopmost(panel: HTMLElement): boolean {
  const modals = document.querySelectorAll('[aria-modal="true"]');
  return modals[modals.length - 1] === panel;
}

/** Tab and Shift+Tab go round the dialog's own controls instead of leaving for the screen behind it. */
function keepFocusInside(panel: HTMLElement, e: KeyboardEvent): void {
  if (!isTopmost(panel)) return;
  const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  const inside = panel.contains(document.activeElement);
  if (e.shiftKey && (!inside || document.activeElement === first || document.activeElement === panel)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (!inside || document.activeElement === last)) {
    e.preventDefault();
    first.focus();
  }
}

interface ConfirmProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** 'Annuler' on the French screens; the English settings screens say 'Cancel'. */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel = 'Annuler', busy = false, onConfirm, onCancel }: ConfirmProps) {
  return (
    <Dialog
      title={title}
      open={open}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn-ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className="btn bg-red-600 text-white hover:bg-red-500" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="text-slate-200">{message}</p>
    </Dialog>
  );
}
