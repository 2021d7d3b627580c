/**
 * /daily and /daily/{yyyy-MM-dd} (spec document 3 §2.1, §4): a journal page per day made
 * of blocks. "Today" is the browser's own calendar day. Unsaved blocks are flushed (with
 * keepalive) when the page is hidden or left, and when the date changes.
 *
 * The page carries no editor or room code: the stored blocks show at once (light renderer),
 * and once they are painted the note's room (live-note.ts) and the block editors
 * (block-editors.ts, with the editor's chunk) load and take their place when the room is
 * ready. A click and keys typed into a stored block meanwhile go to its editor when it opens
 * (block-entry.ts).
 */
import type { JSONContent } from '@tiptap/react';
import { startTransition, useCallback, useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isNoteDate, localNoteDate, longFrenchDate, shiftNoteDate } from '@domain/daily-dates';
import { notesApi, type NoteBlock } from '../../api/daily-notes';
import type { QueuedCreation } from '../offline/creation-queue';
import { ConfirmDialog } from '../../ui/Dialog';
import { errorText, failureText } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';
import { useToast } from '../../ui/Toasts';
import { StoredDocument } from '../../editor/StoredDocument';
import { storedBlockDoc } from '@domain/richtext';
import { LiveStatusBar } from '../embedded/LiveStatusBar';
import { useRoomSession } from '../embedded/use-room-session';
import type { BlockHandle } from './BlockEditor';
import { BlockEntry } from './block-entry';
import { textOffsetAtPoint } from './text-offset';
import type { NoteBlocksView, NoteSession } from './live-note';
import { NoteMentions, RecentNotes, RECENT_NOTES_IN_PAGE } from './DailySidebars';
import { NoteFileControls } from './NoteFileControls';
import { PromoteDialog } from './PromoteDialog';
import { useDailyNote } from './use-daily-note';
import { OfflineBlockComposer } from './OfflineBlockComposer';
import { QueuedCreations } from '../offline/QueuedCreations';
import { useOnCreationsSent } from '../offline/use-on-creations-sent';
import { useAuth } from '../../ui/auth-context';
import { nextTask } from '../../lib/next-task';
import { holdUpdateReload } from '../../lib/update-reload';
import { usePaintedAfter } from '../../lib/use-painted';

const HIGHLIGHT_MS = 4000;
/** A note the device could not read and has no copy of: it may have blocks, so it is not shown empty, and only the offline composer (which queues) writes to it. */
const UNREACHABLE_TEXT = "Hors ligne : cette note n'a jamais été ouverte sur cet appareil, aucune copie n'y est gardée. Ses blocs s'afficheront au retour du réseau ; un bloc écrit ci-dessous est gardé sur cet appareil et ajouté à la note à ce moment-là.";
const EMPTY_DOC = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] });
/** How long an action that needs the note stored (promote, import, export) waits for the room's save. */
const SAVE_WAIT_MS = 5000;
/** Mentions are read again this long after the room stored a change. */
const MENTIONS_REFRESH_MS = 400;

type BlockEditors = typeof import('./block-editors');
let editorsLoaded: BlockEditors | null = null;
let editorsLoading: Promise<BlockEditors> | null = null;

/**
 * The editor's libraries, evaluated a task each before the block editors' chunk: evaluated with
 * it (a module graph is evaluated in one task), the editor's code held a phone's page ~100 ms.
 */
const EDITOR_LIBRARIES: (() => Promise<unknown>)[] = [() => import('@tiptap/pm/model'), () => import('@tiptap/pm/view'), () => import('@tiptap/core')];

async function importEditors(): Promise<BlockEditors> {
  for (const library of EDITOR_LIBRARIES) {
    await library();
    await nextTask();
  }
  return import('./block-editors');
}

/** The block editors' code, once per page load. */
function loadEditors(): Promise<BlockEditors> {
  editorsLoading ??= importEditors().then(
    (module) => (editorsLoaded = module),
    (err: unknown) => {
      editorsLoading = null; // Asked again at the next click or visit.
      throw err;
    },
  );
  return editorsLoading;
}

/** The block editors' code: asked for once the stored blocks are painted (`painted`), or at once when entering a block. */
function useBlockEditors(painted: boolean): { editors: BlockEditors | null; load(): void } {
  const [editors, setEditors] = useState(editorsLoaded);
  const load = useCallback(() => {
    loadEditors().then(setEditors, () => undefined);
  }, []);
  useEffect(() => {
    // After the stored blocks are painted: parsing the editor's code would delay them.
    if (painted && !editors) load();
  }, [painted, editors, load]);
  return { editors, load };
}

