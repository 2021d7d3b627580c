/**
 * The blocks of a note edited live: each block's rich editor bound to its text in the
 * note's room, with its actions (move up/down, promote, delete). A block's element
 * carries `id="block-{id}"` once the room has stored it, so a mention link lands on it.
 */
import type { JSONContent } from '@tiptap/react';
import { useMemo, useSyncExternalStore } from 'react';
import { blocksOf } from '@domain/note-ydoc';
import { fragmentToDoc } from '@domain/yjs-prosemirror';
import type { NoteBlock } from '../../api/daily-notes';
import { RichTextEditor } from '../../editor/RichTextEditor';
import { CreateFromLinkDialog } from './PromoteDialog';
import type { NoteSession } from './live-note';

interface Props {
  session: NoteSession;
  noteId: number;
  highlighted: number | null;
  onDelete(uid: string): void;
  onPromote(block: NoteBlock, doc: JSONContent | null): void;
}

export function LiveNoteBlocks({ session, noteId, highlighted, onDelete, onPromote }: Props) {
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
  onDelete(): void;
  onPromote(): void;
}

function LiveBlock({ session, uid, id, index, last, highlighted, onDelete, onPromote }: BlockProps) {
  // The editor binds to this block's own fragment of the note's document.
  const live = useMemo(() => ({ extensions: session.extensionsFor(uid) }), [session, uid]);
  return (
    <article
      id={id ? `block-${id}` : undefined}
      data-testid="note-block"
      className={`card space-y-2 transition-colors ${highlighted ? 'ring-2 ring-amber-400 bg-amber-500/10' : ''}`}
    >
      <RichTextEditor value={null} collaboration={live} ariaLabel="Bloc" conceptDialog={CreateFromLinkDialog} />
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
