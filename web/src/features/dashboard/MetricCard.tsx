/** A dashboard figure with an info button that explains it ('Compris' closes). */
import { useState, type ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog';
import type { Loading } from '../../ui/use-load';

interface Props<T> {
  title: string;
  info: string;
  source: Loading<T>;
  value(data: T): ReactNode;
  /** A small line under the figure, from the same data. */
  hint?(data: T): ReactNode;
}

export function MetricCard<T>({ title, info, source, value, hint }: Props<T>) {
  const [open, setOpen] = useState(false);
  return (
    <div className="card relative min-h-28" data-testid={`metric-${title}`}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm text-slate-400">{title}</h3>
        <button type="button" aria-label={`Informations : ${title}`} title={`Informations : ${title}`} className="h-6 w-6 shrink-0 rounded-full border border-space-600 text-xs text-slate-300 hover:bg-space-700" onClick={() => setOpen(true)}>
          i
        </button>
      </div>
      <div className="mt-2 text-3xl font-semibold" data-testid="metric-value">
        {source.phase === 'loading' && <span className="text-base text-slate-500">…</span>}
        {source.phase === 'error' && <span className="text-base text-red-300">Erreur</span>}
        {source.phase === 'loaded' && value(source.data)}
      </div>
      {hint && source.phase === 'loaded' && <p className="mt-1 text-xs text-slate-500">{hint(source.data)}</p>}
      <Dialog
        open={open}
        title={title}
        onClose={() => setOpen(false)}
        actions={
          <button type="button" className="btn-primary" onClick={() => setOpen(false)}>
            Compris
          </button>
        }
      >
        <p className="text-slate-300">{info}</p>
      </Dialog>
    </div>
  );
}
