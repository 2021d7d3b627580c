import { describe, expect, it } from 'vitest';
import { call, env, signUp, type TestUser } from './helpers';
import { createCard, insertConcept } from './study-fixtures';

const doc = (...paragraphs: string[]) => ({ type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });
const BASTILLE = doc(
  'La prise de la Bastille, le 14 juillet 1789, est devenue le symbole de la fin de l’absolutisme.',
  'Louis XVI est guillotiné le 21 janvier 1793 sur la place de la Révolution, à Paris.',
);

const STEPS = ['BLURTING', 'FLASHCARDS', 'FEYNMAN'];
const create = (user: TestUser, json: Record<string, unknown>) => call('POST', '/api/study-sessions', { token: user.token, json });

async function compositeSession(prefix: string, steps = STEPS) {
  const user = await signUp(prefix);
  const bastille = await insertConcept(user, 'Révolution', '', BASTILLE);
  const known = await createCard(user, bastille, 'Qui est guillotiné en 1793 ?');
  const session = await create(user, { method_type: 'COMPOSITE', concept_ids: [bastille], steps });
  expect(session.status).toBe(201);
  return { user, bastille, known, sessionId: session.body.id as number };
}

describe('Composite sessions', () => {
  it('keeps the chosen steps in order with the session', async () => {
    const { user, sessionId } = await compositeSession('compsteps', ['FEYNMAN', 'BLURTING']);
    const read = await call('GET', `/api/study-sessions/${sessionId}`, { token: user.token });
    expect(read.body).toMatchObject({ method_type: 'COMPOSITE', steps: ['FEYNMAN', 'BLURTING'] });
    const single = await create(user, { method_type: 'BLURTING', concept_ids: [(await call('GET', `/api/study-sessions/${sessionId}/concepts`, { token: user.token })).body[0].id] });
    expect(single.body.steps).toBeNull();
  });

  it('refuses steps that are missing, unknown, repeated, too few or on another method, in French, creating nothing', async () => {
    const user = await signUp('compbad');
    const concept = await insertConcept(user, 'Révolution', '', BASTILLE);
    const cases: [Record<string, unknown>, string][] = [
      [{ method_type: 'COMPOSITE', concept_ids: [concept] }, 'Choisissez les étapes de la session Composite.'],
      [{ method_type: 'COMPOSITE', concept_ids: [concept], steps: ['BLURTING', 'DANSE'] }, 'Étape inconnue : choisissez parmi BLURTING, FLASHCARDS, FEYNMAN, CORNELL.'],
      [{ method_type: 'COMPOSITE', concept_ids: [concept], steps: ['BLURTING', 'BLURTING'] }, "Chaque méthode ne peut figurer qu'une fois dans les étapes."],
      [{ method_type: 'COMPOSITE', concept_ids: [concept], steps: ['FEYNMAN'] }, 'Choisissez au moins 2 étapes pour une session Composite.'],
      [{ method_type: 'COMPOSITE', concept_ids: [concept], steps: ['BLURTING', 'FEYNMAN', 'CORNELL', 'FLASHCARDS', 'COMPOSITE'] }, 'Une session Composite compte au plus 4 étapes.'],
      [{ method_type: 'COMPOSITE', concept_ids: [concept], steps: 'BLURTING' }, 'Les étapes doivent être une liste de méthodes.'],
      [{ method_type: 'FEYNMAN', concept_ids: [concept], steps: ['BLURTING', 'FEYNMAN'] }, 'Seule une session Composite enchaîne des étapes.'],
    ];
    for (const [json, message] of cases) {
      const res = await create(user, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.detail.map((d: { msg: string }) => d.msg)).toContain(message);
    }
    const sessions = await env.DB.prepare('SELECT COUNT(*) AS n FROM study_sessions WHERE user_id = ?').bind(user.id).first<{ n: number }>();
    expect(sessions!.n).toBe(0);
  });

  it('takes only its own steps: a step it did not choose is refused', async () => {
    const { user, bastille, sessionId } = await compositeSession('compwrong', ['BLURTING', 'FEYNMAN']);
    const cornell = await call('PUT', `/api/study-sessions/${sessionId}/results/cornell`, { token: user.token, json: { concept_id: bastille, ratings: [{ cue: 'Quand ?', rating: 3 }] } });
    expect(cornell.status).toBe(422);
    expect(cornell.body.detail).toBe("Cette session (COMPOSITE) ne comporte pas d'étape CORNELL.");
    const flashcards = await call('PUT', `/api/study-sessions/${sessionId}/results/flashcards`, { token: user.token, json: { concept_id: bastille } });
    expect(flashcards.status).toBe(422);
  });

  it('chains Blurting, the cards of what was missed and Feynman, and the results show each step', async () => {
    const { user, bastille, known, sessionId } = await compositeSession('compchain');
    const blurt = await call('PUT', `/api/study-sessions/${sessionId}/results/blurting`, { token: user.token, json: { concept_id: bastille, text: 'La Bastille, le 14 juillet 1789.', duration_ms: 60_000 } });
    expect(blurt.status).toBe(200);
    const made = await call('POST', `/api/study-sessions/${sessionId}/results/${blurt.body.id}/missed-cards`, { token: user.token });
    expect(made.body.created.length).toBeGreaterThan(0);

    // The Flashcards step reviews the concept's cards: the one it had and those just made from what was missed.
    const cards = await call('GET', `/api/study-sessions/${sessionId}/concepts/${bastille}/flashcards`, { token: user.token });
    expect(cards.status).toBe(200);
    const ids = cards.body.map((c: { id: number }) => c.id);
    expect(ids).toEqual([known.id, ...made.body.created.map((c: { id: number }) => c.id)]);
    const ratings = [4, 1, ...ids.slice(2).map(() => 3)];
    for (const [i, id] of ids.entries()) {
      const answer = await call('POST', `/api/study-sessions/${sessionId}/flashcards/${id}/review`, { token: user.token, json: { rating: ratings[i] } });
      expect(answer.status).toBe(200);
    }
    const step = await call('PUT', `/api/study-sessions/${sessionId}/results/flashcards`, { token: user.token, json: { concept_id: bastille } });
    expect(step.status).toBe(200);
    expect(step.body).toMatchObject({ method_type: 'FLASHCARDS', recall_score: null, details: { cards: ids.length } });
    expect(step.body.details.ratings.map((r: { rating: number }) => r.rating)).toEqual(ratings);
    const session = await call('GET', `/api/study-sessions/${sessionId}`, { token: user.token });
    expect(session.body).toMatchObject({ total_cards: ids.length, cards_reviewed: ids.length });

    const feynman = await call('PUT', `/api/study-sessions/${sessionId}/results/feynman`, { token: user.token, json: { concept_id: bastille, text: 'Le peuple prend une prison.', gaps: ['Louis XVI'] } });
    expect(feynman.status).toBe(200);
    const results = await call('GET', `/api/study-sessions/${sessionId}/results`, { token: user.token });
    expect(results.body.map((r: { method_type: string }) => r.method_type)).toEqual(STEPS);
    expect(results.body[0].cards_created).toBe(made.body.created.length);
    // The concept's progress over time holds each step.
    const history = await call('GET', `/api/concepts/${bastille}/method-results?method=FLASHCARDS`, { token: user.token });
    expect(history.body).toHaveLength(1);
  });

  it('takes the Flashcards step answered offline: the uploaded answers count in the session, the step is saved from them, and a retried answer counts once', async () => {
    const user = await signUp('compoffline');
    const bastille = await insertConcept(user, 'Révolution', '', BASTILLE);
    const known = await createCard(user, bastille, 'Qui est guillotiné en 1793 ?');
    const other = await createCard(user, bastille, 'Quand la Bastille est-elle prise ?');
    const sessionId = (await create(user, { method_type: 'COMPOSITE', concept_ids: [bastille], steps: STEPS })).body.id as number;
    // One answer online whose reply was lost, then the same answer in the offline upload.
    const lost = await call('POST', `/api/study-sessions/${sessionId}/flashcards/${known.id}/review`, { token: user.token, json: { rating: 4, client_id: 'lost-reply-1' } });
    expect(lost.status).toBe(200);
    const again = await call('POST', `/api/study-sessions/${sessionId}/flashcards/${known.id}/review`, { token: user.token, json: { rating: 4, client_id: 'lost-reply-1' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ cards_reviewed: 1 });
    const reviewedAt = new Date(Date.now() - 60_000).toISOString();
    const upload = await call('POST', '/api/flashcards/reviews', {
      token: user.token,
      json: { reviews: [
        { client_id: 'lost-reply-1', flashcard_id: known.id, rating: 4, reviewed_at: reviewedAt, session_id: sessionId },
        { client_id: 'offline-answer-2', flashcard_id: other.id, rating: 2, reviewed_at: reviewedAt, duration_ms: 3000, session_id: sessionId },
      ] },
    });
    expect(upload.status).toBe(200);
    expect(upload.body).toMatchObject({ accepted: ['offline-answer-2'], skipped: ['lost-reply-1'] });
    const cards = await call('GET', `/api/study-sessions/${sessionId}/concepts/${bastille}/flashcards`, { token: user.token });
    expect(cards.body.map((c: { id: number; session_rating: number | null }) => [c.id, c.session_rating])).toEqual([[known.id, 4], [other.id, 2]]);
    const step = await call('PUT', `/api/study-sessions/${sessionId}/results/flashcards`, { token: user.token, json: { concept_id: bastille } });
    expect(step.body.details.ratings.map((r: { rating: number }) => r.rating)).toEqual([4, 2]);
    expect((await call('GET', `/api/study-sessions/${sessionId}`, { token: user.token })).body).toMatchObject({ cards_reviewed: 2 });
    const logs = await env.DB.prepare('SELECT uid, session_id FROM review_logs WHERE flashcard_id IN (?, ?) ORDER BY id').bind(known.id, other.id).all<{ uid: string; session_id: number }>();
    expect(logs.results).toEqual([{ uid: 'lost-reply-1', session_id: sessionId }, { uid: 'offline-answer-2', session_id: sessionId }]);
  });

  it("an offline answer naming another person's session is logged as the card's own review, outside that session", async () => {
    const { sessionId: theirs } = await compositeSession('compofflineowner');
    const { user, known } = await compositeSession('compofflineintruder');
    const upload = await call('POST', '/api/flashcards/reviews', {
      token: user.token,
      json: { reviews: [{ client_id: 'intruder-answer-1', flashcard_id: known.id, rating: 3, reviewed_at: new Date().toISOString(), session_id: theirs }] },
    });
    expect(upload.status).toBe(200);
    expect(upload.body.accepted).toEqual(['intruder-answer-1']);
    const log = await env.DB.prepare('SELECT session_id FROM review_logs WHERE uid = ?').bind('intruder-answer-1').first<{ session_id: number | null }>();
    expect(log).toEqual({ session_id: null });
    const session = await env.DB.prepare('SELECT cards_reviewed FROM study_sessions WHERE id = ?').bind(theirs).first<{ cards_reviewed: number }>();
    expect(session).toEqual({ cards_reviewed: 0 });
  });

  it("refuses another person's session and its cards with 404", async () => {
    const { bastille, sessionId } = await compositeSession('compowner');
    const intruder = await signUp('compintruder');
    expect((await call('GET', `/api/study-sessions/${sessionId}/concepts/${bastille}/flashcards`, { token: intruder.token })).status).toBe(404);
    expect((await call('PUT', `/api/study-sessions/${sessionId}/results/flashcards`, { token: intruder.token, json: { concept_id: bastille } })).status).toBe(404);
  });
});
