/**
 * /minimal-editor (spec document 3 §2.9): the editor alone, for the phone app's web view.
 * Query: conceptId, mode (edit by default, or create), source, hideHeader (true hides the
 * header). In edit mode the concept is edited live through its party room; in create mode
 * the concept is created on save, then edited live.
 */
import type { Editor } from '@tiptap/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { conceptsApi, type ConceptWrite } from '../../api/concepts';
import { errorText, isNotFound } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';
import { useAuth } from '../../ui/auth-context';
import { Spinner } from '../../ui/Spinner';
import { AuthBanner, SyncProblemDialog } from '../../ui/AuthBanner';
import { useToast } from '../../ui/Toasts';
import { RichTextEditor } from '../../editor/RichTextEditor';
import type { LiveStatus } from '../../editor/collaboration';
import { useHostBridge, type HostBridge } from './host-protocol';
import { LiveStatusBar } from './LiveStatusBar';
import { useLiveSession } from './use-live-session';

const LOADING = "Chargement de l'éditeur...";

function Frame({ title, hideHeader, status, bridge, children }: { title: string; hideHeader: boolean; status?: LiveStatus; bridge?: HostBridge; children: ReactNode }) {
  const { user } = useAuth();
  return (
    <div
      className={`flex min-h-screen flex-col ${bridge?.fullscreen ? 'fixed inset-0 z-40 overflow-y-auto bg-space-950' : ''}`}
      style={{ paddingBottom: bridge?.padding }}
      data-testid="embedded-editor-frame"
      data-fullscreen={bridge?.fullscreen ? 'true' : 'false'}
    >
      <AuthBanner />
      {!hideHeader && (
        <header className="flex flex-wrap items-center gap-3 border-b border-space-700 px-3 py-2">
          <h1 className="min-w-0 flex-1 basis-40 truncate text-base font-semibold">{title}</h1>
          {status && <LiveStatusBar status={status} />}
          {user && (
            <span className="text-xs text-slate-400" data-testid="embedded-user">
              Connecté : {user.username}
            </span>
          )}
          {bridge && (
            <button type="button" className="btn-ghost text-xs" onClick={() => bridge.setFullscreen(!bridge.fullscreen)}>
              {bridge.fullscreen ? 'Quitter le plein écran' : 'Plein écran'}
            </button>
          )}
        </header>
      )}
      {hideHeader && status && (
        <div className="flex justify-end px-3 py-1">
          <LiveStatusBar status={status} />
        </div>
      )}
      <main className="flex-1 p-2">{children}</main>
      <SyncProblemDialog />
    </div>
  );
}

function LiveConceptEditor({ conceptId, hideHeader }: { conceptId: number; hideHeader: boolean }) {
  const concept = useLoad((signal) => conceptsApi.get(conceptId, signal), [conceptId]);
  const title = concept.phase === 'loaded' ? concept.data.title : null;
  const loadError = concept.phase !== 'error' ? null : isNotFound(concept.error) ? 'Concept introuvable.' : errorText(concept.error, 'Impossible de charger le concept.', '\n');
  const [editor, setEditor] = useState<Editor | null>(null);
  const { state, status } = useLiveSession(conceptId);
  const toast = useToast();
  // The room stores every edit itself; an explicit save only tells the host the content.
  const bridge = useHostBridge(editor, () => toast.success('Modifications enregistrées'));

  if (loadError) {
    return (
      <Frame title="Éditeur" hideHeader={hideHeader}>
        <p role="alert" className="text-rose-300">{loadError}</p>
      </Frame>
    );
  }
  return (
    <Frame title={title ?? 'Éditeur'} hideHeader={hideHeader} status={state.kind === 'live' ? status : undefined} bridge={bridge}>
      {state.kind === 'unavailable' && <p role="alert" className="text-rose-300">{state.reason}</p>}
      {(state.kind === 'waiting' || (state.kind === 'live' && !status.ready)) && <Spinner label={LOADING} />}
      {state.kind === 'live' && status.ready && (
        <RichTextEditor key={state.session.ydoc.guid} value={null} conceptId={conceptId} collaboration={state.session} onReady={setEditor} ariaLabel="Contenu du concept" />
      )}
    </Frame>
  );
}

function CreateConceptEditor({ hideHeader, keep }: { hideHeader: boolean; keep: URLSearchParams }) {
  const [title, setTitle] = useState('');
  const [doc, setDoc] = useState<unknown>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  const create = useCallback(async () => {
    if (!title.trim()) {
      setError('Le titre est requis');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const content = (editor?.getJSON() ?? doc) as ConceptWrite['content'];
      const concept = await conceptsApi.create({ title: title.trim(), content, source: 'MANUAL' });
      const next = new URLSearchParams(keep);
      next.set('conceptId', String(concept.id));
      next.set('mode', 'edit');
      navigate(`/minimal-editor?${next.toString()}`, { replace: true });
    } catch (err) {
      setError(errorText(err, 'Impossible de créer le concept.', '\n'));
    } finally {
      setSaving(false);
    }
  }, [title, editor, doc, keep, navigate]);
  const bridge = useHostBridge(editor, () => void create());

  return (
    <Frame title="Nouveau concept" hideHeader={hideHeader} bridge={bridge}>
      <label className="mb-1 block text-sm" htmlFor="embedded-title">
        Titre
      </label>
      <input id="embedded-title" className="field mb-2 w-full" value={title} onChange={(e) => setTitle(e.target.value)} />
      <RichTextEditor value={null} onChange={(d) => setDoc(d)} onReady={setEditor} ariaLabel="Contenu du concept" />
      {error && (
        <p role="alert" className="mt-2 text-sm text-rose-300">
          {error}
        </p>
      )}
      <button type="button" className="btn-primary mt-3" disabled={saving} onClick={() => void create()}>
        {saving ? 'Création...' : 'Créer le concept'}
      </button>
    </Frame>
  );
}

export default function MinimalEditorPage() {
  const [params] = useSearchParams();
  const { status, user } = useAuth();
  const hideHeader = params.get('hideHeader') === 'true';
  const mode = params.get('mode') === 'create' ? 'create' : 'edit';
  const rawId = params.get('conceptId');
  const conceptId = rawId && /^\d+$/.test(rawId) ? Number(rawId) : null;

  if (status !== 'authenticated' || !user) {
    return (
      <Frame title="Éditeur" hideHeader={hideHeader}>
        <Spinner label={LOADING} />
      </Frame>
    );
  }
  if (mode === 'create') return <CreateConceptEditor hideHeader={hideHeader} keep={params} />;
  if (conceptId === null) {
    return (
      <Frame title="Éditeur" hideHeader={hideHeader}>
        <p className="text-slate-300">Aucun concept à modifier.</p>
      </Frame>
    );
  }
  return <LiveConceptEditor key={conceptId} conceptId={conceptId} hideHeader={hideHeader} />;
}