/** `value` a task after it came (null at once), drawn as a transition: React yields to the page while it renders what it brings. */
function useInATask<T>(value: T | null): T | null {
  const [later, setLater] = useState<T | null>(null);
  useEffect(() => {
    if (value === null) return;
    const timer = window.setTimeout(() => startTransition(() => setLater(value)));
    return () => clearTimeout(timer);
  }, [value]);
  return value !== null && later === value ? value : null;
}

/** The stored blocks, read-only, drawn without the editor: a click and keys typed in one are kept for its editor. */
function StoredBlocks({ blocks, entry, onEnter }: { blocks: NoteBlock[]; entry: BlockEntry; onEnter(): void }) {
  const enter = (block: NoteBlock, e: PointerEvent<HTMLElement>) => {
    entry.begin(block.uid, textOffsetAtPoint(e.currentTarget, e.clientX, e.clientY));
    onEnter();
  };
  const key = (block: NoteBlock, e: KeyboardEvent<HTMLElement>) => {
    if (entry.key(block.uid, e.key, e.ctrlKey || e.metaKey || e.altKey)) e.preventDefault();
  };
  return (
    <>
      {blocks.map((block) => (
        <article key={block.id} id={`block-${block.id}`} className="card astro-editor" data-testid="note-block-stored" tabIndex={-1} onPointerDown={(e) => enter(block, e)} onKeyDown={(e) => key(block, e)}>
          <StoredDocument doc={storedBlockDoc(block.text)} className="p-3" />
        </article>
      ))}
    </>
  );
}

const NO_BLOCKS: NoteBlocksView = { uids: [], ids: {} };
const noBlocks = { subscribeBlocks: () => () => undefined, blocks: () => NO_BLOCKS };

