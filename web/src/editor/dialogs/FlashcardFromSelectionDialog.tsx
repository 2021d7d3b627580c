/**
 * Flashcard from a selection (spec document 1 §5): question 'Qu'est-ce que {selection} ?'
 * and answer = the selection by default; both required after trimming.
 */
import { useState } from 'react';
import { flashcardsApi } from '../../api/flashcards';
import { errorText } from '../../ui/error-text';
import { TOAST_FLASHCARD_MS, useToast } from '../../ui/Toasts';
import { EditorDialog, ErrorText } from './EditorDialog';

export const FLASHCARD_MESSAGES = {
  noSelection: 'Veuillez sélectionner du texte pour créer une flashcard',
  noConcept: 'Impossible de créer une flashcard : concept non identifié',
  empty: 'La question et la réponse ne peuvent pas être vides',
  created: 'Flashcard créée avec succès!',
} as const;

export const defaultQuestion = (selection: string) => `Qu'est-ce que ${selection} ?`;

export function FlashcardFromSelectionDialog({ conceptId, selection, onClose }: { conceptId: number; selection: string; onClose: () => void }) {
  const toast = useToast();
  const [question, setQuestion] = useState(defaultQuestion(selection));
  const [answer, setAnswer] = useState(selection);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!question.trim() || !answer.trim()) return setError(FLASHCARD_MESSAGES.empty);
    setSaving(true);
    try {
      await flashcardsApi.create(conceptId, { question: question.trim(), answer: answer.trim() });
      toast.success(FLASHCARD_MESSAGES.created, TOAST_FLASHCARD_MS);
      onClose();
    } catch (e) {
      setError(errorText(e, 'Erreur lors de la création de la flashcard', '\n'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <EditorDialog
      title="Créer une flashcard"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>Annuler</button>
          <button type="button" className="btn-primary" disabled={saving} onClick={() => void submit()}>Créer la flashcard</button>
        </>
      }
    >
      <ErrorText text={error} />
      <label className="block text-sm">Question<textarea className="field mt-1" rows={2} value={question} onChange={(e) => setQuestion(e.target.value)} /></label>
      <label className="block text-sm">Réponse<textarea className="field mt-1" rows={4} value={answer} onChange={(e) => setAnswer(e.target.value)} /></label>
    </EditorDialog>
  );
}
