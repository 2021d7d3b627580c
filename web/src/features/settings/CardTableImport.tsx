/**
 * The Data tab's 'Import cards from a table': a CSV or TSV file, a spreadsheet's copy, an
 * Anki text export or a Quizlet export, pasted or chosen. The server reads it first (the
 * preview: separator, header, the first rows and the columns it proposes); the person
 * checks the rows, maps the columns (front, back, tags, concept) and names the concept the
 * cards go to (an existing title, or a new one), then imports with a progress bar.
 */
import { useId, useState } from 'react';
import { conceptsApi } from '../../api/concepts';
import { importCardTable, previewCardTable, type CardTableOptions, type CardTablePreview, type OnProgress } from '../../api/data';
import { CARD_ROLES, type CardRole, type ColumnMapping } from '@domain/card-table';
import { errorText } from '../../ui/error-text';
import { useToast } from '../../ui/Toasts';
import { useLoad } from '../../ui/use-load';
import { useDebouncedValue } from '../concepts/hooks';
import { ProgressBar } from './data-ui';

interface Props {
  /** Another part of the tab is working: nothing starts meanwhile. */
  disabled: boolean;
  /** This section's import is running: its progress bar shows. */
  active: boolean;
  progress: number | null;
  run(work: () => Promise<void>): Promise<void>;
  setProgress: OnProgress;
  onImported(): void;
}

const FIELD_CHOICES = [
  ['auto', 'Detect'],
  ['tab', 'Tab'],
  ['comma', 'Comma'],
  ['semicolon', 'Semicolon'],
  ['custom', 'Custom…'],
] as const;
const ROW_CHOICES = [
  ['newline', 'New line'],
  ['semicolon', 'Semicolon'],
  ['custom', 'Custom…'],
] as const;
/** A custom separator as typed: `\n` and `\t` stand for a new line and a tab. */
const typedSeparator = (s: string) => s.replace(/\\n/g, '\n').replace(/\\t/g, '\t');
const ROLE_LABELS: Record<CardRole, string> = { front: 'Front (question)', back: 'Back (answer)', tags: 'Tags', concept: 'Concept' };

