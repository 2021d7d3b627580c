/** Toasts, bottom-right. Default 3 s; success and info 1-8 s; errors 5 s; flashcard toasts 6 s. */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type Kind = 'success' | 'error' | 'info' | 'warning';
interface Toast {
  id: number;
  kind: Kind;
  text: string;
}
interface ToastApi {
  show(kind: Kind, text: string, durationMs?: number): void;
  success(text: string, durationMs?: number): void;
  error(text: string, durationMs?: number): void;
  info(text: string, durationMs?: number): void;
  warning(text: string, durationMs?: number): void;
}

export const TOAST_DEFAULT_MS = 3000;
export const TOAST_ERROR_MS = 5000;
export const TOAST_FLASHCARD_MS = 6000;

const ToastContext = createContext<ToastApi | null>(null);
let nextId = 1;

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast outside ToastProvider');
  return value;
}

const STYLE: Record<Kind, string> = {
  success: 'border-emerald-500/60 bg-emerald-950/90 text-emerald-100',
  error: 'border-red-500/60 bg-red-950/90 text-red-100',
  info: 'border-sky-500/60 bg-sky-950/90 text-sky-100',
  warning: 'border-amber-500/60 bg-amber-950/90 text-amber-100',
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (kind: Kind, text: string, durationMs?: number) => {
      const id = nextId++;
      setToasts((all) => [...all, { id, kind, text }]);
      setTimeout(() => dismiss(id), durationMs ?? (kind === 'error' ? TOAST_ERROR_MS : TOAST_DEFAULT_MS));
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (t, d) => show('success', t, d),
      error: (t, d) => show('error', t, d),
      info: (t, d) => show('info', t, d),
      warning: (t, d) => show('warning', t, d),
    }),
    [show],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed right-4 bottom-4 z-[60] flex max-w-sm flex-col gap-2" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} role={t.kind === 'error' ? 'alert' : 'status'} className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-xl ${STYLE[t.kind]}`}>
            <span className="flex-1 whitespace-pre-line">{t.text}</span>
            <button type="button" aria-label="Fermer" title="Fermer" className="opacity-70 hover:opacity-100" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
