/**
 * Create or edit a constellation (spec document 2 'Constellation manager', §5): Nom
 * (required), Description, Icône (at most 5 characters as a person counts them), Couleur
 * (picker plus hex text, only #RRGGBB). A bottom drawer on small screens.
 */
import { useState, type FormEvent } from 'react';
import { constellationProblems, countGraphemes, DEFAULT_CONSTELLATION_COLOR, ICON_MAX_GRAPHEMES, isValidConstellationColor } from '@domain/constellation';
import { constellationsApi, type ConstellationWrite, type Constellation } from '../../api/constellations';
import { Dialog } from '../../ui/Dialog';
import { errorText } from '../../ui/error-text';

interface Props {
  open: boolean;
  /** The constellation being edited; null to create one. */
  editing: Constellation | null;
  onClose(): void;
  onSaved(constellation: Constellation, created: boolean): void;
}

interface Draft {
  name: string;
  description: string;
  icon: string;
  color: string;
  hex: string;
}

const draftOf = (c: Constellation | null): Draft => ({
  name: c?.name ?? '',
  description: c?.description ?? '',
  icon: c?.icon ?? '',
  color: c?.color ?? DEFAULT_CONSTELLATION_COLOR,
  hex: c?.color ?? DEFAULT_CONSTELLATION_COLOR,
});

export function ConstellationDialog({ open, editing, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState<Draft>(draftOf(editing));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Opening (or switching what is edited) starts from that constellation's values, set
  // while rendering so the dialog never shows the previous draft for a frame.
  const [shownFor, setShownFor] = useState({ open, editing });
  if (shownFor.open !== open || shownFor.editing !== editing) {
    setShownFor({ open, editing });
    if (open) {
      setDraft(draftOf(editing));
      setTried(false);
      setError(null);
    }
  }

  const problems = constellationProblems({ name: draft.name, icon: draft.icon, color: draft.hex });
  const problem = (field: 'name' | 'icon' | 'color') => problems.find((p) => p.field === field)?.message;
  // Icon and colour are checked as they are typed; an empty name only after a save attempt.
  const show = (field: 'name' | 'icon' | 'color') => (field === 'name' && !tried ? undefined : problem(field));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (problems.length > 0) return;
    const body: ConstellationWrite = { name: draft.name.trim(), description: draft.description.trim() || null, color: draft.color, icon: draft.icon.trim() || null };
    setBusy(true);
    setError(null);
    try {
      const saved = editing ? await constellationsApi.update(editing.id, body) : await constellationsApi.create(body);
      onSaved(saved, editing === null);
    } catch (err) {
      setError(errorText(err, 'Une erreur est survenue.', '\n'));
    } finally {
      setBusy(false);
    }
  }

  const formId = 'constellation-form';
  return (
    <Dialog
      title={editing ? 'Modifier la constellation' : 'Nouvelle constellation'}
      open={open}
      onClose={() => !busy && onClose()}
      drawerOnSmall
      actions={
        <>
          <button type="button" className="btn-ghost" onClick={onClose} disabled={busy}>
            Annuler
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={busy}>
            {busy ? 'Enregistrement...' : editing ? 'Enregistrer' : 'Créer'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4 text-sm">
        <label className="block">
          <span className="mb-1 block text-slate-300">Nom *</span>
          <input className="field" value={draft.name} disabled={busy} onChange={(e) => set({ name: e.target.value })} aria-invalid={Boolean(show('name'))} />
          {show('name') && <span className="mt-1 block text-red-300">{show('name')}</span>}
        </label>
        <label className="block">
          <span className="mb-1 block text-slate-300">Description</span>
          <textarea className="field min-h-20" value={draft.description} disabled={busy} onChange={(e) => set({ description: e.target.value })} />
        </label>
        <label className="block">
          <span className="mb-1 block text-slate-300">Icône</span>
          <input className="field" value={draft.icon} disabled={busy} placeholder="✨" onChange={(e) => set({ icon: e.target.value })} aria-invalid={Boolean(show('icon'))} />
          <span className="mt-1 block text-xs text-slate-500">
            {countGraphemes(draft.icon.trim())}/{ICON_MAX_GRAPHEMES}
          </span>
          {show('icon') && <span className="mt-1 block text-red-300">{show('icon')}</span>}
        </label>
        <div>
          <div className="flex items-end gap-3">
            <label className="block">
              <span className="mb-1 block text-slate-300">Couleur</span>
              <input
                type="color"
                className="h-10 w-14 cursor-pointer rounded border border-space-600 bg-space-900"
                value={draft.color}
                disabled={busy}
                onChange={(e) => set({ color: e.target.value, hex: e.target.value })}
              />
            </label>
            <label className="block flex-1">
              <span className="mb-1 block text-slate-300">Code hexadécimal</span>
              <input
                className="field font-mono"
                value={draft.hex}
                disabled={busy}
                maxLength={7}
                aria-invalid={Boolean(show('color'))}
                onChange={(e) => set({ hex: e.target.value, ...(isValidConstellationColor(e.target.value) ? { color: e.target.value } : {}) })}
              />
            </label>
          </div>
          {show('color') && <span className="mt-1 block text-red-300">{show('color')}</span>}
        </div>
        {error && (
          <p role="alert" className="whitespace-pre-line text-red-300">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
