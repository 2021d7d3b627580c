import { describe, expect, it } from 'vitest';
import { refreshMastery } from '../../worker/src/services/mastery-refresh';
import { call, env, signUp, type TestUser } from './helpers';
import { at, createCard, insertConcept } from './study-fixtures';

const doc = (...paragraphs: string[]) => ({ type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });
const BASTILLE = doc(
  'La prise de la Bastille, le 14 juillet 1789, est devenue le symbole de la fin de l’absolutisme.',
  'Louis XVI est guillotiné le 21 janvier 1793 sur la place de la Révolution, à Paris.',
);
const MITOCHONDRIE = doc('La mitochondrie est un organite présent dans la plupart des cellules eucaryotes.', 'En 1967, Lynn Margulis propose son origine bactérienne.');

const startSession = (user: TestUser, method: string, conceptIds: number[]) => call('POST', '/api/study-sessions', { token: user.token, json: { method_type: method, concept_ids: conceptIds } });
const blurt = (user: TestUser, sessionId: number, conceptId: number, text: string, headers: Record<string, string> = {}) =>
  call('PUT', `/api/study-sessions/${sessionId}/results/blurting`, { token: user.token, json: { concept_id: conceptId, text, duration_ms: 120_000 }, headers });

async function blurtingSession(prefix: string) {
  const user = await signUp(prefix);
  const bastille = await insertConcept(user, 'Révolution', '', BASTILLE);
  const mito = await insertConcept(user, 'Mitochondrie', '', MITOCHONDRIE);
  const session = await startSession(user, 'BLURTING', [mito, bastille]);
  expect(session.status).toBe(201);
  return { user, bastille, mito, sessionId: session.body.id as number };
}

