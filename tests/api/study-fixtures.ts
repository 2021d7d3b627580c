/**
 * Fixtures for the study tests: concepts are inserted straight into D1 (the concepts API
 * is another area), cards go through the real API.
 */
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
