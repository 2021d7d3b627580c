/** The five study methods (spec document 2 §2 and §9). */
import type { MethodType } from '../../api/study-sessions';

export interface StudyMethod {
  type: MethodType;
  name: string;
  description: string;
  icon: string;
  available: boolean;
}

export const STUDY_METHODS: StudyMethod[] = [
  { type: 'FLASHCARDS', name: 'Flashcards', icon: '🃏', available: true, description: 'Révision espacée (FSRS) : questions, réponses et évaluation de votre rappel.' },
  { type: 'BLURTING', name: 'Blurting', icon: '✍️', available: true, description: 'Écrivez tout ce dont vous vous souvenez, puis comparez avec le concept.' },
  { type: 'FEYNMAN', name: 'Feynman', icon: '🧑‍🏫', available: true, description: 'Expliquez le concept avec des mots simples pour révéler vos lacunes.' },
  { type: 'CORNELL', name: 'Cornell', icon: '📓', available: true, description: 'Notes structurées en questions, notes et résumé.' },
  { type: 'COMPOSITE', name: 'Composite', icon: '🧩', available: true, description: 'Un enchaînement de plusieurs méthodes sur la même session.' },
];

export const methodOf = (type: string | null | undefined): StudyMethod | undefined => STUDY_METHODS.find((m) => m.type === type);

/** Where a session runs: flashcards on the card screen, the other methods on their own page. */
export const sessionPath = (type: MethodType, sessionId: number) => (type === 'FLASHCARDS' ? `/study/session/${sessionId}` : `/study/method/${sessionId}`);
