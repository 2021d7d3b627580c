/**
 * The blocks of a note edited live: each block's rich editor bound to its text in the
 * note's room, with its actions (move up/down, promote, delete). A block's element
 * carries `id="block-{id}"` once the room has stored it, so a mention link lands on it.
 */
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import type { Editor } from '@tiptap/core';
import type { JSONContent } from '@tiptap/react';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { blocksOf } from '@domain/note-ydoc';
import { fragmentToDoc } from '@domain/yjs-prosemirror';
import type { NoteBlock } from '../../api/daily-notes';
import { RichTextEditor } from '../../editor/RichTextEditor';
import { CreateFromLinkDialog } from './PromoteDialog';
import type { BlockEntry } from './block-entry';
import { enterBlock } from './enter-block';
import type { NoteSession } from './live-note';

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
  return (
    <>
      {view.uids.map((uid, index) => (
        <LiveBlock
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
  uid: string;
  id: number | undefined;
  index: number;
  last: boolean;
  highlighted: boolean;
  entry: BlockEntry;
  onDelete(): void;
  onPromote(): void;
}

function LiveBlock({ session, uid, id, index, last, highlighted, entry, onDelete, onPromote }: BlockProps) {
  // The editor binds to this block's own fragment of the note's document.
  const live = useMemo(
    () => ({
      extensions: [
        Collaboration.configure({ fragment: blocksOf(session.room.ydoc).get(uid) ?? null }),
        CollaborationCaret.configure({ provider: session.room.provider, user: session.caret }),
      ],
    }),
    [session, uid],
  );
  const onReady = useCallback(
    (editor: Editor) => {
      const entered = entry.take(uid);
      if (entered) enterBlock(editor, entered);
    },
    [entry, uid],
  );
  return (
    <article
      id={id ? `block-${id}` : undefined}
      data-testid="note-block"
      className={`card space-y-2 transition-colors ${highlighted ? 'ring-2 ring-amber-400 bg-amber-500/10' : ''}`}
    >
      <RichTextEditor value={null} collaboration={live} onReady={onReady} ariaLabel="Bloc" conceptDialog={CreateFromLinkDialog} />
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
