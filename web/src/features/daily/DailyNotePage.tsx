/**
 * /daily and /daily/{yyyy-MM-dd} (spec document 3 §2.1, §4): a journal page per day made
 * of blocks. "Today" is the browser's own calendar day. Unsaved blocks are flushed (with
 * keepalive) when the page is hidden or left, and when the date changes.
 */
import type { JSONContent } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isNoteDate, localNoteDate, longFrenchDate, shiftNoteDate } from '@domain/daily-dates';
import { notesApi, type NoteBlock } from '../../api/notes';
import { ConfirmDialog } from '../../ui/Dialog';
import { errorText } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';
import { useToast } from '../../ui/Toasts';
import { BlockEditor, type BlockHandle } from './BlockEditor';
import { NoteMentions, RecentNotes, RECENT_NOTES_IN_PAGE } from './DailySidebars';
import { NoteFileControls } from './NoteFileControls';
import { PromoteDialog } from './PromoteDialog';
import { useDailyNote } from './use-daily-note';

const HIGHLIGHT_MS = 4000;
const EMPTY_DOC = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] });

export function DailyNotePage() {
  const params = useParams();
  const [today] = useState(() => localNoteDate(new Date()));
  const date = params.date ?? today;
  if (!isNoteDate(date)) {
    return (
      <div className="card space-y-2">
        <h1 className="text-xl font-semibold">Date invalide</h1>
        <p>« {date} » n'est pas une date au format AAAA-MM-JJ.</p>
        <Link to="/daily" className="text-nebula-400 hover:underline">
          Aujourd'hui
        </Link>
      </div>
    );
  }
  return <DailyNote key={date} date={date} today={today} />;
}

function DailyNote({ date, today }: { date: string; today: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const { state, generation, reload, refreshMentions, setNote } = useDailyNote(date, today);
  const recent = useLoad((signal) => notesApi.recent(RECENT_NOTES_IN_PAGE, signal), [generation, state.phase === 'loaded' && state.note?.id]);
  const handles = useRef(new Map<number, BlockHandle>());
  const [toDelete, setToDelete] = useState<NoteBlock | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [promoting, setPromoting] = useState<{ block: NoteBlock; doc: JSONContent | null } | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);

  const flushAll = useCallback(() => Promise.all([...handles.current.values()].map((h) => h.flush())), []);
  const register = useCallback((id: number, handle: BlockHandle | null) => {
    if (handle) handles.current.set(id, handle);
    else handles.current.delete(id);
  }, []);

  useEffect(() => {
    const onHide = () => handles.current.forEach((h) => h.flushOnLeave());
    const onVisibility = () => document.visibilityState === 'hidden' && onHide();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  const note = state.phase === 'loaded' ? state.note : null;
  const blocks = note?.blocks ?? [];

  // A mention link (#block-{id}) scrolls to its block and highlights it.
  useEffect(() => {
    const id = /^#block-(\d+)$/.exec(location.hash)?.[1];
    if (!id || state.phase !== 'loaded') return;
    const el = document.getElementById(`block-${id}`);
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    setHighlighted(Number(id));
    const t = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(t);
  }, [location.hash, state.phase]);

  async function addBlock() {
    setAdding(true);
    try {
      await flushAll();
      const target = note ?? (await notesApi.create(date));
      await notesApi.addBlock(target.id, EMPTY_DOC, target.blocks.length);
      if (!note) setNote(target);
      reload();
    } catch (err) {
      toast.error(errorText(err, 'Failed to add block.'));
    } finally {
      setAdding(false);
    }
  }

  async function confirmDelete() {
    if (!toDelete || !note) return;
    setDeleting(true);
    try {
      await notesApi.deleteBlock(toDelete.id);
      setNote({ ...note, blocks: note.blocks.filter((b) => b.id !== toDelete.id) });
      void refreshMentions();
    } catch (err) {
      toast.error(`Failed to delete block: ${errorText(err, 'Aucune réponse du serveur.')}`);
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  async function autoLinkAll() {
    await flushAll();
    const fresh = await notesApi.byDate(date).catch(() => note);
    const results = await Promise.allSettled((fresh?.blocks ?? []).map((b) => notesApi.saveBlock(b.id, b.text)));
    const failures = results.filter((r) => r.status === 'rejected').length;
    if (failures) toast.error(`Liaison automatique : ${failures} bloc(s) en échec.`);
    else toast.success(`Liaison automatique : ${blocks.length} bloc(s) traités.`);
    reload();
  }

  const go = (d: string) => navigate(`/daily/${d}`);

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_280px]">
      <div className="min-w-0 space-y-4">
        <header className="space-y-3">
          <h1 className="text-2xl font-bold first-letter:uppercase" data-testid="daily-title">
            {longFrenchDate(date)}
          </h1>
          <nav className="flex flex-wrap items-center gap-2" aria-label="Navigation entre les jours">
            <button type="button" className="btn-ghost text-sm" onClick={() => go(shiftNoteDate(date, -1))}>
              Day Before
            </button>
            <button type="button" className="btn-ghost text-sm" onClick={() => go(shiftNoteDate(today, -1))}>
              Yesterday
            </button>
            <button type="button" className="btn-ghost text-sm" onClick={() => go(shiftNoteDate(date, 1))}>
              Day After
            </button>
            <input type="date" aria-label="Choisir une date" className="field w-auto text-sm" value={date} onChange={(e) => isNoteDate(e.target.value) && go(e.target.value)} />
            {date !== today && (
              <Link to="/daily" className="text-sm text-nebula-400 hover:underline">
                Aujourd'hui
              </Link>
            )}
          </nav>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary" disabled={adding || state.phase !== 'loaded'} onClick={() => void addBlock()}>
              Add Block
            </button>
            <button type="button" className="btn-ghost text-sm" disabled={!blocks.length} onClick={() => void autoLinkAll()}>
              Lier automatiquement tous les blocs
            </button>
          </div>
          <NoteFileControls date={date} hasNote={!!note} beforeImport={flushAll} onImported={reload} />
        </header>
        {state.phase === 'loading' && <p className="text-slate-400">Chargement...</p>}
        {state.phase === 'error' && <p className="text-red-300">La note du jour n'a pas pu être chargée.</p>}
        {state.phase === 'loaded' && blocks.length === 0 && <p className="text-slate-400">No blocks yet. Add your first note!</p>}
        <div className="space-y-3" data-testid="note-blocks">
          {blocks.map((block) => (
            <BlockEditor
              key={block.id}
              block={block}
              highlighted={highlighted === block.id}
              register={register}
              onSaved={() => void refreshMentions()}
              onDelete={setToDelete}
              onPromote={(b, doc) => void flushAll().then(() => setPromoting({ block: b, doc }))}
              onReload={reload}
            />
          ))}
        </div>
      </div>
      <aside className="space-y-4">
        <RecentNotes notes={recent.phase === 'loaded' ? recent.data : null} failed={recent.phase === 'error'} today={today} current={date} />
        <NoteMentions mentions={note?.mentions ?? []} />
      </aside>
      <ConfirmDialog
        open={toDelete !== null}
        title="Supprimer le bloc"
        message="Supprimer définitivement ce bloc ?"
        confirmLabel="Supprimer"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
      {promoting && (
        <PromoteDialog
          block={promoting.block}
          content={promoting.doc}
          onClose={() => setPromoting(null)}
          onPromoted={(answer) => {
            setPromoting(null);
            toast.success(`Concept « ${answer.concept.title} » créé.`);
            reload();
          }}
        />
      )}
    </div>
  );
}
