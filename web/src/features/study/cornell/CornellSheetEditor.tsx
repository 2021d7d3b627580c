/**
 * A Cornell sheet being written: rows of a cue (left: a question or a keyword) beside
 * notes (right: the product's rich editor), and a summary at the bottom. Kept as the
 * person types (use-cornell-sheet.ts: this device at once, the server a moment later).
 */
import { useId } from 'react';
import { RichTextEditor } from '../../../editor/RichTextEditor';
import type { JSONContent } from '@tiptap/react';
import type { RichDoc } from '@domain/richtext';
import { emptyRow, type EditedRow, type SaveState } from './use-cornell-sheet';

const SAVE_TEXT: Record<SaveState, string> = {
  saved: 'Fiche enregistrée.',
  pending: 'Modifications gardées sur cet appareil…',
  saving: 'Enregistrement…',
  failed: 'Non enregistrée sur le serveur : vos changements restent sur cet appareil.',
};

interface Props {
  conceptId: number;
  rows: EditedRow[];
  summary: string;
  state: SaveState;
  notice: string | null;
  saveError: string | null;
  update(recipe: (rows: EditedRow[]) => EditedRow[]): void;
  changeSummary(text: string): void;
  retry(): void;
}

function SheetRow({ row, index, conceptId, count, update }: { row: EditedRow; index: number; conceptId: number; count: number; update: Props['update'] }) {
  const cueId = useId();
  const set = (patch: Partial<EditedRow>) => update((rows) => rows.map((r) => (r.key === row.key ? { ...r, ...patch } : r)));
  return (
    <li className="grid grid-cols-1 gap-2 border-t border-space-600 py-3 first:border-t-0 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]" data-testid="cornell-row">
      <div className="space-y-1">
        <label htmlFor={cueId} className="block text-sm text-slate-300">
          Question {index + 1}
        </label>
        <textarea id={cueId} className="field min-h-20" maxLength={500} value={row.cue} placeholder="Une question ou un mot-clé" onChange={(e) => set({ cue: e.target.value })} />
        <button type="button" className="btn-ghost text-sm" disabled={count === 1} onClick={() => update((rows) => rows.filter((r) => r.key !== row.key))}>
          Retirer la ligne {index + 1}
        </button>
      </div>
      <div className="min-w-0">
        <RichTextEditor
          value={row.notes as JSONContent | null}
          onChange={(doc) => set({ notes: doc as RichDoc })}
          collaboration={null}
          conceptId={conceptId}
          toolbar="none"
          characterLimit={20_000}
          ariaLabel={`Notes de la question ${index + 1}`}
          placeholder="Vos notes pour cette question"
        />
      </div>
    </li>
  );
}

export function CornellSheetEditor({ conceptId, rows, summary, state, notice, saveError, update, changeSummary, retry }: Props) {
  const summaryId = useId();
  return (
    <div className="card space-y-3" data-testid="cornell-sheet">
      <div className="hidden grid-cols-[minmax(0,1fr)_minmax(0,2fr)] gap-2 text-sm font-semibold text-slate-300 md:grid" aria-hidden="true">
        <span>Questions</span>
        <span>Notes</span>
      </div>
      <ol className="list-none">
        {rows.map((row, i) => (
          <SheetRow key={row.key} row={row} index={i} count={rows.length} conceptId={conceptId} update={update} />
        ))}
      </ol>
      <button type="button" className="btn-ghost" disabled={rows.length >= 100} onClick={() => update((all) => [...all, emptyRow()])}>
        Ajouter une ligne
      </button>
      <div className="space-y-1 border-t border-space-600 pt-3">
        <label htmlFor={summaryId} className="block font-semibold text-slate-200">
          Résumé
        </label>
        <textarea id={summaryId} className="field min-h-24" maxLength={5000} value={summary} placeholder="L’essentiel en quelques phrases" onChange={(e) => changeSummary(e.target.value)} />
      </div>
      <p role="status" className="text-sm text-slate-400" data-testid="cornell-save-state" data-state={state}>
        {SAVE_TEXT[state]}
      </p>
      {notice && <p className="text-sm text-amber-200">{notice}</p>}
      {saveError && (
        <p role="alert" className="text-sm text-red-300">
          {saveError}{' '}
          <button type="button" className="btn-ghost text-sm" onClick={retry}>
            Réessayer
          </button>
        </p>
      )}
    </div>
  );
}
