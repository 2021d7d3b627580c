/** Promote a block to a concept (spec §2.1 create/promote dialog, block-promotion mode): Title and Tags. */
import type { JSONContent } from '@tiptap/react';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/Dialog';
import { errorText } from '../../ui/error-text';
import { notesApi, type NoteBlock, type PromoteAnswer } from '../../api/notes';

interface Props {
  block: NoteBlock;
  content: JSONContent | null;
  onClose(): void;
  onPromoted(answer: PromoteAnswer): void;
}

export function PromoteDialog({ block, content, onClose, onPromoted }: Props) {
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return setError('Title cannot be empty.');
    setBusy(true);
    setError(null);
    try {
      onPromoted(await notesApi.promote(block.id, { title: title.trim(), tags, concept_content_json: content ?? undefined }));
    } catch (err) {
      setError(errorText(err, 'Failed to create/promote concept.'));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Promouvoir en concept"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn-ghost" onClick={onClose} disabled={busy}>
            Annuler
          </button>
          <button type="submit" form="promote-form" className="btn-primary" disabled={busy}>
            Créer le concept
          </button>
        </>
      }
    >
      <form id="promote-form" className="space-y-3" onSubmit={submit} noValidate>
        <label className="block text-sm">
          Title
          <input className="field mt-1" value={title} onChange={(e) => setTitle(e.target.value)} autoFocus />
        </label>
        <label className="block text-sm">
          Tags
          <input className="field mt-1" value={tags} onChange={(e) => setTags(e.target.value)} placeholder="tag1, tag2" />
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
