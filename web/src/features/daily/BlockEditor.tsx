/**
 * One block of a daily note: the concept rich editor (every tool, `[[`/`#` suggestions,
 * uploads), its save state, and its actions (promote, delete). The block's element carries
 * `id="block-{id}"` so a concept page's mention link lands on it.
 */
import type { Editor } from '@tiptap/core';
import type { JSONContent } from '@tiptap/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { RichTextEditor } from '../../editor/RichTextEditor';
import type { BlockEntry } from './block-entry';
import { enterBlock } from './enter-block';
import { CreateFromLinkDialog } from './PromoteDialog';
import type { NoteBlock } from '../../api/daily-notes';
import { useBlockSaver, type SaveState } from './use-block-saver';

export interface BlockHandle {
  flush(): Promise<void>;
  flushOnLeave(): void;
}

interface Props {
  block: NoteBlock;
  highlighted: boolean;
  /** Where the person entered the block before its editor loaded. */
  entry: BlockEntry;
  register(id: number, handle: BlockHandle | null): void;
  onSaved(block: NoteBlock): void;
  onDelete(block: NoteBlock): void;
  onPromote(block: NoteBlock, doc: JSONContent | null): void;
  onReload(): void;
}

/** The stored text as an editor document: a JSON document as is, HTML or text as paragraphs. */
export function blockContent(text: string): JSONContent | string {
  if (text.trim().startsWith('{')) {
    try {
      return JSON.parse(text) as JSONContent;
    } catch {
      // Text that starts with a brace.
    }
  }
  return text;
}

function SaveLabel({ state, onKeepMine, onReload }: { state: SaveState; onKeepMine(): void; onReload(): void }) {
  switch (state.kind) {
    case 'saved':
      return <span className="text-slate-500">Enregistré</span>;
    case 'saving':
      return <span className="text-slate-400">Enregistrement…</span>;
    case 'unsaved':
      return <span className="text-amber-300">Non enregistré</span>;
    case 'failed':
      return (
        <span className="text-red-300" role="status">
          Non enregistré — {state.retryInMs ? 'nouvel essai bientôt' : 'texte refusé par le serveur'}
        </span>
      );
    case 'conflict':
      return (
        <span className="text-red-300" role="status">
          Ce bloc a changé sur un autre appareil.{' '}
          <button type="button" className="underline" onClick={onKeepMine}>
            Garder ma version
          </button>{' '}
          <button type="button" className="underline" onClick={onReload}>
            Voir l'autre version
          </button>
        </span>
      );
  }
}

export function BlockEditor({ block, highlighted, entry, register, onSaved, onDelete, onPromote, onReload }: Props) {
  const saver = useBlockSaver(block, onSaved);
  const initial = useMemo(() => blockContent(block.text), [block.id]); // eslint-disable-line react-hooks/exhaustive-deps -- the editor owns the text after mount
  const latest = useRef<JSONContent | null>(typeof initial === 'string' ? null : initial);

  const editor = useRef<Editor | null>(null);
  // The editor may normalise a stored document as it opens (an update nobody typed): only
  // changes made once the person is in the block are saved.
  const touched = useRef(false);
  const onReady = useCallback(
    (e: Editor) => {
      editor.current = e;
      const entered = entry.take(block.uid);
      if (entered) enterBlock(e, entered, () => entry.end(entered));
    },
    [entry, block.uid],
  );
  const { adoptStored } = saver;
  useEffect(() => {
    if (editor.current && adoptStored(block)) {
      const content = blockContent(block.text);
      editor.current.commands.setContent(content, { emitUpdate: false });
      latest.current = typeof content === 'string' ? null : content;
    }
  }, [block, adoptStored]);

  useEffect(() => {
    register(block.id, { flush: saver.flush, flushOnLeave: saver.flushOnLeave });
    return () => register(block.id, null);
  }, [block.id, register, saver.flush, saver.flushOnLeave]);

  return (
    <article id={`block-${block.id}`} data-testid="note-block" onFocus={() => (touched.current = true)} className={`card space-y-2 transition-colors ${highlighted ? 'ring-2 ring-amber-400 bg-amber-500/10' : ''}`}>
      <RichTextEditor
        value={initial as JSONContent}
        collaboration={null}
        onReady={onReady}
        ariaLabel="Bloc"
        conceptDialog={CreateFromLinkDialog}
        onChange={(doc) => {
          latest.current = doc;
          if (touched.current) saver.edit(JSON.stringify(doc));
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs" data-testid="block-save-state">
        <SaveLabel state={saver.state} onKeepMine={saver.keepMine} onReload={onReload} />
        <div className="flex gap-2">
          <button type="button" className="btn-ghost text-xs" onClick={() => onPromote(block, latest.current)}>
            Promouvoir en concept
          </button>
          <button type="button" className="btn-ghost text-xs text-red-300" onClick={() => onDelete(block)}>
            Supprimer
          </button>
        </div>
      </div>
    </article>
  );
}
