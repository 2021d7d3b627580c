/**
 * The Settings page's Data tab (spec document 3 §2.7): what an export holds,
 * the JSON backup and the Anki package, restoring a backup (merge, or replace marked
 * dangerous), importing an Anki package, a Markdown vault or cards from a table, and the
 * danger zone's delete-all. Self-contained: it owns its calls and toasts, so the Settings
 * page only places it.
 */
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../ui/error-text';
import { deleteAllData, downloadApkg, downloadJsonBackup, downloadVault, fetchExportPreview, importApkg, importJsonBackup, importVault, type ExportPreview, type ImportResult, type OnProgress } from '../../api/data';
import { importSummaryText } from '@domain/data-format';
import { useToast } from '../../ui/Toasts';
import { ConfirmDialog } from '../../ui/Dialog';
import { useAuth } from '../../ui/auth-context';
import { recordBackup } from './BackupReminder';
import { ProgressBar, saveDownload } from './data-ui';
import { CardTableImportSection } from './CardTableImport';
import { OfferedFsrsParams } from './OfferedFsrsParams';

export const DELETE_PHRASE = 'DELETE ALL MY DATA';
/** What the tab is doing: one thing at a time, and its progress bar shows under it. */
type Busy = null | 'export' | 'import' | 'anki' | 'vault' | 'cards' | 'delete';
const IMPORT_SUMMARY_MS = 8000;

const COUNT_LABELS: [keyof ExportPreview['counts'], string][] = [
  ['concepts', 'Concepts'],
  ['flashcards', 'Flashcards'],
  ['reviews', 'Reviews'],
  ['study_sessions', 'Study sessions'],
  ['constellations', 'Constellations'],
  ['notes', 'Notes'],
];

