/**
 * 'Nouvelle flashcard' / 'Modifier la flashcard' (spec document 2 §2, §5, §8); under each side,
 * the language it is read aloud in and its sound (SideVoiceFields).
 */
import { useState, type FormEvent } from 'react';
import { TOAST_FLASHCARD_MS, useToast } from '../../ui/Toasts';
import { errorText } from '../../ui/error-text';
import { flashcardsApi, type Flashcard } from '../../api/flashcards';
import { splitTags } from './split-tags';
import { SideVoiceFields } from './SideVoiceFields';
import type { SpeechLanguage } from '@domain/card-speech';

interface Props {
  conceptId: number;
  /** The card being edited; a new card when absent. */
  card?: Flashcard;
  onSaved?(card: Flashcard): void;
}

export function FlashcardForm({ conceptId, card, onSaved }: Props) {
  const toast = useToast();
  const [question, setQuestion] = useState(card?.question ?? '');
  const [answer, setAnswer] = useState(card?.answer ?? '');
  const [tags, setTags] = useState(card?.tags.join(', ') ?? '');
  const [questionLang, setQuestionLang] = useState<SpeechLanguage | null>(card?.question_lang ?? null);
  const [answerLang, setAnswerLang] = useState<SpeechLanguage | null>(card?.answer_lang ?? null);
  const [typeAnswer, setTypeAnswer] = useState(card?.type_answer ?? false);
  const withSound = (set: (update: (text: string) => string) => void) => (link: string) => set((text) => (text.trimEnd() ? `${text.trimEnd()}\n${link}` : link));
  const [busy, setBusy] = useState(false);
  const editing = Boolean(card);
  const complete = question.trim() !== '' && answer.trim() !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    const input = { question: question.trim(), answer: answer.trim(), tags: splitTags(tags), question_lang: questionLang, answer_lang: answerLang, type_answer: typeAnswer };
    try {
      const saved = card ? await flashcardsApi.update(card.id, input) : await flashcardsApi.create(conceptId, input);
      toast.success(editing ? 'Flashcard mise à jour avec succès!' : 'Flashcard créée avec succès!', TOAST_FLASHCARD_MS);
      if (!editing) {
        setQuestion('');
        setAnswer('');
        setTags('');
        setQuestionLang(null);
        setAnswerLang(null);
        setTypeAnswer(false);
      }
      onSaved?.(saved);
    } catch (err) {
      toast.error(`Erreur: ${errorText(err, 'Une erreur est survenue')}`, TOAST_FLASHCARD_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      {/* Editing happens in a dialog already titled 'Modifier la flashcard': the title shows once. */}
      {!editing && <h3 className="text-base font-semibold">Nouvelle flashcard</h3>}
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">Question *</span>
        <textarea className="field min-h-20" required value={question} disabled={busy} onChange={(e) => setQuestion(e.target.value)} />
      </label>
      <SideVoiceFields side="question" text={question} lang={questionLang} disabled={busy} onLang={setQuestionLang} onSound={withSound(setQuestion)} />
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">Réponse *</span>
        <textarea className="field min-h-20" required value={answer} disabled={busy} onChange={(e) => setAnswer(e.target.value)} />
      </label>
      <SideVoiceFields side="answer" text={answer} lang={answerLang} disabled={busy} onLang={setAnswerLang} onSound={withSound(setAnswer)} />
      <label className="flex items-center gap-2 text-sm text-slate-300">
        <input type="checkbox" className="h-4 w-4 accent-nebula-500" checked={typeAnswer} disabled={busy} onChange={(e) => setTypeAnswer(e.target.checked)} />
        Taper la réponse en révision (comparée lettre par lettre)
      </label>
      <label className="block text-sm">
        <span className="mb-1 block text-slate-300">Tags</span>
        <input className="field" placeholder="séparés par des virgules" value={tags} disabled={busy} onChange={(e) => setTags(e.target.value)} />
      </label>
      <button type="submit" className="btn-primary" disabled={!complete || busy}>
        {editing ? 'Mettre à jour' : 'Créer la flashcard'}
      </button>
    </form>
  );
}
