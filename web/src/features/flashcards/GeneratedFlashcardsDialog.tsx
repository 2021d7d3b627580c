/**
 * Review of AI candidates (spec document 2 §2 'Generated-flashcards review dialog'): all
 * selected at first; each can be deselected, edited or removed. Saving creates only the
 * selected ones, one call per card in sequence, and shows its progress; each saved card
 * leaves the list, so a retry after a partial failure saves only the rest.
 */
import { useEffect, useState } from 'react';
import { useToast } from '../../ui/Toasts';
import { errorText } from '../../ui/error-text';
import { flashcardsApi } from '../../api/flashcards';
import type { GeneratedFlashcard } from '../../api/ai';
import { Dialog } from '../../ui/Dialog';

interface Candidate extends GeneratedFlashcard {
  key: number;
  selected: boolean;
}

interface Props {
  conceptId: number;
  candidates: GeneratedFlashcard[] | null;
  onClose(): void;
  onSaved(): void;
}

export const SAVED_NOTICE_MS = 4000;

export function GeneratedFlashcardsDialog({ conceptId, candidates, onClose, onSaved }: Props) {
  const toast = useToast();
  const [items, setItems] = useState<Candidate[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  useEffect(() => {
    setItems((candidates ?? []).map((c, key) => ({ ...c, key, selected: true })));
    setProgress(null);
  }, [candidates]);

  const selected = items.filter((i) => i.selected);
  const saving = progress !== null;
  const change = (key: number, patch: Partial<Candidate>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  const setAll = (value: boolean) => setItems((all) => all.map((i) => ({ ...i, selected: value })));

  async function save() {
    if (selected.length === 0 || saving) return;
    let done = 0;
    setProgress({ done, total: selected.length });
    try {
      for (const card of selected) {
        await flashcardsApi.create(conceptId, { question: card.recto.trim(), answer: card.verso.trim(), tags: [] });
        done += 1;
        // A saved candidate leaves the list at once, so retrying after a failure cannot create it twice.
        setItems((all) => all.filter((i) => i.key !== card.key));
        setProgress({ done, total: selected.length });
      }
    } catch (err) {
      toast.error(`Erreur lors de la sauvegarde: ${errorText(err, 'Une erreur est survenue')}`);
      setProgress(null);
      return;
    }
    toast.success(`${done} flashcard(s) créée(s) avec succès !`, SAVED_NOTICE_MS);
    onSaved();
  }

  return (
    <Dialog
      open={candidates !== null}
      wide
      title="Flashcards générées"
      onClose={() => !saving && onClose()}
      actions={
        <>
          <button type="button" className="btn-ghost" disabled={saving} onClick={onClose}>
            Fermer
          </button>
          <button type="button" className="btn-primary" disabled={selected.length === 0 || saving || selected.some((c) => !c.recto.trim() || !c.verso.trim())} onClick={() => void save()}>
            {saving ? `Sauvegarde ${progress.done} / ${progress.total}...` : `Créer ${selected.length} flashcard(s)`}
          </button>
        </>
      }
    >
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-300">
          {selected.length} / {items.length} sélectionnée(s)
        </span>
        <button type="button" className="btn-ghost px-2 py-1 text-xs" disabled={saving} onClick={() => setAll(true)}>
          Tout sélectionner
        </button>
        <button type="button" className="btn-ghost px-2 py-1 text-xs" disabled={saving} onClick={() => setAll(false)}>
          Tout désélectionner
        </button>
      </div>
      {selected.length === 0 && (
        <p role="alert" className="mb-3 rounded-md border border-amber-600/50 bg-amber-950/60 px-3 py-2 text-sm text-amber-100">
          Sélectionnez au moins une flashcard pour pouvoir les créer.
        </p>
      )}
      {saving && <progress className="mb-3 w-full" max={progress.total} value={progress.done} aria-label="Progression de la sauvegarde" />}
      <ul className="space-y-3">
        {items.map((item, n) => (
          <li key={item.key} className={`rounded-lg border p-3 ${item.selected ? 'border-nebula-500/60 bg-space-800' : 'border-space-700 opacity-70'}`}>
            <div className="mb-2 flex items-center justify-between">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={item.selected} disabled={saving} onChange={(e) => change(item.key, { selected: e.target.checked })} />
                Flashcard {n + 1}
              </label>
              <button type="button" className="text-sm text-red-300 hover:text-red-200" disabled={saving} onClick={() => setItems((all) => all.filter((i) => i.key !== item.key))}>
                Supprimer
              </button>
            </div>
            <label className="block text-xs">
              <span className="text-slate-400">Recto (question) {n + 1}</span>
              <textarea className="field mt-1 min-h-14 text-sm" value={item.recto} disabled={saving} onChange={(e) => change(item.key, { recto: e.target.value })} />
            </label>
            <label className="mt-2 block text-xs">
              <span className="text-slate-400">Verso (réponse) {n + 1}</span>
              <textarea className="field mt-1 min-h-14 text-sm" value={item.verso} disabled={saving} onChange={(e) => change(item.key, { verso: e.target.value })} />
            </label>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
