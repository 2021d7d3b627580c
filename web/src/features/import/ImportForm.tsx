/** The import form (spec document 3 §2.6): source toggle, Titre, URL or Contenu, Catégorie, Tags. */
import type { Dispatch, FormEvent, SetStateAction } from 'react';
import type { ImportMode } from '@domain/import-rules';
import type { ImportValues } from './useImport';

const MODES: { mode: ImportMode; label: string }[] = [
  { mode: 'text', label: 'Texte' },
  { mode: 'markdown', label: 'Markdown' },
  { mode: 'url', label: 'URL' },
];

interface Props {
  values: ImportValues;
  onChange: Dispatch<SetStateAction<ImportValues>>;
  onSubmit(): void;
  busy: boolean;
}

export function ImportForm({ values, onChange, onSubmit, busy }: Props) {
  const set = <K extends keyof ImportValues>(key: K, value: ImportValues[K]) => onChange((prev) => ({ ...prev, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div role="radiogroup" aria-label="Source" className="inline-flex rounded-md border border-space-600 p-0.5">
        {MODES.map(({ mode, label }) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={values.mode === mode}
            disabled={busy}
            onClick={() => set('mode', mode)}
            className={`rounded px-4 py-1.5 text-sm font-medium transition ${values.mode === mode ? 'bg-nebula-500 text-white' : 'text-slate-300 hover:bg-space-700'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">Titre *</span>
        <input className="field" value={values.title} disabled={busy} onChange={(e) => set('title', e.target.value)} />
      </label>
      {values.mode === 'url' ? (
        <label className="block text-sm">
          <span className="mb-1 block text-slate-300">URL *</span>
          <input className="field" type="url" inputMode="url" placeholder="https://..." value={values.url} disabled={busy} onChange={(e) => set('url', e.target.value)} />
        </label>
      ) : (
        <label className="block text-sm">
          <span className="mb-1 block text-slate-300">Contenu *</span>
          <textarea
            className={`field min-h-64 ${values.mode === 'markdown' ? 'font-mono text-sm' : ''}`}
            value={values.content}
            disabled={busy}
            placeholder={values.mode === 'markdown' ? '# Titre\n\n- un point\n- **un terme**' : 'Collez votre texte ici...'}
            onChange={(e) => set('content', e.target.value)}
          />
        </label>
      )}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <label className="block text-sm">
          <span className="mb-1 block text-slate-300">Catégorie</span>
          <input className="field" value={values.category} disabled={busy} onChange={(e) => set('category', e.target.value)} />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block text-slate-300">Tags (séparés par des virgules)</span>
          <input className="field" value={values.tags} disabled={busy} placeholder="biologie, cellule" onChange={(e) => set('tags', e.target.value)} />
        </label>
      </div>
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Analyse en cours...' : 'Analyser le contenu'}
        </button>
      </div>
    </form>
  );
}