/** '12 concepts, 30 flashcards, … and 5 notes': what a replace deletes, counted when the preview is known. */
export function dataToLose(preview: ExportPreview | null): string {
  const parts = COUNT_LABELS.map(([key, label]) => (preview ? `${preview.counts[key]} ${label.toLowerCase()}` : label.toLowerCase()));
  const list = `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return preview ? list : `all your ${list}`;
}

export function isJsonFile(file: File): boolean {
  return file.type === 'application/json' || file.name.toLowerCase().endsWith('.json');
}

export function DataTab() {
  const toast = useToast();
  const { user } = useAuth();
  const [preview, setPreview] = useState<ExportPreview | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const loadPreview = useCallback(() => {
    fetchExportPreview().then(setPreview, () => toast.error('Failed to load export preview'));
  }, [toast]);
  useEffect(loadPreview, [loadPreview]);

  async function run(kind: Exclude<Busy, null>, work: () => Promise<void>) {
    setBusy(kind);
    setProgress(kind === 'delete' ? null : 0);
    try {
      await work();
    } finally {
      setBusy(null);
      setProgress(null);
    }
  }

  const exportJson = () =>
    run('export', async () => {
      try {
        saveDownload(await downloadJsonBackup(setProgress));
        if (user) recordBackup(user.id);
        toast.success('Data exported successfully!');
      } catch (error) {
        toast.error(`Export failed: ${errorText(error, 'please try again')}`);
      }
    });

  const exportApkg = () =>
    run('export', async () => {
      try {
        saveDownload(await downloadApkg({}, setProgress));
        toast.success('Flashcards exported to APKG successfully!');
      } catch (error) {
        toast.error(`APKG export failed: ${errorText(error, 'please try again')}`);
      }
    });
  const exportVault = () =>
    run('export', async () => {
      try {
        saveDownload(await downloadVault(setProgress));
        toast.success('Markdown vault exported successfully!');
      } catch (error) {
        toast.error(`Vault export failed: ${errorText(error, 'please try again')}`);
      }
    });
  const noCards = preview !== null && preview.counts.flashcards === 0;

  return (
    <div className="space-y-6">
      <section className="card space-y-4" aria-labelledby="export-title">
        <h2 id="export-title" className="text-lg font-semibold">Export your data</h2>
        {preview ? (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {COUNT_LABELS.map(([key, label]) => (
                <div key={key} className="rounded-lg border border-space-700 bg-space-800/60 p-3">
                  <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
                  <dd className="text-xl font-semibold" data-count={key}>{preview.counts[key]}</dd>
                </div>
              ))}
            </dl>
            <p className="text-sm text-slate-300">
              Total items: <strong>{preview.total_items}</strong> · Estimated file size: <strong>{preview.estimated_file_size_mb} MB</strong>
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-400">Loading export preview…</p>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-primary" disabled={busy !== null} onClick={exportJson}>
            Export JSON
          </button>
          <button type="button" className="btn-ghost" disabled={busy !== null || preview === null || noCards} title={noCards ? 'No flashcards to export' : undefined} onClick={exportApkg}>
            Export flashcards (Anki .apkg)
          </button>
          <button type="button" className="btn-ghost" disabled={busy !== null} onClick={exportVault}>
            Export as Markdown vault
          </button>
        </div>
        {noCards && <p className="text-sm text-slate-400">No flashcards to export</p>}
        {busy === 'export' && progress !== null && <ProgressBar label="Export progress" value={progress} />}
      </section>

      <ImportSection busy={busy} progress={progress} run={run} setProgress={setProgress} onImported={loadPreview} preview={preview} />
      <FileImportSection {...ANKI_IMPORT} busy={busy} progress={progress} run={run} setProgress={setProgress} onImported={loadPreview} />
      <FileImportSection {...VAULT_IMPORT} busy={busy} progress={progress} run={run} setProgress={setProgress} onImported={loadPreview} />
      <CardTableImportSection disabled={busy !== null} active={busy === 'cards'} progress={progress} run={(work) => run('cards', work)} setProgress={setProgress} onImported={loadPreview} />
      <DangerZone busy={busy} run={run} onDeleted={loadPreview} />
    </div>
  );
}

interface SectionProps {
  busy: Busy;
  run(kind: Exclude<Busy, null>, work: () => Promise<void>): Promise<void>;
}

function ImportSection({ busy, progress, run, setProgress, onImported, preview = null }: ImportProps) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const submit = () => {
    if (!file) return setProblem('Please select a file to import.');
    if (!isJsonFile(file)) return setProblem('Please select a JSON file');
    setProblem(null);
    if (mode === 'replace') return setConfirming(true);
    return restore(file);
  };

  const restore = (file: File) =>
    run('import', async () => {
      try {
        let backup: Record<string, unknown>;
        try {
          backup = JSON.parse(await file.text()) as Record<string, unknown>;
        } catch {
          throw new Error('The file is not valid JSON (is it complete?)');
        }
        if (typeof backup !== 'object' || backup === null || Array.isArray(backup)) throw new Error('The file is not an Astrolabe backup');
        const result = await importJsonBackup(backup, mode === 'merge', setProgress);
        toast.success(result.message);
        toast.info(importSummaryText(result), IMPORT_SUMMARY_MS);
        onImported();
      } catch (error) {
        toast.error(`Import failed: ${errorText(error, 'please try again')}`);
      }
    });

  return (
    <section className="card space-y-4" aria-labelledby="import-title">
      <h2 id="import-title" className="text-lg font-semibold">Import data</h2>
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">Backup file (.json)</span>
        <input
          type="file"
          accept=".json,application/json"
          className="field"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setProblem(null);
          }}
        />
      </label>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm text-slate-300">Import mode</legend>
        <label className="flex items-start gap-2">
          <input type="radio" name="import-mode" checked={mode === 'merge'} onChange={() => setMode('merge')} />
          <span>
            Merge <span className="text-emerald-300">(recommended)</span>
            <span className="block text-xs text-slate-400">Adds what is new and updates what the backup already names; keeps everything else.</span>
          </span>
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="import-mode" checked={mode === 'replace'} onChange={() => setMode('replace')} />
          <span>
            Replace <span className="font-semibold text-red-400">(dangerous)</span>
            <span className="block text-xs text-slate-400">Deletes all your current data, then restores the backup.</span>
          </span>
        </label>
      </fieldset>
      {problem && (
        <p role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      )}
      <button type="button" className={mode === 'replace' ? 'btn bg-red-700 text-white hover:bg-red-600' : 'btn-primary'} disabled={busy !== null} onClick={submit}>
        {mode === 'replace' ? 'Replace my data' : 'Import'}
      </button>
      {busy === 'import' && progress !== null && <ProgressBar label="Import progress" value={progress} />}
      <ConfirmDialog
        open={confirming}
        title="Replace all your data?"
        message={`This permanently deletes ${dataToLose(preview)}, then restores the backup "${file?.name ?? ''}" in their place. This cannot be undone.`}
        confirmLabel="Replace my data"
        cancelLabel="Cancel"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (file) void restore(file);
        }}
      />
    </section>
  );
}

type ImportProps = SectionProps & { progress: number | null; setProgress(p: number): void; onImported(): void; preview?: ExportPreview | null };

/** A file another app wrote, sent whole: what the section says and does. */
interface FileImport {
  kind: 'anki' | 'vault';
  title: string;
  description: string;
  fileLabel: string;
  accept: string;
  wrongFile: string;
  button: string;
  upload(file: File, onProgress: OnProgress): Promise<ImportResult & { daily_notes?: number; attachments?: number; offered_fsrs_params?: number[] }>;
}

/** Migrating from Anki: a package's decks, cards, schedule and history (beside the JSON import). */
const ANKI_IMPORT: FileImport = {
  kind: 'anki',
  title: 'Import from Anki',
  description: 'Each deck becomes a concept (sub-decks its children); cards keep their schedule and review history.',
  fileLabel: 'Anki package (.apkg)',
  accept: '.apkg',
  wrongFile: 'Please select an Anki package (.apkg)',
  button: 'Import Anki package',
  upload: importApkg,
};

/** Moving in from Obsidian or Logseq: a zipped vault or graph. */
const VAULT_IMPORT: FileImport = {
  kind: 'vault',
  title: 'Import a Markdown vault',
  description:
    'An Obsidian vault or a Logseq graph as a .zip: each page becomes a concept (folders and namespaces its parents), with its links, tags, attachments and flashcards; journals become daily notes. Importing the same vault again adds only what is new.',
  fileLabel: 'Vault or graph (.zip)',
  accept: '.zip,application/zip',
  wrongFile: 'Please select a .zip of your vault',
  button: 'Import vault',
  upload: importVault,
};

/** 'Imported: 5 concepts, 6 flashcards, 1 daily notes, 2 attachments' — the vault's own counts when it has them. */
export function fileImportSummary(result: Awaited<ReturnType<FileImport['upload']>>): string {
  if (result.daily_notes === undefined) return importSummaryText(result);
  return `Imported: ${result.concepts} concepts, ${result.flashcards} flashcards, ${result.daily_notes} daily notes, ${result.attachments ?? 0} attachments`;
}

function FileImportSection({ kind, title, description, fileLabel, accept, wrongFile, button, upload, busy, progress, run, setProgress, onImported }: FileImport & ImportProps) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const [offered, setOffered] = useState<number[] | null>(null);
  const submit = () => {
    if (!file) return setProblem('Please select a file to import.');
    if (!accept.split(',').some((ext) => ext.startsWith('.') && file.name.toLowerCase().endsWith(ext))) return setProblem(wrongFile);
    setProblem(null);
    setSummary(null);
    setOffered(null);
    return run(kind, async () => {
      try {
        const result = await upload(file, setProgress);
        toast.success(result.message);
        toast.info(fileImportSummary(result), IMPORT_SUMMARY_MS);
        setSummary(fileImportSummary(result));
        setOffered(result.offered_fsrs_params ?? null);
        onImported();
      } catch (error) {
        toast.error(`Import failed: ${errorText(error, 'please try again')}`);
      }
    });
  };
  return (
    <section className="card space-y-4" aria-labelledby={`${kind}-title`}>
      <h2 id={`${kind}-title`} className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-slate-400">{description}</p>
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">{fileLabel}</span>
        <input type="file" accept={accept} className="field" onChange={(e) => (setFile(e.target.files?.[0] ?? null), setProblem(null))} />
      </label>
      {problem && (
        <p role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      )}
      <button type="button" className="btn-primary" disabled={busy !== null} onClick={submit}>
        {button}
      </button>
      {busy === kind && progress !== null && <ProgressBar label={`${title} progress`} value={progress} />}
      {summary && busy !== kind && (
        <p role="status" className="text-sm text-emerald-300">
          {summary}
        </p>
      )}
      {offered && busy !== kind && <OfferedFsrsParams params={offered} onDone={() => setOffered(null)} />}
    </section>
  );
}

function DangerZone({ busy, run, onDeleted }: SectionProps & { onDeleted(): void }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const exact = typed === DELETE_PHRASE;

  const confirmDelete = () =>
    run('delete', async () => {
      try {
        await deleteAllData();
        toast.success('All data has been permanently deleted');
        setOpen(false);
        setTyped('');
        onDeleted();
      } catch {
        toast.error('Failed to delete data');
      }
    });

  return (
    <section className="card space-y-3 border-red-700/60" aria-labelledby="danger-title">
      <h2 id="danger-title" className="text-lg font-semibold text-red-300">Danger zone</h2>
      <p className="text-sm text-slate-300">Deleting your data removes every concept, flashcard, review, note and file. Your account stays. This cannot be undone.</p>
      {!open ? (
        <button type="button" className="btn border border-red-600 text-red-200 hover:bg-red-950" onClick={() => setOpen(true)}>
          Delete all data
        </button>
      ) : (
        <div className="space-y-2">
          <label className="block text-sm">
            <span className="mb-1 block text-slate-300">
              Type <strong className="font-mono text-red-300">{DELETE_PHRASE}</strong> to confirm
            </span>
            <input className="field font-mono" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" aria-label="Confirmation text" />
          </label>
          {typed && !exact && <p className="text-sm text-red-300">Please type the confirmation text exactly as shown.</p>}
          <div className="flex gap-3">
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-600" disabled={!exact || busy !== null} onClick={confirmDelete}>
              Permanently delete all data
            </button>
            <button type="button" className="btn-ghost" onClick={() => (setOpen(false), setTyped(''))}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
