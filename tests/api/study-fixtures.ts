/**
 * Fixtures for the study tests: concepts are inserted straight into D1 (the concepts API
 * is another area), cards go through the real API.
 */
import { expect } from 'vitest';
import type { StoredCard } from '../../worker/src/domain/fsrs';
import { DEFAULT_PREFERENCES, type Preferences } from '../../worker/src/domain/preferences';
import { call, env, type TestUser } from './helpers';

export async function insertConcept(user: TestUser, title: string, contentText = '', content: unknown = null): Promise<number> {
  const now = Date.now();
  const row = await env.DB.prepare(
    `INSERT INTO concepts (user_id, title, title_key, content, content_text, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(user.id, title, title.toLowerCase(), content === null ? null : JSON.stringify(content), contentText, now, now)
    .first<{ id: number }>();
  return row!.id;
}

export async function insertConstellation(user: TestUser, name: string, conceptIds: number[]): Promise<number> {
  const now = Date.now();
  const row = await env.DB.prepare('INSERT INTO constellations (user_id, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id')
    .bind(user.id, name, now, now)
    .first<{ id: number }>();
  for (const conceptId of conceptIds) {
    await env.DB.prepare('INSERT INTO constellation_concepts (constellation_id, concept_id, added_at) VALUES (?, ?, ?)').bind(row!.id, conceptId, now).run();
  }
  return row!.id;
}

/** Headers that pin the answer time (and optionally switch fuzz off); honoured only in tests. */
export const at = (time: number, fuzz = true): Record<string, string> => ({ 'x-test-now': String(time), ...(fuzz ? {} : { 'x-test-fuzz': 'off' }) });

export async function createCard(user: TestUser, conceptId: number, question: string, time?: number) {
  const res = await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: user.token, json: { question, answer: `Réponse ${question}` }, headers: time === undefined ? {} : at(time) });
  if (res.status !== 201) throw new Error(`create card failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; [key: string]: unknown };
}

/** Saves the person's preferences: the defaults with `changes`. */
export async function setPreferences(user: TestUser, changes: Partial<Preferences>) {
  const res = await call('PUT', '/api/users/me/preferences', { token: user.token, json: { ...DEFAULT_PREFERENCES, ...changes } });
  expect(res.status).toBe(200);
}

/** Puts a card in a given memory state, as if answered before. */
export async function setCardState(id: number, card: StoredCard) {
  await env.DB.prepare('UPDATE flashcards SET due = ?, stability = ?, difficulty = ?, elapsed_days = ?, scheduled_days = ?, reps = ?, lapses = ?, state = ?, last_review = ? WHERE id = ?')
    .bind(card.due, card.stability, card.difficulty, card.elapsedDays, card.scheduledDays, card.reps, card.lapses, card.state, card.lastReview, id)
    .run();
}

/** `count` review cards of the person due at `due`, last answered at `answeredAt` (load for balancing). */
export async function insertLoad(user: TestUser, conceptId: number, due: number, count: number, answeredAt: number) {
  await env.DB.prepare(
    `INSERT INTO flashcards (user_id, concept_id, question, answer, due, stability, state, last_review, created_at, updated_at)
     SELECT ?1, ?2, 'charge', 'charge', ?3, 10, 2, ?4, ?4, ?4 FROM json_each(?5)`,
  )
    .bind(user.id, conceptId, due, answeredAt, JSON.stringify(Array.from({ length: count }, (_, i) => i)))
    .run();
}
