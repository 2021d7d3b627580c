/**
 * One constellation in the manager's grid: icon, name, description, concept count, a
 * menu (Voir les concepts, Modifier, Supprimer) and 'Étudier cette constellation'.
 * Clicking the card itself opens its concepts.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Constellation } from '../../api/constellations';

export const studyPath = (id: number) => `/study/select-concepts?constellation=${id}`;
export const conceptsPath = (id: number) => `/constellations/${id}/concepts`;

interface Props {
  constellation: Constellation;
  onEdit(c: Constellation): void;
  onDelete(c: Constellation): void;
}

function CardMenu({ constellation, onEdit, onDelete }: Props) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    box.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const item = (label: string, action: () => void, danger = false) => (
    <button
      type="button"
      role="menuitem"
      className={`block w-full px-4 py-2 text-left text-sm hover:bg-space-700 ${danger ? 'text-red-300' : 'text-slate-200'}`}
      onClick={() => {
        setOpen(false);
        action();
      }}
    >
      {label}
    </button>
  );
  return (
    <div ref={box} className="relative">
      <button type="button" aria-label={`Options de ${constellation.name}`} title={`Options de ${constellation.name}`} aria-haspopup="menu" aria-expanded={open} className="rounded-md px-2 py-1 text-xl leading-none text-slate-300 hover:bg-space-700" onClick={() => setOpen((o) => !o)}>
        ⋮
      </button>
      {open && (
        <div role="menu" aria-label={`Actions pour ${constellation.name}`} className="absolute top-full right-0 z-20 mt-1 w-48 overflow-hidden rounded-md border border-space-600 bg-space-800 shadow-xl">
          {item('Voir les concepts', () => navigate(conceptsPath(constellation.id)))}
          {item('Modifier', () => onEdit(constellation))}
          {item('Supprimer', () => onDelete(constellation), true)}
        </div>
      )}
    </div>
  );
}

export function ConstellationCard(props: Props) {
  const { constellation } = props;
  const navigate = useNavigate();
  const openConcepts = (e: MouseEvent) => {
    // Buttons, links and the menu inside the card do their own thing.
    if ((e.target as Element).closest('button, a, [role=menu]')) return;
    navigate(conceptsPath(constellation.id));
  };
  return (
    <article
      aria-label={constellation.name}
      onClick={openConcepts}
      className="card flex cursor-pointer flex-col gap-3 border-t-4 transition hover:-translate-y-0.5 hover:border-nebula-500/60"
      style={{ borderTopColor: constellation.color }}
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-xl" style={{ backgroundColor: `${constellation.color}66` }}>
          {constellation.icon || '✦'}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold">
            <Link to={conceptsPath(constellation.id)} className="hover:text-nebula-400">
              {constellation.name}
            </Link>
          </h2>
          <p className="text-xs text-slate-400">{constellation.conceptCount} concept(s)</p>
        </div>
        <CardMenu {...props} />
      </div>
      {constellation.description && <p className="line-clamp-3 text-sm text-slate-300">{constellation.description}</p>}
      <Link to={studyPath(constellation.id)} className="btn-ghost mt-auto text-sm">
        Étudier cette constellation
      </Link>
    </article>
  );
}
