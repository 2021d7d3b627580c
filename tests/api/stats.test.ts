/**
 * Dashboard figures against a hand-computed fixture. "Now" is 2026-06-10 03:30 UTC: still
 * 9 June's study day in UTC (before 04:00), already 10 June's in Paris (05:30 local), so
 * the same data gives different "today" figures on each side of the boundary.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, env, signUp, type TestUser } from './helpers';
import { at, insertConcept } from './study-fixtures';

const NOW = Date.parse('2026-06-10T03:30:00Z');
const t = (iso: string) => Date.parse(iso);
let user: TestUser;
let concepts: Record<string, number>;

async function insertCard(conceptId: number, state: number, due: number, stability: number, difficulty: number, lapses: number) {
  const row = await env.DB.prepare(
    `INSERT INTO flashcards (user_id, concept_id, question, answer, due, stability, difficulty, lapses, state, reps, last_review, created_at, updated_at)
     VALUES (?, ?, 'q', 'a', ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(user.id, conceptId, due, stability, difficulty, lapses, state, state === 0 ? 0 : 3, state === 0 ? null : t('2026-06-01T12:00:00Z'), NOW - 90 * 86_400_000, NOW)
    .first<{ id: number }>();
  return row!.id;
}

async function insertLog(cardId: number, reviewedAt: string, rating: number, durationMs: number | null, owner = user) {
  await env.DB.prepare(
    `INSERT INTO review_logs (user_id, flashcard_id, rating, state, due, stability, difficulty, elapsed_days, last_elapsed_days,
       scheduled_days, learning_steps, reviewed_at, duration_ms, card_before) VALUES (?, ?, ?, 2, 0, 1, 5, 0, 0, 0, 0, ?, ?, '{}')`,
  )
    .bind(owner.id, cardId, rating, t(reviewedAt), durationMs)
    .run();
}

const get = (path: string, zone?: string) => call('GET', path, { token: user.token, headers: { ...at(NOW), ...(zone ? { 'x-time-zone': zone } : {}) } });

beforeAll(async () => {
  user = await signUp('stats');
  concepts = { cards: await insertConcept(user, 'Cartes') };
  const levels: [string, number | null][] = [['c1', 0.1], ['c2', 0.2], ['c3', 0.3], ['c4', 0.4], ['c5', 0.5], ['c6', 0.6], ['c7', 0.95], ['c8', null]];
  for (const [title, level] of levels) {
    concepts[title] = await insertConcept(user, title);
    await env.DB.prepare('UPDATE concepts SET mastery_level = ? WHERE id = ?').bind(level, concepts[title]).run();
  }
  const c = concepts.cards!;
  await insertCard(c, 0, t('2026-06-10T02:30:00Z'), 0, 0, 0); // new, due an hour ago
  await insertCard(c, 1, t('2026-06-10T04:30:00Z'), 0.5, 5, 0); // learning, due in an hour
  const overdue = await insertCard(c, 2, t('2026-06-08T03:30:00Z'), 5, 6, 1); // review, two days late
  await insertCard(c, 2, t('2026-06-11T01:00:00Z'), 40, 4, 0); // review, due tonight (Paris) / tomorrow (UTC)
  await insertCard(c, 3, t('2026-06-20T12:00:00Z'), 10, 8, 2); // relearning, in ten days
  await insertCard(c, 2, t('2026-08-01T12:00:00Z'), 100, 2, 0); // review, beyond 30 days
  await insertLog(overdue, '2026-06-10T03:00:00Z', 3, 10_000); // UTC: 9 June; Paris: 10 June
  await insertLog(overdue, '2026-06-09T12:00:00Z', 1, 90_000); // counts 60 s
  await insertLog(overdue, '2026-06-08T01:30:00Z', 4, 20_000); // 7 June in both (before 04:00)
  await insertLog(overdue, '2026-06-06T12:00:00Z', 2, null);
  await insertLog(overdue, '2026-05-01T12:00:00Z', 3, null); // outside the 30-day window

  // Someone else's data must not count.
  const other = await signUp('statsother');
  const otherConcept = await insertConcept(other, 'Autre');
  await env.DB.prepare('UPDATE concepts SET mastery_level = 0.01 WHERE id = ?').bind(otherConcept).run();
  const otherCard = await env.DB.prepare(`INSERT INTO flashcards (user_id, concept_id, question, answer, due, created_at, updated_at) VALUES (?, ?, 'q', 'a', ?, ?, ?) RETURNING id`)
    .bind(other.id, otherConcept, NOW - 1000, NOW, NOW)
    .first<{ id: number }>();
  await insertLog(otherCard!.id, '2026-06-10T03:10:00Z', 1, 5000, other);
});

describe('GET /api/stats/dashboard', () => {
  const common = {
    total_flashcards_count: 6,
    learning_count: 1,
    review_count: 3,
    relearning_count: 1,
    success_rate: 75,
    success_rate_reviews_count: 4,
    avg_stability: 31.1,
    avg_difficulty: 5,
    overdue_count: 1,
    recent_reviews_count: 4,
    total_reviews_count: 5,
    total_lapses: 3,
    low_stability_count: 2,
    high_stability_count: 2,
  };

  it('counts today in UTC when no time zone is sent (03:30 is still 9 June)', async () => {
    const res = await get('/api/stats/dashboard');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...common, due_today_count: 2 });
    expect(res.body.weakest_concepts.map((c: { mastery_level: number }) => c.mastery_level)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(res.body.strongest_concepts.map((c: { title: string }) => c.title)).toEqual(['c7', 'c6', 'c5', 'c4', 'c3']);
    expect(Object.keys(res.body.weakest_concepts[0]).sort()).toEqual(['id', 'mastery_level', 'title']);
  });

  it('counts today in Paris when the browser says so (05:30, 10 June: two more cards due today)', async () => {
    const res = await get('/api/stats/dashboard', 'Europe/Paris');
    expect(res.body).toMatchObject({ ...common, due_today_count: 4 });
  });

  it('falls back to UTC for an unknown time zone', async () => {
    const res = await get('/api/stats/dashboard', 'Mars/Olympus_Mons');
    expect(res.status).toBe(200);
    expect(res.body.due_today_count).toBe(2);
  });

  it('gives empty figures to a new account', async () => {
    const fresh = await signUp('statsnew');
    const res = await call('GET', '/api/stats/dashboard', { token: fresh.token });
    expect(res.body).toMatchObject({ due_today_count: 0, total_flashcards_count: 0, success_rate: null, avg_stability: null, total_reviews_count: 0, weakest_concepts: [], strongest_concepts: [] });
    const ext = await call('GET', '/api/stats/dashboard/extended', { token: fresh.token });
    expect(ext.body.learning_activity).toEqual({ current_streak_days: 0, total_review_time_minutes: 0, active_days_count: 0 });
  });
});

describe('GET /api/stats/dashboard/extended', () => {
  it('in UTC', async () => {
    const res = await get('/api/stats/dashboard/extended');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      rating_breakdown: { again_count: 1, hard_count: 1, good_count: 1, easy_count: 1 },
      // Each window counts every card due before its end: the 2 due today are in all three.
      workload_forecast: { due_tomorrow_count: 4, due_next_7_days_count: 4, due_next_30_days_count: 5 },
      learning_activity: { current_streak_days: 1, total_review_time_minutes: 1.5, active_days_count: 4 },
    });
  });

  it('in Paris: the 05:00 answer is today, so the streak is two days and there are five active days', async () => {
    const res = await get('/api/stats/dashboard/extended', 'Europe/Paris');
    expect(res.body).toEqual({
      rating_breakdown: { again_count: 1, hard_count: 1, good_count: 1, easy_count: 1 },
      workload_forecast: { due_tomorrow_count: 4, due_next_7_days_count: 4, due_next_30_days_count: 5 },
      learning_activity: { current_streak_days: 2, total_review_time_minutes: 1.5, active_days_count: 5 },
    });
  });
});

describe('GET /api/stats/activity and /mastery-distribution', () => {
  it('counts answers per study day, oldest first, today last', async () => {
    const utc = await get('/api/stats/activity?days=3');
    expect(utc.body.map((d: { date: string; review_count: number }) => [d.date, d.review_count])).toEqual([['2026-06-07', 1], ['2026-06-08', 0], ['2026-06-09', 2]]);
    const paris = await get('/api/stats/activity?days=3', 'Europe/Paris');
    expect(paris.body.map((d: { date: string; review_count: number }) => [d.date, d.review_count])).toEqual([['2026-06-08', 0], ['2026-06-09', 1], ['2026-06-10', 1]]);
    expect(paris.body[2].review_time_minutes).toBeCloseTo(10 / 60, 1);
    expect((await get('/api/stats/activity')).body).toHaveLength(30);
    for (const days of ['0', '400', 'x']) expect((await get(`/api/stats/activity?days=${days}`)).status).toBe(422);
  });

  it('counts concepts per mastery bucket', async () => {
    const res = await get('/api/stats/mastery-distribution');
    expect(res.body.buckets.map((b: { bucket: string; count: number }) => [b.bucket, b.count])).toEqual([
      ['red', 2],
      ['orange', 2],
      ['yellow', 2],
      ['lightGreen', 0],
      ['blue', 1],
    ]);
    expect(res.body).toMatchObject({ not_studied_count: 2, total_concepts: 9 });
  });

  it('undoing an answer takes it out of the figures (the activity rows follow the log)', async () => {
    const fresh = await signUp('statsundo');
    const conceptId = await insertConcept(fresh, 'Undo');
    const card = await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: fresh.token, json: { question: 'q', answer: 'a' } });
    await call('POST', `/api/flashcards/${card.body.id}/review`, { token: fresh.token, json: { rating: 1, duration_ms: 3000 } });
    expect((await call('GET', '/api/stats/dashboard', { token: fresh.token })).body).toMatchObject({ total_reviews_count: 1, success_rate: 0 });
    await call('POST', `/api/flashcards/${card.body.id}/review/undo`, { token: fresh.token });
    expect((await call('GET', '/api/stats/dashboard', { token: fresh.token })).body).toMatchObject({ total_reviews_count: 0, success_rate: null });
  });
});

describe('GET /api/stats/heatmap', () => {
  const dayCount = (body: { days: { date: string; review_count: number }[] }, date: string) => body.days.find((d) => d.date === date)?.review_count;

  it('in UTC: a year of study days ending on 9 June, the two 9 June answers today, the record two days long', async () => {
    const res = await get('/api/stats/heatmap');
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(365);
    expect(res.body.days[0].date).toBe('2025-06-10');
    expect(res.body.days.at(-1)).toEqual({ date: '2026-06-09', review_count: 2 });
    expect([dayCount(res.body, '2026-06-07'), dayCount(res.body, '2026-06-08'), dayCount(res.body, '2026-05-01')]).toEqual([1, 0, 1]);
    expect(res.body).toMatchObject({
      total_reviews_count: 5,
      active_days_count: 4,
      current_streak: { days: 1, start: '2026-06-09', end: '2026-06-09' },
      longest_streak: { days: 2, start: '2026-06-06', end: '2026-06-07' },
    });
  });

  it('in Paris: the 05:00 answer is today (10 June), so the streak is two days; the other person’s answer never counts', async () => {
    const res = await get('/api/stats/heatmap', 'Europe/Paris');
    expect(res.body.days.at(-1)).toEqual({ date: '2026-06-10', review_count: 1 });
    expect(dayCount(res.body, '2026-06-09')).toBe(1);
    expect(res.body).toMatchObject({
      total_reviews_count: 5,
      active_days_count: 5,
      current_streak: { days: 2, start: '2026-06-09', end: '2026-06-10' },
      longest_streak: { days: 2, start: '2026-06-09', end: '2026-06-10' },
    });
  });

  it('gives a person without answers an empty year, and refuses a request without a session', async () => {
    const fresh = await signUp('statsheatmapempty');
    const res = await call('GET', '/api/stats/heatmap', { token: fresh.token, headers: at(NOW) });
    expect(res.status).toBe(200);
    expect(res.body.days.every((d: { review_count: number }) => d.review_count === 0)).toBe(true);
    expect(res.body).toMatchObject({ total_reviews_count: 0, active_days_count: 0, current_streak: null, longest_streak: null });
    expect((await call('GET', '/api/stats/heatmap')).status).toBe(401);
  });
});

describe('card figures follow every write through the API', () => {
  it('creating, answering, undoing and deleting cards keep the per-state figures equal to the cards themselves', async () => {
    const fresh = await signUp('statsflow');
    const conceptId = await insertConcept(fresh, 'Flux');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: fresh.token, json: { question: `q${i}`, answer: 'a' } })).body.id);
    const base = Date.now();
    for (const [i, rating] of [4, 1, 3, 4].entries()) await call('POST', `/api/flashcards/${ids[i]}/review`, { token: fresh.token, json: { rating }, headers: at(base + i) });
    await call('POST', `/api/flashcards/${ids[3]}/review`, { token: fresh.token, json: { rating: 2 }, headers: at(base + 5 * 86_400_000) });
    await call('POST', `/api/flashcards/${ids[3]}/review/undo`, { token: fresh.token });
    await call('PUT', `/api/flashcards/${ids[2]}`, { token: fresh.token, json: { question: 'nouvelle', answer: 'a' } });
    await call('DELETE', `/api/flashcards/${ids[0]}`, { token: fresh.token });

    const cards = (await call('GET', '/api/flashcards', { token: fresh.token })).body as { state: string; stability: number; difficulty: number; lapses: number }[];
    const studied = cards.filter((c) => c.state !== 'New');
    const mean = (values: number[]) => Math.round((values.reduce((x, y) => x + y, 0) / values.length) * 100) / 100;
    const stats = (await call('GET', '/api/stats/dashboard', { token: fresh.token })).body;
    expect(stats).toMatchObject({
      total_flashcards_count: 3,
      learning_count: cards.filter((c) => c.state === 'Learning').length,
      review_count: cards.filter((c) => c.state === 'Review').length,
      relearning_count: 0,
      avg_stability: mean(studied.map((c) => c.stability)),
      avg_difficulty: mean(studied.map((c) => c.difficulty)),
      total_lapses: 0,
      low_stability_count: studied.filter((c) => c.stability < 7).length,
      total_reviews_count: 3,
    });
    expect(stats.review_count).toBe(1);
  });
});
