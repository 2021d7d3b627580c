/**
 * Quick concept creation from an unknown [[name]] (spec document 1 §2, §3 'Quick
 * creation payload'): title required, content lines become paragraphs, tags
 * comma-separated. On success the editor turns the placeholder text into a link.
 */
import { useState } from 'react';
import { conceptsApi, type ConceptRef, type ConceptWrite } from '../../api/concepts';
import { errorText } from '../../ui/error-text';
import { EditorDialog, ErrorText } from './EditorDialog';


function quickConceptPayload(title: string, content: string, tags: string): ConceptWrite {
  const lines = content.split('\n').map((l) => l.trim()).filter(Boolean);
  const tagNames = tags.split(',').map((t) => t.trim()).filter(Boolean);
  return {
    title: title.trim(),
    content: lines.length ? { type: 'doc', content: lines.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) } : null,
    source: 'MANUAL',
    ...(tagNames.length ? { tag_names: tagNames } : {}),
  };
}

export function QuickConceptDialog({ name, onCreated, onClose }: { name: string; onCreated: (concept: ConceptRef) => void; onClose: () => void }) {
  const [title, setTitle] = useState(name);
  const [content, setContent] = useState('');
  const [tags, setTags] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!title.trim()) return setError('Title is required');
    setSaving(true);
    try {
      const created = await conceptsApi.create(quickConceptPayload(title, content, tags));
      onCreated({ id: created.id, title: created.title });
    } catch (e) {
      console.error('quick concept creation failed', e);
      setError(errorText(e, 'Erreur lors de la création du concept', '\n'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <EditorDialog
      title="Créer un nouveau concept"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>Annuler</button>
          <button type="button" className="btn-primary" disabled={!title.trim() || saving} onClick={() => void submit()}>Créer le concept</button>
        </>
      }
    >
      <ErrorText text={error} />
      <label className="block text-sm">Titre<input className="field mt-1" value={title} onChange={(e) => setTitle(e.target.value)} /></label>
      <label className="block text-sm">Contenu<textarea className="field mt-1" rows={4} value={content} onChange={(e) => setContent(e.target.value)} /></label>
      <label className="block text-sm">Tags (séparés par des virgules)<input className="field mt-1" value={tags} onChange={(e) => setTags(e.target.value)} /></label>
    </EditorDialog>
  );
}