/** A file's text: UTF-8, UTF-16 by its BOM, else Windows-1252 (a spreadsheet's CSV saved on Windows). */
async function tableFileText(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function CardTableImportSection({ disabled, active, progress, run, setProgress, onImported }: Props) {
  const id = useId();
  const toast = useToast();
  const [text, setText] = useState('');
  const [field, setField] = useState<string>('auto');
  const [customField, setCustomField] = useState('');
  const [rows, setRows] = useState<string>('newline');
  const [customRows, setCustomRows] = useState('');
  const [header, setHeader] = useState<'auto' | 'yes' | 'no'>('auto');
  const [preview, setPreview] = useState<CardTablePreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [concept, setConcept] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const settled = useDebouncedValue(concept.trim(), 300);
  const suggestions = useLoad(settled ? (signal) => conceptsApi.search(settled, 8, signal) : null, [settled]);

  const options = (): CardTableOptions => ({
    text,
    delimiter: field === 'custom' ? typedSeparator(customField) || 'auto' : field,
    row_separator: rows === 'custom' ? typedSeparator(customRows) || 'newline' : rows === 'semicolon' ? ';' : 'newline',
    has_header: header === 'auto' ? null : header === 'yes',
  });
  const changed = () => (setPreview(null), setMapping(null), setProblem(null), setSummary(null));

  const showPreview = async () => {
    if (!text.trim()) return setProblem('Paste rows or choose a file first.');
    setPreviewing(true);
    changed();
    try {
      const shown = await previewCardTable(options());
      setPreview(shown);
      setMapping(shown.mapping);
    } catch (error) {
      setProblem(errorText(error, 'The rows could not be read.'));
    } finally {
      setPreviewing(false);
    }
  };

  const submit = () => {
    if (!preview || !mapping) return;
    if (!concept.trim()) return setProblem('Name the concept the cards go to (an existing one or a new one).');
    setProblem(null);
    return run(async () => {
      try {
        const result = await importCardTable({ ...options(), mapping, new_concept_title: concept.trim() }, setProgress);
        const skipped = result.duplicates_skipped ? `, ${result.duplicates_skipped} already there` : '';
        const incomplete = result.incomplete_skipped ? `, ${result.incomplete_skipped} rows without front or back` : '';
        const text = `Imported: ${result.flashcards} flashcards into “${concept.trim()}”${result.concepts_created ? ` (${result.concepts_created} new concepts)` : ''}${skipped}${incomplete}`;
        toast.success(result.message);
        setSummary(text);
        onImported();
      } catch (error) {
        toast.error(`Import failed: ${errorText(error, 'please try again')}`);
        setProblem(errorText(error, 'please try again'));
      }
    });
  };

  // What 'Detect' found, once the server has read the rows (it reads them the same way on import).
  const detected = preview ? `Detect (${preview.has_header ? 'column names' : 'a card'})` : 'Detect';
  const columnName = (i: number) => preview?.header?.[i] || `Column ${i + 1}`;
  const columns = preview ? Array.from({ length: preview.columns }, (_, i) => i) : [];

  return (
    <section className="card space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">Import cards from a table</h2>
      <p className="text-sm text-slate-400">
        A CSV or TSV file, rows copied from a spreadsheet, an Anki text export or a Quizlet export (term, Tab, definition on each line). Check the rows and choose which column is which before importing; cards already in the concept are not added twice.
      </p>
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">Table file (.csv, .tsv, .txt)</span>
        <input
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          className="field"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file) (setText(await tableFileText(file)), changed());
          }}
        />
      </label>
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">Or paste the rows</span>
        <textarea className="field min-h-28 font-mono text-xs" value={text} onChange={(e) => (setText(e.target.value), changed())} spellCheck={false} />
      </label>
      <div className="grid gap-3 sm:grid-cols-3">
        <Choice label="Between front and back" value={field} choices={FIELD_CHOICES} onChange={(v) => (setField(v), changed())} custom={field === 'custom' ? [customField, (v) => (setCustomField(v), changed())] : null} />
        <Choice label="Between cards" value={rows} choices={ROW_CHOICES} onChange={(v) => (setRows(v), changed())} custom={rows === 'custom' ? [customRows, (v) => (setCustomRows(v), changed())] : null} />
        <Choice label="First row" value={header} choices={[['auto', detected], ['yes', 'Column names'], ['no', 'A card']] as const} onChange={(v) => (setHeader(v as 'auto' | 'yes' | 'no'), changed())} custom={null} />
      </div>
      <button type="button" className="btn-ghost" disabled={disabled || previewing} onClick={showPreview}>
        {previewing ? 'Reading…' : 'Preview'}
      </button>
      {preview && mapping && (
        <div className="space-y-3">
          <p className="text-sm text-slate-300" role="status">
            {preview.total_rows} {preview.total_rows === 1 ? 'row' : 'rows'} found{preview.total_rows > preview.rows.length ? `, the first ${preview.rows.length} shown` : ''}.
          </p>
          {/* Focusable, so a keyboard can scroll a wide table sideways. */}
          <div className="overflow-x-auto rounded-lg border border-space-700" tabIndex={0} role="region" aria-label="First rows of the table">
            <table className="w-full text-left text-xs">
              <caption className="sr-only">First rows of the table</caption>
              <thead className="bg-space-800/60 text-slate-300">
                <tr>{columns.map((i) => <th key={i} scope="col" className="px-2 py-1 font-semibold">{columnName(i)}</th>)}</tr>
              </thead>
              <tbody>
                {preview.rows.map((row, r) => (
                  <tr key={r} className="border-t border-space-700">
                    {columns.map((i) => <td key={i} className="max-w-[16rem] truncate px-2 py-1 text-slate-200" title={row[i] ?? ''}>{row[i] ?? ''}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <fieldset className="grid gap-3 sm:grid-cols-4">
            <legend className="mb-1 text-sm text-slate-300">Columns</legend>
            {CARD_ROLES.map((role) => (
              <div key={role} className="text-sm">
                {/* A label beside its select, not around it: the select's name is the role alone. */}
                <label htmlFor={`${id}-${role}`} className="mb-1 block text-slate-300">{ROLE_LABELS[role]}</label>
                <select
                  id={`${id}-${role}`}
                  className="field"
                  value={mapping[role] ?? ''}
                  onChange={(e) => setMapping({ ...mapping, [role]: e.target.value === '' ? null : Number(e.target.value) })}
                >
                  {(role === 'tags' || role === 'concept') && <option value="">None</option>}
                  {columns.map((i) => <option key={i} value={i}>{columnName(i)}</option>)}
                </select>
              </div>
            ))}
          </fieldset>
          <label className="block text-sm">
            <span className="mb-1 block text-slate-300">Into the concept (an existing title or a new one){mapping.concept !== null ? ', for rows whose concept cell is empty' : ''}</span>
            <input className="field" value={concept} onChange={(e) => setConcept(e.target.value)} list={`${id}-concepts`} autoComplete="off" />
            <datalist id={`${id}-concepts`}>{suggestions.phase === 'loaded' && suggestions.data.map((c) => <option key={c.id} value={c.title} />)}</datalist>
          </label>
          <button type="button" className="btn-primary" disabled={disabled} onClick={submit}>
            Import cards
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      )}
      {active && progress !== null && <ProgressBar label="Card import progress" value={progress} />}
      {summary && !active && (
        <p role="status" className="text-sm text-emerald-300">
          {summary}
        </p>
      )}
    </section>
  );
}

interface ChoiceProps {
  label: string;
  value: string;
  choices: readonly (readonly [string, string])[];
  onChange(value: string): void;
  /** The custom separator's text and setter, when 'Custom…' is chosen. */
  custom: [string, (value: string) => void] | null;
}

function Choice({ label, value, choices, onChange, custom }: ChoiceProps) {
  const id = useId();
  return (
    <div className="space-y-1 text-sm">
      <label htmlFor={id} className="mb-1 block text-slate-300">{label}</label>
      <select id={id} className="field" value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map(([v, name]) => <option key={v} value={v}>{name}</option>)}
      </select>
      {custom && (
        <label className="block">
          <span className="sr-only">{label}: custom separator</span>
          <input className="field font-mono" value={custom[0]} maxLength={10} placeholder="e.g. -- or \n\n" onChange={(e) => custom[1](e.target.value)} />
        </label>
      )}
    </div>
  );
}