describe('Blurting sessions', () => {
  it('lists the chosen concepts in the chosen order, with their content', async () => {
    const { user, bastille, mito, sessionId } = await blurtingSession('blurtlist');
    const concepts = await call('GET', `/api/study-sessions/${sessionId}/concepts`, { token: user.token });
    expect(concepts.status).toBe(200);
    expect(concepts.body.map((c: { id: number }) => c.id)).toEqual([mito, bastille]);
    expect(concepts.body[1]).toMatchObject({ title: 'Révolution', content: BASTILLE });
  });

  it('saves the recall compared with the concept, scores it and feeds the concept’s mastery', async () => {
    const { user, bastille, sessionId } = await blurtingSession('blurtsave');
    const saved = await blurt(user, sessionId, bastille, 'La bastille est prise le 14/07/1789, Louis XVI meurt ensuite.');
    expect(saved.status).toBe(200);
    const items = saved.body.details.items as { text: string; found: boolean }[];
    const found = items.filter((i) => i.found).map((i) => i.text);
    const missed = items.filter((i) => !i.found).map((i) => i.text);
    expect(found).toEqual(expect.arrayContaining(['Bastille', '14 juillet 1789', 'Louis XVI']));
    expect(missed).toEqual(expect.arrayContaining(['21 janvier 1793', 'Paris']));
    expect(saved.body.recall_score).toBeCloseTo(found.length / items.length, 10);
    expect(saved.body.details.text).toBe('La bastille est prise le 14/07/1789, Louis XVI meurt ensuite.');

    // A concept with no card had no mastery; the recall score gives it one.
    const concept = await env.DB.prepare('SELECT mastery_level FROM concepts WHERE id = ?').bind(bastille).first<{ mastery_level: number | null }>();
    expect(concept!.mastery_level).toBeGreaterThan(0);

    // Saving again replaces the step (one result per concept and method); more recalled, higher score.
    const better = await blurt(user, sessionId, bastille, 'Bastille 14 juillet 1789, Louis XVI guillotiné le 21 janvier 1793 à Paris, place de la Révolution. Absolutisme.');
    expect(better.body.id).toBe(saved.body.id);
    expect(better.body.recall_score).toBeGreaterThan(saved.body.recall_score);
    const after = await env.DB.prepare('SELECT mastery_level FROM concepts WHERE id = ?').bind(bastille).first<{ mastery_level: number }>();
    expect(after!.mastery_level).toBeGreaterThan(concept!.mastery_level!);

    const results = await call('GET', `/api/study-sessions/${sessionId}/results`, { token: user.token });
    expect(results.body).toHaveLength(1);
    expect(results.body[0]).toMatchObject({ concept_title: 'Révolution', method_type: 'BLURTING', duration_ms: 120_000 });
  });

  it('keeps the recall score in the mastery when cards are answered and when the daily refresh runs', async () => {
    const { user, bastille, sessionId } = await blurtingSession('blurtmastery');
    const card = await createCard(user, bastille, 'Quand la Bastille est-elle prise ?');
    await call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 1 } });
    const failedOnly = await env.DB.prepare('SELECT mastery_level FROM concepts WHERE id = ?').bind(bastille).first<{ mastery_level: number }>();
    expect(failedOnly!.mastery_level).toBe(0);
    await blurt(user, sessionId, bastille, 'Bastille, 14 juillet 1789, Louis XVI, 21 janvier 1793, Paris');
    await call('POST', `/api/flashcards/${card.id}/review/undo`, { token: user.token });
    await call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 1 } });
    // The card answered 'À revoir' counts 0, the recall score still counts: above 0.
    const withRecall = await env.DB.prepare('SELECT mastery_level FROM concepts WHERE id = ?').bind(bastille).first<{ mastery_level: number }>();
    expect(withRecall!.mastery_level).toBeGreaterThan(0.1);
    // The daily refresh keeps it, and a concept studied only by Blurting is refreshed too.
    const mito = (await call('GET', `/api/study-sessions/${sessionId}/concepts`, { token: user.token })).body[0].id as number;
    await blurt(user, sessionId, mito, 'mitochondrie, organite, cellules eucaryotes, 1967');
    const mitoBefore = await env.DB.prepare('SELECT mastery_level FROM concepts WHERE id = ?').bind(mito).first<{ mastery_level: number }>();
    await refreshMastery(env, Date.now() + 30 * 86_400_000, user.id);
    const refreshed = await env.DB.prepare('SELECT id, mastery_level FROM concepts WHERE id IN (?, ?) ORDER BY id = ?').bind(bastille, mito, mito).all<{ mastery_level: number }>();
    expect(refreshed.results[0]!.mastery_level).toBeGreaterThan(0);
    expect(refreshed.results[0]!.mastery_level).toBeLessThan(withRecall!.mastery_level);
    expect(refreshed.results[1]!.mastery_level).toBeGreaterThan(0);
    expect(refreshed.results[1]!.mastery_level).toBeLessThan(mitoBefore!.mastery_level);
  });

  it('turns what was missed into cloze cards, never twice', async () => {
    const { user, bastille, sessionId } = await blurtingSession('blurtcards');
    const saved = await blurt(user, sessionId, bastille, 'La Bastille, le 14 juillet 1789.');
    const missed = (saved.body.details.items as { text: string; found: boolean }[]).filter((i) => !i.found);
    const made = await call('POST', `/api/study-sessions/${sessionId}/results/${saved.body.id}/missed-cards`, { token: user.token });
    expect(made.status).toBe(200);
    expect(made.body.created.length).toBe(missed.length);
    expect(made.body.created).toContainEqual(expect.objectContaining({ question: 'Complétez : « Louis XVI est guillotiné le _____ sur la place de la Révolution, à Paris. »', answer: '21 janvier 1793' }));
    expect(made.body.result.cards_created).toBe(missed.length);
    const cards = await call('GET', `/api/concepts/${bastille}/flashcards`, { token: user.token });
    expect(cards.body).toHaveLength(missed.length);

    const again = await call('POST', `/api/study-sessions/${sessionId}/results/${saved.body.id}/missed-cards`, { token: user.token });
    expect(again.body.created).toEqual([]);
    expect((await call('GET', `/api/concepts/${bastille}/flashcards`, { token: user.token })).body).toHaveLength(missed.length);
  });

  it('counts the time spent in study time and the streak', async () => {
    const { user, bastille, sessionId } = await blurtingSession('blurttime');
    await blurt(user, sessionId, bastille, 'Bastille');
    const stats = await call('GET', '/api/stats/dashboard/extended', { token: user.token });
    expect(stats.status).toBe(200);
    expect(stats.body.learning_activity).toMatchObject({ current_streak_days: 1, total_review_time_minutes: 2, active_days_count: 1 });
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const { user, bastille, sessionId } = await blurtingSession('blurtbad');
    const other = await insertConcept(user, 'Hors session');
    const notInSession = await blurt(user, sessionId, other, 'texte');
    expect(notInSession.status).toBe(404);
    const tooLong = await blurt(user, sessionId, bastille, 'x'.repeat(50_001));
    expect(tooLong.status).toBe(422);
    const flash = await call('POST', '/api/study-sessions', { token: user.token, json: { method_type: 'FEYNMAN', concept_ids: [bastille] } });
    const wrongMethod = await blurt(user, flash.body.id, bastille, 'texte');
    expect(wrongMethod.status).toBe(422);
    expect(wrongMethod.body.code).toBe('wrong_method');
    await call('PUT', `/api/study-sessions/${sessionId}/end`, { token: user.token });
    const ended = await blurt(user, sessionId, bastille, 'texte');
    expect(ended.status).toBe(409);
    expect(ended.body.detail).toBe('Cette session est terminée : ses résultats ne changent plus.');
    expect((await call('GET', `/api/study-sessions/${sessionId}/results`, { token: user.token })).body).toEqual([]);
  });

  it("refuses another person's session, result and concept with 404", async () => {
    const { user, bastille, sessionId } = await blurtingSession('blurtowner');
    const saved = await blurt(user, sessionId, bastille, 'Bastille');
    const intruder = await signUp('blurtintruder');
    expect((await call('GET', `/api/study-sessions/${sessionId}/concepts`, { token: intruder.token })).status).toBe(404);
    expect((await call('GET', `/api/study-sessions/${sessionId}/results`, { token: intruder.token })).status).toBe(404);
    expect((await blurt(intruder, sessionId, bastille, 'volé')).status).toBe(404);
    expect((await call('POST', `/api/study-sessions/${sessionId}/results/${saved.body.id}/missed-cards`, { token: intruder.token })).status).toBe(404);
    expect((await call('GET', `/api/concepts/${bastille}/method-results`, { token: intruder.token })).status).toBe(404);
    // Their own session cannot take the owner's concept either.
    const theirs = await startSession(intruder, 'BLURTING', [bastille]);
    expect(theirs.status).toBe(404);
    const history = await call('GET', `/api/concepts/${bastille}/method-results`, { token: user.token });
    expect(history.body.map((r: { details: { text: string } }) => r.details.text)).toEqual(['Bastille']);
  });

  it('shows a concept’s results over time, newest first', async () => {
    const { user, bastille, sessionId } = await blurtingSession('blurthistory');
    const now = Date.now();
    await blurt(user, sessionId, bastille, 'Bastille', at(now - 86_400_000));
    const second = await startSession(user, 'BLURTING', [bastille]);
    await blurt(user, second.body.id, bastille, 'Bastille 14 juillet 1789 Louis XVI', at(now));
    const history = await call('GET', `/api/concepts/${bastille}/method-results`, { token: user.token });
    expect(history.status).toBe(200);
    expect(history.body.map((r: { session_id: number }) => r.session_id)).toEqual([second.body.id, sessionId]);
    expect(history.body[0].recall_score).toBeGreaterThan(history.body[1].recall_score);
  });
});

