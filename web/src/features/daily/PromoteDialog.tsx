/**
 * The daily notes' create/promote dialog (spec document 3 §2.1, §5): fields Title and Tags
 * (comma-separated), in two modes — promoting a block, or creating the concept of an unknown
 * [[name]] typed in a block. A blank title says 'Title cannot be empty.' and sends nothing.
 */
import type { JSONContent } from '@tiptap/react';
import { useState, type FormEvent } from 'react';
import { parseTagInput } from '@domain/tags';
import { conceptsApi, type ConceptRef } from '../../api/concepts';
import { Dialog } from '../../ui/Dialog';
import { errorText } from '../../ui/error-text';
import { notesApi, type NoteBlock, type PromoteAnswer } from '../../api/daily-notes';

const TITLE_REQUIRED = 'Title cannot be empty.';
const FAILED = 'Failed to create/promote concept.';

interface Fields {
  heading: string;
  initialTitle: string;
  onClose(): void;
  /** Sends the trimmed title and the tags as typed; its failure is shown in the dialog. */
  save(title: string, tags: string): Promise<void>;
}

function ConceptFieldsDialog({ heading, initialTitle, onClose, save }: Fields) {
  const [title, setTitle] = useState(initialTitle);
  const [tags, setTags] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return setError(TITLE_REQUIRED);
    setBusy(true);
    setError(null);
    try {
      await save(title.trim(), tags);
    } catch (err) {
      setError(errorText(err, FAILED));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={heading}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn-ghost" onClick={onClose} disabled={busy}>
            Annuler
          </button>
          <button type="submit" form="note-concept-form" className="btn-primary" disabled={busy}>
            Créer le concept
          </button>
        </>
      }
    >
      <form id="note-concept-form" className="space-y-3" onSubmit={submit} noValidate>
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

/** Block promotion: the block becomes a concept holding its content. */
export function PromoteDialog({ block, content, onClose, onPromoted }: { block: NoteBlock; content: JSONContent | null; onClose(): void; onPromoted(answer: PromoteAnswer): void }) {
  return (
    <ConceptFieldsDialog
      heading="Promouvoir en concept"
      initialTitle=""
      onClose={onClose}
      save={async (title, tags) => onPromoted(await notesApi.promote(block.id, { title, tags, concept_content_json: content ?? undefined }))}
    />
  );
}

/** Direct creation from an unknown [[name]] in a block: the placeholder becomes a link to the new concept. */
export function CreateFromLinkDialog({ name, onClose, onCreated }: { name: string; onClose(): void; onCreated(concept: ConceptRef): void }) {
  return (
    <ConceptFieldsDialog
      heading="Créer un nouveau concept"
      initialTitle={name}
      onClose={onClose}
      save={async (title, tags) => {
        const names = parseTagInput(tags);
        const created = await conceptsApi.create({ title, content: null, source: 'MANUAL', ...(names.length ? { tag_names: names } : {}) });
        onCreated({ id: created.id, title: created.title });
      }}
    />
  );
}
