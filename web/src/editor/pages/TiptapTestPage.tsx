/**
 * /tiptap-test (spec document 3 §2.9): the editor alone on a page, with a block to drag
 * into it. The document is kept in this browser's localStorage so a reload shows it
 * again; the badge 'Modifications non sauvegardées' shows until it is written.
 */
import type { Editor, JSONContent } from '@tiptap/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../ui/auth-context';
import { RichTextEditor, type RichTextEditorProps } from '../RichTextEditor';

export const TEST_DOC_KEY = 'astrolabe.tiptap-test';
const SAVE_DELAY_MS = 400;

declare global {
  interface Window {
    /** The test page's editor, for the e2e tests and the typing bench. */
    __astrolabeEditor?: Editor;
  }
}

function storedDoc(): JSONContent | null {
  try {
    return JSON.parse(localStorage.getItem(TEST_DOC_KEY) ?? 'null') as JSONContent | null;
  } catch {
    return null;
  }
}

/** The editor with localStorage persistence and the unsaved-changes badge. */
export function PersistedTestEditor({ toolbar }: { toolbar?: RichTextEditorProps['toolbar'] }) {
  const [params] = useSearchParams();
  const conceptId = Number(params.get('conceptId')) || undefined;
  const [dirty, setDirty] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [initial] = useState(storedDoc);
  const onChange = useCallback((doc: JSONContent) => {
    setDirty(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      localStorage.setItem(TEST_DOC_KEY, JSON.stringify(doc));
      setDirty(false);
    }, SAVE_DELAY_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onReady = useCallback((editor: Editor) => {
    window.__astrolabeEditor = editor;
  }, []);
  return (
    <div className="space-y-2">
      <div className="flex h-6 items-center gap-2">
        {dirty && <span className="rounded-full bg-orange-500 px-2 py-0.5 text-xs font-medium text-black">Modifications non sauvegardées</span>}
      </div>
      <RichTextEditor value={initial} onChange={onChange} conceptId={conceptId} toolbar={toolbar} ariaLabel="Contenu" onReady={onReady} />
    </div>
  );
}

function SignedInAs() {
  const { status, user } = useAuth();
  return <p className="text-xs text-slate-400" data-testid="test-page-auth">{status === 'authenticated' && user ? `Connecté : ${user.username}` : 'Non connecté (les téléversements demandent une connexion)'}</p>;
}

export default function TiptapTestPage() {
  const dragSample = (e: React.DragEvent) => {
    e.dataTransfer.setData('text/html', '<p><strong>Bloc glissé</strong> depuis la page</p>');
    e.dataTransfer.setData('text/plain', 'Bloc glissé depuis la page');
  };
  return (
    <main className="mx-auto max-w-4xl space-y-4 p-4">
      <h1 className="text-xl font-semibold">Tiptap test</h1>
      <SignedInAs />
      <div draggable onDragStart={dragSample} data-testid="drag-sample" className="inline-block cursor-grab rounded-md border border-dashed border-nebula-400 px-3 py-2 text-sm text-slate-200">
        Faites glisser ce bloc dans l'éditeur
      </div>
      <PersistedTestEditor toolbar="desktop" />
      <button type="button" className="btn-ghost text-sm" onClick={() => (localStorage.removeItem(TEST_DOC_KEY), window.location.reload())}>
        Réinitialiser le document
      </button>
    </main>
  );
}
