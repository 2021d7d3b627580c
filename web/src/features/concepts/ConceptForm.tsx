/**
 * The concept form's fields (spec document 1 §2 concept form, §5): title (required),
 * rich content, personal notes, comma-separated tags, parents and children pickers,
 * constellations. Every field and the button are disabled while saving.
 */
import type { JSONContent } from '@tiptap/react';
import { useEffect, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { Link } from 'react-router';
import { RichTextEditor } from '../../editor/RichTextEditor';
import { StoredDocument } from '../../editor/StoredDocument';
import { constellationsApi, type Constellation } from '../../api/constellations';
import { ConceptPicker } from './ConceptPicker';
import { useLoad } from '../../ui/use-load';
import type { ConceptRef } from '../../api/concepts';

export interface ConceptFormValues {
  title: string;
  content: JSONContent | null;
  notes: string;
  tags: string;
  parents: ConceptRef[];
  children: ConceptRef[];
  constellationIds: number[];
}

export const EMPTY_FORM: ConceptFormValues = { title: '', content: null, notes: '', tags: '', parents: [], children: [], constellationIds: [] };

export const TITLE_REQUIRED = 'Le titre est obligatoire.';

interface Props {
  values: ConceptFormValues;
  onChange: Dispatch<SetStateAction<ConceptFormValues>>;
  onSubmit(): void;
  submitting: boolean;
  submitLabel: string;
  conceptId: number | null;
  /** Changes when the form is reset, so the editor starts again from `values.content`. */
  editorKey: number;
  cancelTo: string;
  /** False while the concept's live room connects: the stored content is shown, not yet editable. */
  editorReady?: boolean;
}

function ConstellationCheckboxes({ chosen, onChange, disabled }: { chosen: number[]; onChange(ids: number[]): void; disabled: boolean }) {
  const load = useLoad((signal) => constellationsApi.list(signal), []);
  const constellations: Constellation[] | null = load.phase === 'loaded' ? load.data : load.phase === 'error' ? [] : null;
  const toggle = (id: number) => onChange(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  return (
    <fieldset className="text-sm">
      <legend className="mb-1 text-slate-300">Constellations</legend>
      {constellations === null && <p className="text-slate-400">Chargement...</p>}
      {constellations?.length === 0 && <p className="text-slate-400">Aucune constellation trouvée</p>}
      <div className="flex flex-wrap gap-2">
        {constellations?.map((c) => (
          <label key={c.id} className={`flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1 ${chosen.includes(c.id) ? 'border-nebula-400 bg-space-700' : 'border-space-600'}`}>
            <input type="checkbox" className="accent-nebula-500" checked={chosen.includes(c.id)} disabled={disabled} onChange={() => toggle(c.id)} />
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: c.color }} />
            {c.icon ? `${c.icon} ` : ''}
            {c.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ConceptForm({ values, onChange, onSubmit, submitting, submitLabel, conceptId, editorKey, cancelTo, editorReady = true }: Props) {
  const [titleTouched, setTitleTouched] = useState(false);
  const set = <K extends keyof ConceptFormValues>(key: K, value: ConceptFormValues[K]) => onChange((prev) => ({ ...prev, [key]: value }));
  const titleBlank = !values.title.trim();
  const showTitleError = titleTouched && titleBlank;

  useEffect(() => setTitleTouched(false), [editorKey]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTitleTouched(true);
    onSubmit();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">Titre *</span>
        <input
          className="field"
          value={values.title}
          disabled={submitting}
          aria-invalid={showTitleError}
          aria-describedby={showTitleError ? 'title-error' : undefined}
          onChange={(e) => set('title', e.target.value)}
          onBlur={() => setTitleTouched(true)}
        />
        {showTitleError && (
          <span id="title-error" className="mt-1 block text-red-300">
            {TITLE_REQUIRED}
          </span>
        )}
      </label>
      <div className="text-sm">
        <span className="mb-1 block text-slate-300">Contenu</span>
        {editorReady ? (
          <RichTextEditor key={editorKey} value={values.content} onChange={(doc) => set('content', doc)} disabled={submitting} conceptId={conceptId ?? undefined} ariaLabel="Contenu" />
        ) : (
          <div className="astro-editor rounded-md border border-space-600 bg-space-900" data-testid="content-preview" aria-busy="true">
            {values.content && <StoredDocument doc={values.content} className="min-h-[150px] max-h-[600px] overflow-y-auto p-3" />}
            <p className="px-3 py-1 text-xs text-slate-400">Connexion au document en direct…</p>
          </div>
        )}
      </div>
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">Notes personnelles</span>
        <textarea className="field min-h-24" value={values.notes} disabled={submitting} onChange={(e) => set('notes', e.target.value)} />
      </label>
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">Tags (séparés par des virgules)</span>
        <input className="field" value={values.tags} disabled={submitting} placeholder="biologie, cellule" onChange={(e) => set('tags', e.target.value)} />
      </label>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <ConceptPicker label="Parents (prérequis)" selected={values.parents} onChange={(v) => set('parents', v)} excludeId={conceptId} disabled={submitting} />
        <ConceptPicker label="Enfants (suites)" selected={values.children} onChange={(v) => set('children', v)} excludeId={conceptId} disabled={submitting} />
      </div>
      <ConstellationCheckboxes chosen={values.constellationIds} onChange={(ids) => set('constellationIds', ids)} disabled={submitting} />
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className="btn-ghost">
          Annuler
        </Link>
        <button type="submit" className="btn-primary" disabled={submitting || titleBlank}>
          {submitting ? 'Enregistrement...' : submitLabel}
        </button>
      </div>
    </form>
  );
}
