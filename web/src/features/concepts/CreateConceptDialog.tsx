/**
 * The quick 'Create New Concept' dialog (spec document 1 §2 'Quick creation dialogs'):
 * title, optional content (each line a paragraph), comma-separated tags. The payload is
 * the quick-creation one: title, content (null when empty), source, tag_names (omitted
 * when empty), and the client id that makes a retry answer the concept already made.
 * Without the server the concept is kept on the device and created when it
 * comes back (features/offline/creation-queue.ts).
 */
import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/Dialog';
import { parseTagInput } from '@domain/tags';
import { plainTextToDoc } from '@domain/richtext';
import { errorText } from '../../ui/error-text';
import { conceptsApi, type Concept } from '../../api/concepts';
import { useToast } from '../../ui/Toasts';
import { isUnreachable } from '../flashcards/review-queue';
import { newClientId } from '../../lib/queue-store';
import { useCreationQueue } from '../offline/use-creation-queue';

interface Props {
  open: boolean;
  onClose(): void;
  onCreated(concept: Concept): void;
  initialTitle?: string;
}

export function CreateConceptDialog({ open, onClose, onCreated, initialTitle = '' }: Props) {
  const [title, setTitle] = useState(initialTitle);
  const [content, setContent] = useState('');
  const [tags, setTags] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const creations = useCreationQueue();
  // One id per concept being written: sending it again (a lost answer) never makes a second one.
  const clientId = useRef<string | null>(null);

  const close = () => {
    if (busy) return;
    setTitle(initialTitle);
    setContent('');
    setTags('');
    setError(null);
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setError('Title is required');
      return;
    }
    setBusy(true);
    setError(null);
    const tagNames = parseTagInput(tags);
    const concept = { title: title.trim(), content: content.trim() ? plainTextToDoc(content) : null, source: 'MANUAL' as const, ...(tagNames.length ? { tag_names: tagNames } : {}) };
    const id = (clientId.current ??= newClientId());
    const reset = () => {
      clientId.current = null;
      setBusy(false);
      setTitle('');
      setContent('');
      setTags('');
    };
    try {
      const created = await conceptsApi.create({ ...concept, client_id: id });
      reset();
      onCreated(created);
    } catch (err) {
      // No server: kept on this device with the same id, and created when it comes back.
      if (creations && isUnreachable(err) && (await creations.add({ kind: 'concept', concept }, id).then(() => true, () => false))) {
        reset();
        toast.info(`Hors ligne : « ${concept.title} » est gardé sur cet appareil et sera créé au retour du réseau.`);
        onClose();
        return;
      }
      setBusy(false);
      setError(errorText(err, 'Failed to create concept', '\n'));
    }
  }

  return (
    <Dialog title="Create New Concept" open={open} onClose={close}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <label className="block text-sm">
          <span className="mb-1 block text-slate-300">Concept Title *</span>
          <input className="field" value={title} disabled={busy} onChange={(e) => setTitle(e.target.value)} required />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block text-slate-300">Content / Description</span>
          <textarea className="field min-h-28" value={content} disabled={busy} onChange={(e) => setContent(e.target.value)} />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block text-slate-300">Tags</span>
          <input className="field" value={tags} disabled={busy} placeholder="tag1, tag2" onChange={(e) => setTags(e.target.value)} />
        </label>
        {error && (
          <p role="alert" className="text-sm whitespace-pre-line text-red-300">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy || !title.trim()}>
            {busy ? 'Creating...' : 'Create Concept'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