describe('Feynman sessions', () => {
  const explain = (user: TestUser, sessionId: number, conceptId: number, text: string, gaps: unknown = []) =>
    call('PUT', `/api/study-sessions/${sessionId}/results/feynman`, { token: user.token, json: { concept_id: conceptId, text, gaps, duration_ms: 60_000 } });

  it('keeps each explanation with its gaps as a version of the concept’s, newest first', async () => {
    const user = await signUp('feynman');
    const mito = await insertConcept(user, 'Mitochondrie', '', MITOCHONDRIE);
    const first = await startSession(user, 'FEYNMAN', [mito]);
    const saved = await explain(user, first.body.id, mito, 'C’est une petite usine à énergie.', ['Non mentionné : 1967']);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ method_type: 'FEYNMAN', recall_score: null, details: { text: 'C’est une petite usine à énergie.', gaps: ['Non mentionné : 1967'] } });
    const second = await startSession(user, 'FEYNMAN', [mito]);
    await explain(user, second.body.id, mito, 'Une usine dans la cellule, venue de bactéries, découverte par Lynn Margulis en 1967.');
    const versions = await call('GET', `/api/concepts/${mito}/method-results?method=FEYNMAN`, { token: user.token });
    expect(versions.status).toBe(200);
    expect(versions.body.map((r: { details: { text: string } }) => r.details.text)).toEqual([
      'Une usine dans la cellule, venue de bactéries, découverte par Lynn Margulis en 1967.',
      'C’est une petite usine à énergie.',
    ]);
    // Blurting results are not versions of the explanation.
    const blurting = await startSession(user, 'BLURTING', [mito]);
    await blurt(user, blurting.body.id, mito, 'mitochondrie');
    expect((await call('GET', `/api/concepts/${mito}/method-results?method=FEYNMAN`, { token: user.token })).body).toHaveLength(2);
    expect((await call('GET', `/api/concepts/${mito}/method-results`, { token: user.token })).body).toHaveLength(3);
  });

  it('refuses bad gaps and another person’s session', async () => {
    const user = await signUp('feynmanbad');
    const mito = await insertConcept(user, 'Mitochondrie', '', MITOCHONDRIE);
    const session = await startSession(user, 'FEYNMAN', [mito]);
    expect((await explain(user, session.body.id, mito, 'texte', ['x'.repeat(501)])).status).toBe(422);
    expect((await explain(user, session.body.id, mito, 'texte', Array.from({ length: 51 }, (_, i) => `g${i}`))).status).toBe(422);
    const intruder = await signUp('feynmanintr');
    expect((await explain(intruder, session.body.id, mito, 'volé')).status).toBe(404);
    expect((await call('GET', `/api/study-sessions/${session.body.id}/results`, { token: user.token })).body).toEqual([]);
  });
});
