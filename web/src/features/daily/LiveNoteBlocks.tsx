/**
 * The blocks of a note edited live: each block's rich editor bound to its text in the
 * note's room, with its actions (move up/down, promote, delete). A block's element
 * carries `id="block-{id}"` once the room has stored it, so a mention link lands on it.
 *
 * The note's blocks get their editors one at a time, in order (the highlighted block first),
 * each made in steps of a task each (editor/editor-in-steps.tsx): made all at once, a day's
 * twenty editors held the page for seconds on a phone, and one editor made in one task held it
 * 100-300 ms. A block waiting for its editor shows its text from the room in a frame of the
 * editor's size, and entering it (a click, then keys) starts its editor at once, the click's
 * place and the keys kept (block-entry.ts). Blocks added later start theirs at once.
 */
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import type { Editor } from '@tiptap/core';
import type { JSONContent } from '@tiptap/react';
import { memo, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type * as Y from 'yjs';
import { blocksOf } from '@domain/note-ydoc';
import { fragmentToDoc } from '@domain/yjs-prosemirror';
import type { NoteBlock } from '../../api/daily-notes';
import { RichTextEditor } from '../../editor/RichTextEditor';
import { fragmentCollaboration } from '../../editor/fragment-binding';
import { StoredDocument } from '../../editor/StoredDocument';
import { afterFrame } from '../../lib/after-frame';
import { CreateFromLinkDialog } from './PromoteDialog';
import type { BlockEntry } from './block-entry';
import { enterBlock } from './enter-block';
import type { NoteSession } from './live-note';
import { textOffsetAtPoint } from './text-offset';

/** The height of an editor's counts and toolbar below its text (a two-row toolbar), until an editor of this page load has measured it. */
let editorChromePx = 99;

/**
 * The blocks still waiting for their editor: every block there is when the editors first
 * load, given an editor one at a time (the highlighted block first, then in the note's order),
 * each once the one before is ready and the page has drawn a frame; `attach` gives one its
 * editor now, `ready` tells that a block's editor is on screen.
 */
function useEditorsOneByOne(uids: string[], first: string | undefined) {
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(() => new Set(uids));
  // The block whose editor is being made in turn (editors made in steps: one at a time).
  const [making, setMaking] = useState<string | null>(null);
  const attach = useCallback((uid: string | undefined) => {
    setWaiting((w) => {
      if (uid === undefined || !w.has(uid)) return w;
      const rest = new Set(w);
      rest.delete(uid);
      return rest;
    });
  }, []);
  const ready = useCallback((uid: string) => setMaking((m) => (m === uid ? null : m)), []);
  // A block deleted while its editor was being made.
  if (making !== null && !uids.includes(making)) setMaking(null);
  useEffect(() => {
    if (waiting.size === 0 || making !== null) return;
    const next = first !== undefined && waiting.has(first) ? first : (uids.find((u) => waiting.has(u)) ?? waiting.values().next().value);
    return afterFrame(() => {
      setMaking(next ?? null);
      attach(next);
    });
  }, [waiting, making, uids, first, attach]);
  return { waiting, attach, ready };
}

interface Props {
  session: NoteSession;
  noteId: number;
  highlighted: number | null;
  /** Where the person entered a block before the editors loaded. */
  entry: BlockEntry;
  onDelete(uid: string): void;
  onPromote(block: NoteBlock, doc: JSONContent | null): void;
}

export function LiveNoteBlocks({ session, noteId, highlighted, entry, onDelete, onPromote }: Props) {
  const view = useSyncExternalStore(session.subscribeBlocks, session.blocks);
  const highlightedUid = highlighted === null ? undefined : view.uids.find((u) => view.ids[u] === highlighted);
  const { waiting, attach, ready } = useEditorsOneByOne(view.uids, highlightedUid);
  const [chrome, setChrome] = useState(editorChromePx);
  const measured = useCallback((px: number) => setChrome((editorChromePx = px)), []);
  return (
    <>
      {view.uids.map((uid, index) => (
        <LiveBlock
          waiting={waiting.has(uid)}
          onEnter={attach}
          onEditorReady={ready}
          chrome={chrome}
          onChromeMeasured={measured}
          key={uid}
          session={session}
          uid={uid}
          id={view.ids[uid]}
          index={index}
          last={index === view.uids.length - 1}
          highlighted={highlighted !== null && view.ids[uid] === highlighted}
          entry={entry}
          onDelete={() => onDelete(uid)}
          onPromote={() => {
            const id = view.ids[uid];
            const fragment = blocksOf(session.room.ydoc).get(uid);
            const doc = fragment ? (fragmentToDoc(fragment) as JSONContent) : null;
            if (id) onPromote({ id, uid, note_id: noteId, text: JSON.stringify(doc), order_idx: index, version: 0 }, doc);
          }}
        />
      ))}
    </>
  );
}

interface BlockProps {
  session: NoteSession;
  /** Shown as stored until its editor is made (`onEnter` asks for it now). */
  waiting: boolean;
  onEnter(uid: string): void;
  onEditorReady(uid: string): void;
  /** What an editor adds below its text, in px: a waiting block keeps that room for it. */
  chrome: number;
  onChromeMeasured(px: number): void;
  uid: string;
  id: number | undefined;
  index: number;
  last: boolean;
  highlighted: boolean;
  entry: BlockEntry;
  onDelete(): void;
  onPromote(): void;
}

function LiveBlock({ session, waiting, onEnter, onEditorReady, chrome, onChromeMeasured, uid, id, index, last, highlighted, entry, onDelete, onPromote }: BlockProps) {
  const fragment = blocksOf(session.room.ydoc).get(uid) ?? null;
  const onReady = useCallback(
    (editor: Editor) => {
      onEditorReady(uid);
      const entered = entry.take(uid);
      if (entered) enterBlock(editor, entered, () => entry.end(entered));
      // The room below the text the waiting blocks keep, as this editor draws it.
      requestAnimationFrame(() => {
        // An editor destroyed before this frame (its block gone, or drawn again) has no view.
        if (editor.isDestroyed) return;
        const frame = editor.view.dom.closest('[data-testid="rich-text-editor"]');
        if (frame && editor.view.dom.isConnected) onChromeMeasured(frame.clientHeight - editor.view.dom.offsetHeight);
      });
    },
    [entry, uid, onChromeMeasured, onEditorReady],
  );
  // Shown until the block's editor is made (in steps), and while it waits for its turn.
  const waitingText = useMemo(
    () =>
      fragment && (
        <WaitingText
          fragment={fragment}
          chrome={chrome}
          // The place is taken where the button goes down; the editor comes once the click is over,
          // so that the click does not land in an editor whose text has not arrived yet.
          onPointerDown={(e) => entry.begin(uid, textOffsetAtPoint(e.currentTarget, e.clientX, e.clientY))}
          onClick={() => onEnter(uid)}
          onKeyDown={(e) => entry.key(uid, e.key, e.ctrlKey || e.metaKey || e.altKey) && e.preventDefault()}
        />
      ),
    [fragment, chrome, entry, uid, onEnter],
  );
  return (
    <article
      id={id ? `block-${id}` : undefined}
      data-testid="note-block"
      className={`card space-y-2 transition-colors ${highlighted ? 'ring-2 ring-amber-400 bg-amber-500/10' : ''}`}
    >
      {waiting && fragment ? waitingText : <BlockText session={session} fragment={fragment} onReady={onReady} waitingText={waitingText} />}
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
        <div className="flex gap-1">
          <button type="button" className="btn-ghost text-xs" aria-label="Monter le bloc" title="Monter le bloc" disabled={index === 0} onClick={() => session.move(uid, index - 1)}>
            ↑
          </button>
          <button type="button" className="btn-ghost text-xs" aria-label="Descendre le bloc" title="Descendre le bloc" disabled={last} onClick={() => session.move(uid, index + 1)}>
            ↓
          </button>
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn-ghost text-xs" disabled={!id} title={id ? undefined : 'Enregistrement du bloc en cours…'} onClick={onPromote}>
            Promouvoir en concept
          </button>
          <button type="button" className="btn-ghost text-xs text-red-300" onClick={onDelete}>
            Supprimer
          </button>
        </div>
      </div>
    </article>
  );
}

/** The block's editor, made in steps (the block's text shown meanwhile), drawn again only when its room binding changes (not each time another block gets its editor). */
const BlockText = memo(function BlockText({ session, fragment, onReady, waitingText }: { session: NoteSession; fragment: Y.XmlFragment | null; onReady(editor: Editor): void; waitingText: ReactNode }) {
  // The editor binds to this block's own fragment of the note's document (made here, for the blocks given an editor only).
  const live = useMemo(
    () => ({
      extensions: [
        fragmentCollaboration(fragment),
        CollaborationCaret.configure({ provider: session.room.provider, user: session.caret }),
      ],
    }),
    [session, fragment],
  );
  return <RichTextEditor value={null} collaboration={live} onReady={onReady} ariaLabel="Bloc" conceptDialog={CreateFromLinkDialog} madeInSteps fallback={waitingText} />;
});

interface WaitingProps {
  fragment: Y.XmlFragment;
  chrome: number;
  onPointerDown(e: PointerEvent<HTMLElement>): void;
  onClick(): void;
  onKeyDown(e: KeyboardEvent<HTMLElement>): void;
}

/** A block's text from the room, drawn as its editor will draw it (kept current), while the editor waits. */
function WaitingText({ fragment, chrome, onPointerDown, onClick, onKeyDown }: WaitingProps) {
  const [doc, setDoc] = useState(() => fragmentToDoc(fragment));
  useEffect(() => {
    const redraw = () => setDoc(fragmentToDoc(fragment));
    fragment.observeDeep(redraw);
    return () => fragment.unobserveDeep(redraw);
  }, [fragment]);
  return (
    <div className="astro-editor rounded-md border border-space-600 bg-space-900" data-testid="note-block-waiting" tabIndex={-1} onPointerDown={onPointerDown} onClick={onClick} onKeyDown={onKeyDown}>
      <StoredDocument doc={doc} className="min-h-[150px] max-h-[600px] overflow-y-auto p-3" />
      <div aria-hidden="true" style={{ height: chrome }} />
    </div>
  );
}
