/**
 * /concepts/new and /concepts/{id}/edit (spec document 1 §2, §4 concept form, §5, §8).
 * Edit fetches the concept first. A failed save keeps everything typed. Success: edit
 * says 'Concept mis à jour avec succès!' and opens the concept 500 ms later; create says
 * 'Concept ajouté avec succès!', clears the form, and opens the new concept 500 ms later.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '../../ui/Spinner';
import { LiveEditingContext } from '../../editor/live-session';
import { LiveStatusBar } from '../embedded/LiveStatusBar';
import { useLiveSession } from '../embedded/use-live-session';
import { ContentConflictError, conceptsApi, type Concept, type ConceptWrite } from '../../api/concepts';
import { ConceptForm, EMPTY_FORM, TITLE_REQUIRED, type ConceptFormValues } from './ConceptForm';
import type { JSONContent } from '@tiptap/react';
import { mergeBlocksKeepingBoth } from '@domain/block-merge';
import { contentToDoc, docToPlainText } from '@domain/richtext';
import { parseTagInput } from '@domain/tags';
import { parseId } from './format';
import { errorText } from '../../ui/error-text';
import { keepThroughUpdate, takeKeptThroughUpdate } from '../../lib/update-reload';

export const EDIT_REDIRECT_MS = 500;

function notesAsText(notes: Concept['notes']): string {
  if (notes === null) return '';
  return typeof notes === 'string' ? notes : docToPlainText(notes);
}

function formValues(concept: Concept): ConceptFormValues {
  return {
    title: concept.title,
    content: contentToDoc(concept.content) as JSONContent | null,
    notes: notesAsText(concept.notes),
    tags: concept.tags.map((t) => t.name).join(', '),
    parents: concept.parents,
    children: concept.children,
    constellationIds: concept.constellations.map((c) => c.id),
  };
}

function payload(values: ConceptFormValues, original: Concept | null): ConceptWrite {
  // Notes stored as a rich document are sent back untouched unless their text was edited.
  const notesUnchanged = original !== null && values.notes === notesAsText(original.notes);
  return {
    title: values.title.trim(),
    content: values.content,
    notes: notesUnchanged ? original.notes : values.notes.trim() ? values.notes : null,
    tag_names: parseTagInput(values.tags),
    parent_ids: values.parents.map((c) => c.id),
    child_ids: values.children.map((c) => c.id),
    constellation_ids: values.constellationIds,
    // The content is merged into what changed since this read (or refused with 409).
    ...(original ? { content_version: original.content_version } : { source: 'MANUAL' as const, source_url: null }),
  };
}

export const CONFLICT_TEXT =
  "Ce concept a été modifié ailleurs depuis que vous l'avez ouvert. Votre texte est conservé : « Fusionner » reprend la version actuelle et y réapplique vos modifications, puis enregistrez à nouveau.";
export const MERGED_TEXT = 'Vos modifications ont été réappliquées sur la version actuelle. Vérifiez le contenu, puis enregistrez.';

/** The form's fields kept through a reload into a new build (JSON: the linked concepts keep their id and title). */
type KeptForm = Omit<ConceptFormValues, 'content'> & { content?: ConceptFormValues['content'] };
const keptFormKey = (id: number | null) => `concept-form-${id ?? 'new'}`;

const blocksOf = (content: Concept['content'] | JSONContent | null) => contentToDoc(content)?.content ?? [];

/** The room already stores live content; sending it again could undo a keystroke made meanwhile. */
const withoutContent = (body: ConceptWrite) => ({ ...body, content: undefined }) as unknown as ConceptWrite;

type Phase = 'loading' | 'loadFailed' | 'ready' | 'submitting' | 'saved';

