import { stateName } from '../domain/fsrs';
import { isSpeechLanguage } from '../domain/card-speech';
import { parseCardOcclusion } from '../domain/image-occlusion';
import type { FlashcardRow } from '../db/queries/flashcards';

const iso = (ms: number) => new Date(ms).toISOString();

export function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** The Flashcard of the API contract: card text, tags and the full FSRS memory state. */
export function presentFlashcard(row: FlashcardRow) {
  return {
    id: row.id,
    concept_id: row.concept_id,
    concept_title: row.concept_title,
    question: row.question,
    answer: row.answer,
    tags: parseTags(row.tags),
    /** The language each side is read aloud in; null: guessed from the side's text. */
    question_lang: isSpeechLanguage(row.question_lang) ? row.question_lang : null,
    answer_lang: isSpeechLanguage(row.answer_lang) ? row.answer_lang : null,
    /** The answer is typed in review, then compared character by character with the card's. */
    type_answer: row.type_answer === 1,
    /** An image-occlusion card's image, shapes, asked shape and mode; null for a question/answer card. */
    occlusion: parseCardOcclusion(row.occlusion),
    due: iso(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: stateName(row.state),
    last_review: row.last_review === null ? null : iso(row.last_review),
    /** Kept out of study until unsuspended (by hand or as a leech). */
    suspended: row.suspended === 1,
    /** Kept out of study until then (a sibling answered today, or buried by hand); null when not buried. */
    buried_until: row.buried_until === null ? null : iso(row.buried_until),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export type FlashcardJson = ReturnType<typeof presentFlashcard>;