/** Resolves once the room has stored every edit of this device (or after `SAVE_WAIT_MS`). */
function roomSaved(session: NoteSession): Promise<void> {
  return new Promise((resolve) => {
    if (!session.status().unsaved) return resolve();
    const done = () => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const timer = setTimeout(done, SAVE_WAIT_MS);
    const off = session.subscribe(() => !session.status().unsaved && done());
  });
}

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
  // The stored blocks (or the note's failure) first; the recent notes, the room and the editors after.
  const painted = usePaintedAfter(state.phase !== 'loading');
  const recent = useLoad(painted ? (signal) => notesApi.recent(RECENT_NOTES_IN_PAGE, signal) : null, [generation, painted, state.phase === 'loaded' && state.note?.id]);
  const handles = useRef(new Map<number, BlockHandle>());
  const [toDelete, setToDelete] = useState<{ block?: NoteBlock; uid?: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [promoting, setPromoting] = useState<{ block: NoteBlock; doc: JSONContent | null } | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const { offline } = useAuth();
  const [entry] = useState(() => new BlockEntry());
  const { editors, load: loadBlockEditors } = useBlockEditors(painted);
  useEffect(() => {
    // Between a stored block leaving the page and its editor taking the focus, keys land on the body.
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.target === document.body && entry.keyWhileWaiting(e.key, e.ctrlKey || e.metaKey || e.altKey)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [entry]);
  const ofThisDate = useCallback((item: QueuedCreation) => item.kind === 'block' && item.date === date, [date]);
  // Blocks written offline for this date reached the server: read the note again.
  useOnCreationsSent(ofThisDate, reload);
  // The network is back: a note that could not be read is read again.
  const unreachable = state.phase === 'unreachable';
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline && unreachable) reload();
    wasOffline.current = offline;
    if (!unreachable) return;
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [offline, unreachable, reload]);

  // The note is edited live through its room once it exists; without a party server, block by block over REST.
  const noteId = state.phase === 'loaded' ? (state.note?.id ?? null) : null;
  // The room's code (Yjs, the connection) loads once the stored blocks are painted.
  const live = useRoomSession(painted ? noteId : null, async (context) => (await import('./live-note')).openNoteSession({ ...context, noteId: noteId! }));
  const session = live.state.kind === 'live' && live.status.ready ? live.state.session : null;
  const restEditing = live.state.kind === 'unavailable' || noteId === null;
  const view = useSyncExternalStore((session ?? noBlocks).subscribeBlocks, (session ?? noBlocks).blocks);
  // The live blocks are drawn in a task of their own, apart from the room's first sync that brings them.
  const liveDrawn = useInATask(session);

  const flushAll = useCallback(async () => {
    if (session) await roomSaved(session);
    await Promise.all([...handles.current.values()].map((h) => h.flush()));
  }, [session]);
  const register = useCallback((id: number, handle: BlockHandle | null) => {
    if (handle) handles.current.set(id, handle);
    else handles.current.delete(id);
  }, []);

  // A reload into a new build first sends the blocks whose save is waiting (the room's edits: editor/collaboration.ts).
  useEffect(() => holdUpdateReload(() => Promise.all([...handles.current.values()].map((h) => h.flush()))), []);
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
  const blockCount = session ? view.uids.length : blocks.length;

  // The room stored a change: the mentions sidebar follows.
  useEffect(() => {
    if (!session) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = session.room.onFrame(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void refreshMentions(), MENTIONS_REFRESH_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [session, refreshMentions]);

  // A mention link (#block-{id}) scrolls to its block and highlights it, once the block is shown.
  const landed = useRef<string | null>(null);
  const shownIds = session ? Object.values(view.ids).join(',') : blocks.map((b) => b.id).join(',');
  useEffect(() => {
    const id = /^#block-(\d+)$/.exec(location.hash)?.[1];
    // Landed once the editable blocks are shown (the stored preview is shorter: the block would move).
    // The live blocks come a task after the room's first sync (`liveDrawn`): until then the stored preview is what shows.
    if (!id || state.phase !== 'loaded' || !editors || !((session && liveDrawn) || restEditing) || landed.current === location.hash) return;
    const el = document.getElementById(`block-${id}`);
    if (!el) return;
    landed.current = location.hash;
    el.scrollIntoView({ block: 'center' });
    setHighlighted(Number(id));
  }, [location.hash, state.phase, shownIds, session, liveDrawn, restEditing, editors]);
  useEffect(() => {
    if (highlighted === null) return;
    const t = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(t);
  }, [highlighted]);

  async function addBlock() {
    if (session) {
      session.add();
      return;
    }
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
    if (session && toDelete.uid) {
      session.remove(toDelete.uid);
      setToDelete(null);
      return;
    }
    const target = toDelete.block;
    if (!target) return;
    setDeleting(true);
    try {
      await notesApi.deleteBlock(target.id);
      setNote({ ...note, blocks: note.blocks.filter((b) => b.id !== target.id) });
      void refreshMentions();
    } catch (err) {
      toast.error(`Failed to delete block: ${failureText(err, 'Aucune réponse du serveur.')}`);
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
    else toast.success(`Liaison automatique : ${results.length} bloc(s) traités.`);
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
            <button type="button" className="btn-primary" disabled={adding || state.phase !== 'loaded' || (!session && !restEditing)} onClick={() => void addBlock()}>
              Add Block
            </button>
            <button type="button" className="btn-ghost text-sm" disabled={!blockCount} onClick={() => void autoLinkAll()}>
              Lier automatiquement tous les blocs
            </button>
          </div>
          <NoteFileControls date={date} hasNote={!!note} beforeImport={flushAll} onImported={reload} />
        </header>
        {state.phase === 'loading' && <p className="text-slate-400">Chargement...</p>}
        {state.phase === 'error' && <p className="text-red-300">La note du jour n'a pas pu être chargée.</p>}
        {state.phase === 'unreachable' && (
          <p className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100" role="status" data-testid="daily-unreachable">
            {UNREACHABLE_TEXT}
          </p>
        )}
        {session && <LiveStatusBar status={live.status} />}
        {(offline || state.phase === 'unreachable') && !session && state.phase !== 'loading' && <OfflineBlockComposer date={date} />}
        <QueuedCreations title="Blocs écrits hors ligne, en attente d'envoi" pick={ofThisDate} />
        {state.phase === 'loaded' && (session || restEditing) && blockCount === 0 && <p className="text-slate-400">No blocks yet. Add your first note!</p>}
        <div className="space-y-3" data-testid="note-blocks">
          {editors && session && liveDrawn && note ? (
            <editors.LiveNoteBlocks
              session={session}
              noteId={note.id}
              highlighted={highlighted}
              entry={entry}
              onDelete={(uid) => setToDelete({ uid })}
              onPromote={(b, doc) => void flushAll().then(() => setPromoting({ block: b, doc }))}
            />
          ) : editors && restEditing ? (
            blocks.map((block) => (
              <editors.BlockEditor
                key={block.id}
                block={block}
                highlighted={highlighted === block.id}
                entry={entry}
                register={register}
                onSaved={() => void refreshMentions()}
                onDelete={(b) => setToDelete({ block: b })}
                onPromote={(b, doc) => void flushAll().then(() => setPromoting({ block: b, doc }))}
                onReload={reload}
              />
            ))
          ) : (
            // The stored blocks at once, read-only, while the editors load and the note's room connects.
            <StoredBlocks blocks={blocks} entry={entry} onEnter={loadBlockEditors} />
          )}
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