export function ConceptFormPage() {
  const rawId = useParams().id;
  const editing = rawId !== undefined;
  const id = parseId(rawId);
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>(editing ? 'loading' : 'ready');
  const [values, setValues] = useState<ConceptFormValues>(EMPTY_FORM);
  const [original, setOriginal] = useState<Concept | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ContentConflictError | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const alertBox = useRef<HTMLDivElement>(null);
  // An existing concept's content is edited live through its room and stored as
  // it is typed; the form's save sends the other fields.
  const live = useLiveSession(editing ? id : null);
  const liveSession = live.state.kind === 'live' && live.status.ready ? live.state.session : null;

  useEffect(() => () => clearTimeout(redirect.current), []);

  // 'Recharger' into a new build keeps what is typed and not saved: every field, and the
  // content too unless the room stores it as it is typed.
  const unsaved = useRef<() => KeptForm | undefined>(() => undefined);
  unsaved.current = () => {
    if (phase !== 'ready' && phase !== 'submitting') return undefined;
    const start = original ? formValues(original) : EMPTY_FORM;
    if (JSON.stringify(values) === JSON.stringify(start)) return undefined;
    return liveSession ? { ...values, content: undefined } : values;
  };
  useEffect(() => keepThroughUpdate(keptFormKey(editing ? id : null), () => unsaved.current()), [editing, id]);
  useEffect(() => {
    if (editing) return;
    const kept = takeKeptThroughUpdate<KeptForm>(keptFormKey(null));
    if (!kept) return;
    setValues({ ...EMPTY_FORM, ...kept });
    setEditorKey((k) => k + 1);
  }, [editing]);
  // The save button sits at the bottom of a long form: bring the reason into view.
  useEffect(() => {
    if (error) alertBox.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [error]);

  useEffect(() => {
    if (!editing) return;
    if (id === null) {
      setPhase('loadFailed');
      return;
    }
    const ctrl = new AbortController();
    setPhase('loading');
    conceptsApi.get(id, ctrl.signal).then(
      (concept) => {
        setOriginal(concept);
        const kept = takeKeptThroughUpdate<KeptForm>(keptFormKey(id));
        const loaded = formValues(concept);
        setValues(kept ? { ...loaded, ...kept, content: kept.content ?? loaded.content } : loaded);
        setEditorKey((k) => k + 1);
        setPhase('ready');
      },
      () => {
        if (!ctrl.signal.aborted) setPhase('loadFailed');
      },
    );
    return () => ctrl.abort();
  }, [editing, id]);

  async function save() {
    if (phase !== 'ready') return;
    setNotice(null);
    if (!values.title.trim()) {
      setError(TITLE_REQUIRED);
      return;
    }
    let body: ConceptWrite;
    try {
      body = payload(values, original);
    } catch {
      setError('Erreur interne lors du traitement des données.');
      return;
    }
    setError(null);
    setConflict(null);
    setPhase('submitting');
    try {
      const saved = original ? await conceptsApi.update(original.id, liveSession ? withoutContent(body) : body) : await conceptsApi.create(body);
      setPhase('saved');
      if (original) {
        setNotice('Concept mis à jour avec succès!');
      } else {
        setNotice('Concept ajouté avec succès!');
        setValues(EMPTY_FORM);
        setEditorKey((k) => k + 1);
      }
      redirect.current = setTimeout(() => navigate(`/concepts/${saved.id}`), EDIT_REDIRECT_MS);
    } catch (err) {
      setPhase('ready');
      if (err instanceof ContentConflictError) {
        setConflict(err);
        setError(CONFLICT_TEXT);
        return;
      }
      setError(errorText(err, original ? 'Erreur lors de la mise à jour du concept.' : "Erreur lors de l'ajout du concept.", '; '));
    }
  }

  /** 'Fusionner': the current content with the blocks this person changed re-applied on it; they check and save again. */
  function mergeWithCurrent() {
    if (!conflict || !original) return;
    const merged = mergeBlocksKeepingBoth(blocksOf(original.content), blocksOf(values.content), blocksOf(conflict.content));
    setOriginal({ ...original, content: conflict.content, content_version: conflict.contentVersion });
    setValues((v) => ({ ...v, content: { type: 'doc', content: merged } as JSONContent }));
    setEditorKey((k) => k + 1);
    setConflict(null);
    setError(null);
    setNotice(MERGED_TEXT);
  }

  const heading = editing ? 'Modifier le concept' : 'Nouveau concept';
  if (phase === 'loading') return <Spinner />;
  // The stored content shows at once; the editor replaces it when the live room is attached.
  const waitingForRoom = editing && live.state.kind !== 'unavailable' && !liveSession;
  if (phase === 'loadFailed') {
    return (
      <div className="mx-auto max-w-3xl card" role="alert">
        <h1 className="mb-2 text-2xl font-semibold">{heading}</h1>
        <p className="text-red-300">Impossible de charger les données du concept pour la modification.</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-3xl font-semibold">{heading}</h1>
      {liveSession && <LiveStatusBar status={live.status} />}
      {notice && (
        <p role="status" className="rounded-md border border-emerald-600/50 bg-emerald-950/60 px-4 py-2 text-emerald-100">
          {notice}
        </p>
      )}
      {error && (
        <div ref={alertBox} role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-600/50 bg-red-950/60 px-4 py-2 text-red-100">
          <p className="flex-1">{error}</p>
          {conflict && (
            <button type="button" className="btn-primary" onClick={mergeWithCurrent}>
              Fusionner
            </button>
          )}
        </div>
      )}
      <div className="card">
        <LiveEditingContext.Provider value={liveSession}>
          <ConceptForm
            values={values}
            onChange={setValues}
            onSubmit={save}
            submitting={phase === 'submitting' || phase === 'saved'}
            submitLabel={editing ? 'Mettre à jour' : 'Ajouter le concept'}
            conceptId={original?.id ?? null}
            editorKey={editorKey}
            cancelTo={original ? `/concepts/${original.id}` : '/concepts'}
            editorReady={!waitingForRoom}
          />
        </LiveEditingContext.Provider>
      </div>
    </div>
  );
}
