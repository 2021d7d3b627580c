/** Export the shown note (Markdown or JSON), import a .md/.json note or a highlights file into it (spec §2.1, §5, §8). */
import { useRef, useState } from 'react';
import { notesApi } from '../../api/daily-notes';
import { errorText } from '../../ui/error-text';
import { useToast } from '../../ui/Toasts';
import { saveFile } from '../../lib/save-file';

const NOTE_FILE = /\.(md|json)$/i;

export function NoteFileControls({ date, hasNote, beforeImport, onImported }: { date: string; hasNote: boolean; beforeImport(): Promise<unknown>; onImported(): void }) {
  const toast = useToast();
  const noteInput = useRef<HTMLInputElement>(null);
  const highlightInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function exportAs(format: 'md' | 'json') {
    const label = format === 'md' ? 'Markdown' : 'JSON';
    try {
      await beforeImport();
      const file = await notesApi.exportNote(date, format);
      saveFile(file.blob, file.name);
    } catch (err) {
      toast.error(`Failed to export as ${label}: ${errorText(err, 'erreur inconnue')}`);
    }
  }

  async function importFile(kind: 'note' | 'highlights', file: File | undefined) {
    if (!file) return toast.error('Please select a file to import.');
    const ext = file.name.split('.').pop()?.toUpperCase() ?? '';
    if (kind === 'note' && !NOTE_FILE.test(file.name)) return toast.error(`Failed to import ${ext} file. Only .md and .json files can be imported.`);
    setBusy(true);
    try {
      await beforeImport();
      if (kind === 'note') {
        await notesApi.importNote(file, date);
        toast.success('Note importée.');
      } else {
        const result = await notesApi.importHighlights(file, date);
        toast.success(`${result.imported} surlignement(s) importé(s), ${result.skipped} déjà présent(s).`);
      }
      onImported();
    } catch (err) {
      toast.error(`Failed to import ${ext} file. ${errorText(err, '')}`.trim());
    } finally {
      setBusy(false);
      if (noteInput.current) noteInput.current.value = '';
      if (highlightInput.current) highlightInput.current.value = '';
    }
  }

  return (
    <div className="flex flex-wrap gap-2" aria-label="Export et import">
      <button type="button" className="btn-ghost text-sm" disabled={!hasNote} onClick={() => void exportAs('md')}>
        Exporter en Markdown
      </button>
      <button type="button" className="btn-ghost text-sm" disabled={!hasNote} onClick={() => void exportAs('json')}>
        Exporter en JSON
      </button>
      <button type="button" className="btn-ghost text-sm" disabled={busy} onClick={() => noteInput.current?.click()}>
        Importer une note
      </button>
      <button type="button" className="btn-ghost text-sm" disabled={busy} onClick={() => highlightInput.current?.click()}>
        Importer des surlignements
      </button>
      <input ref={noteInput} type="file" accept=".md,.json" className="hidden" data-testid="note-import-input" onChange={(e) => void importFile('note', e.target.files?.[0])} />
      <input ref={highlightInput} type="file" accept=".txt,.md" className="hidden" data-testid="highlight-import-input" onChange={(e) => void importFile('highlights', e.target.files?.[0])} />
    </div>
  );
}
