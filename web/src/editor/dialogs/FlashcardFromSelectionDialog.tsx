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
export const CLOZE_NEEDS_CONTEXT = 'Sélectionnez une partie de la phrase seulement : le reste de la phrase forme la question.';

/** A flashcard from the selection, or a cloze card ('Créer une carte à trous') when `cloze` is given. */
export function FlashcardFromSelectionDialog({ conceptId, selection, cloze, onClose }: { conceptId: number; selection: string; cloze?: { question: string; answer: string }; onClose: () => void }) {
  const toast = useToast();
  const [question, setQuestion] = useState(cloze?.question ?? defaultQuestion(selection));
  const [answer, setAnswer] = useState(cloze?.answer ?? selection);
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
      title={cloze ? 'Créer une carte à trous' : 'Créer une flashcard'}
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
