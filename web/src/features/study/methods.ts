/** The five study methods (spec document 2 §2 and §9); only Flashcards is available. */
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
  { type: 'BLURTING', name: 'Blurting', icon: '✍️', available: false, description: 'Écrivez tout ce dont vous vous souvenez, puis comparez avec le concept.' },
  { type: 'FEYNMAN', name: 'Feynman', icon: '🧑‍🏫', available: false, description: 'Expliquez le concept avec des mots simples pour révéler vos lacunes.' },
  { type: 'CORNELL', name: 'Cornell', icon: '📓', available: false, description: 'Notes structurées en questions, notes et résumé.' },
  { type: 'COMPOSITE', name: 'Composite', icon: '🧩', available: false, description: 'Un enchaînement de plusieurs méthodes sur la même session.' },
];
