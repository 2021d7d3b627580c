// Study at volume: one person with 50,000 cards (2,000 concepts) and 300,000 review logs
// spread over two years, beside 20 other people with 1,000 cards and 5,000 logs each.
// Rows are generated inside SQLite (recursive CTEs) through `wrangler d1 execute --local`,
// so the review_activity triggers run exactly as they do for real answers. Then times:
// the due list, the next card of a due session, answering a card (plain and in a
// session, and with load balancing), and each statistics endpoint (the review heatmap
// included) in the Europe/Paris time zone.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { floor } from './01-accounts.bench.mjs';
import { account, call } from './lib.mjs';

const DAY = 86_400_000;
const MAIN = { concepts: 2_000, cards: 50_000, logs: 300_000 };
const OTHER = { count: 20, concepts: 100, cards: 1_000, logs: 5_000 };

export function execSql(persistTo, sql) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'astrolabe-seed-'));
  const file = path.join(dir, 'seed.sql');
  writeFileSync(file, sql);
  const result = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', file], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_SEND_ERROR_REPORTS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_HIDE_BANNER: 'true' },
  });
  rmSync(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`seeding failed: ${result.stdout}\n${result.stderr}`);
}

/** SQL that gives one person `concepts` concepts, `cards` cards and `logs` review logs. */
function seedSql(userId, { concepts, cards, logs }, now) {
  const firstConcept = `(SELECT MIN(id) FROM concepts WHERE user_id = ${userId})`;
  const firstCard = `(SELECT MIN(id) FROM flashcards WHERE user_id = ${userId})`;
  const span = 2 * 365;
  return `
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${concepts - 1})
INSERT INTO concepts (user_id, title, title_key, content_text, mastery_level, created_at, updated_at)
SELECT ${userId}, 'Concept ' || i, 'concept ' || i, 'Texte du concept ' || i,
       CASE WHEN i % 7 = 0 THEN NULL ELSE ((i * 37) % 100) / 100.0 END, ${now - 800 * DAY}, ${now - 800 * DAY} FROM n;

WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${cards - 1})
INSERT INTO flashcards (user_id, concept_id, question, answer, tags, due, stability, difficulty, elapsed_days, scheduled_days,
  learning_steps, reps, lapses, state, last_review, created_at, updated_at)
SELECT ${userId}, ${firstConcept} + (i % ${concepts}), 'Question ' || i, 'Réponse ' || i, '[]',
       ${now} - ${30 * DAY} + ((i * 7919) % ${395 * 24 * 60}) * 60000,
       CASE WHEN i % 10 = 0 THEN 0 ELSE 0.5 + (i % 200) END,
       CASE WHEN i % 10 = 0 THEN 0 ELSE 1 + (i % 9) END,
       0, i % 200, 0,
       CASE WHEN i % 10 = 0 THEN 0 ELSE 6 END, i % 4,
       CASE WHEN i % 10 = 0 THEN 0 WHEN i % 10 = 1 THEN 1 WHEN i % 10 = 2 THEN 3 ELSE 2 END,
       CASE WHEN i % 10 = 0 THEN NULL ELSE ${now - 40 * DAY} + (i % 30) * ${DAY} END,
       ${now - 800 * DAY}, ${now - 800 * DAY} FROM n;

WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${logs - 1})
INSERT INTO review_logs (user_id, flashcard_id, session_id, rating, state, due, stability, difficulty, elapsed_days,
  last_elapsed_days, scheduled_days, learning_steps, reviewed_at, duration_ms, card_before)
SELECT ${userId}, ${firstCard} + (i % ${cards}), NULL, 1 + ((i * 31) % 4), 2, 0, 10, 5, 3, 3, 10, 0,
       ${now} - ${span * DAY} + (i * ${span} / ${logs}) * ${DAY} + ${19 * 3_600_000} + (i % 90) * 60000,
       4000 + (i % 20000), '{}' FROM n;

UPDATE concepts SET next_review_at = (SELECT MIN(due) FROM flashcards WHERE concept_id = concepts.id) WHERE user_id = ${userId};
`;
}

export default async function study(ctx) {
  const { url, measure, persistTo } = ctx;
  const runId = Date.now().toString(36);
  const main = await account(url, `study_${runId}_main`);
  const others = [];
  for (let i = 0; i < OTHER.count; i++) others.push(await account(url, `study_${runId}_${i}`));
  const idOf = async (user) => (await call(url, 'GET', '/api/users/me', { token: user.token })).id;

  const mainId = await idOf(main);
  const otherIds = [];
  for (const other of others) otherIds.push(await idOf(other));
  const now = Date.now();
  const started = Date.now();
  execSql(persistTo, seedSql(mainId, MAIN, now));
  execSql(persistTo, otherIds.map((id) => seedSql(id, OTHER, now)).join('\n'));
  console.log(`  seeded ${MAIN.cards} cards + ${MAIN.logs} logs (and ${OTHER.count} × ${OTHER.cards} cards + ${OTHER.logs} logs) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const token = main.token;
  const zone = { 'x-time-zone': 'Europe/Paris' };
  const get = (p, headers = {}) => fetch(`${url}${p}`, { headers: { authorization: `Bearer ${token}`, ...headers } }).then(async (r) => {
    if (!r.ok) throw new Error(`GET ${p} -> ${r.status} ${await r.text()}`);
    return r.json();
  });

  // Pooled keep-alive sockets went stale while seeding: the first call may need a retry.
  let due;
  for (let attempt = 0; !due; attempt++) {
    try {
      due = await get('/api/flashcards/due?limit=200');
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  console.log(`  due now: ${due.length} (capped at 200)`);
  await floor(ctx);
  await measure('GET /api/flashcards/due?limit=200', () => get('/api/flashcards/due?limit=200'), { budget: { p95: 30 } });

  const session = await call(url, 'POST', '/api/study-sessions', { token, json: { method_type: 'FLASHCARDS' } });
  await measure('POST /api/study-sessions (due, 50 cards)', () => call(url, 'POST', '/api/study-sessions', { token, json: { method_type: 'FLASHCARDS' } }), { iterations: 100 });
  await measure('GET /api/study-sessions/{id}/next-flashcard', () => get(`/api/study-sessions/${session.id}/next-flashcard`), { budget: { p95: 30 } });

  // Each answer goes to a different due card, as in a real review.
  const cards = due.map((c) => c.id);
  await measure('POST /api/flashcards/{id}/review', (i) => call(url, 'POST', `/api/flashcards/${cards[i % cards.length]}/review`, { token, json: { rating: 3, duration_ms: 5000 } }), { iterations: 150, warmup: 5, budget: { p95: 30 } });

  // Load balancing over the 50,000 cards (on by default; set here with reduced weekends so
  // easy days weigh too): a Good answer to a review card whose interval allows a fuzz range
  // reads the due load of every day of that range before picking one. Each answer goes to
  // another due review card.
  const preferences = await get('/api/users/me/preferences');
  await call(url, 'PUT', '/api/users/me/preferences', { token, json: { ...preferences, load_balancing: true, easy_days: ['normal', 'normal', 'normal', 'normal', 'normal', 'reduced', 'minimum'] } });
  const reviewCards = (await get('/api/flashcards/due?limit=200')).filter((c) => c.state === 'Review').map((c) => c.id);
  let answered = 0;
  let ranged = 0;
  await floor(ctx);
  await measure(
    'POST /api/flashcards/{id}/review (load balancing)',
    async () => {
      const { flashcard } = await call(url, 'POST', `/api/flashcards/${reviewCards[answered++ % reviewCards.length]}/review`, { token, json: { rating: 3, duration_ms: 5000 } });
      if (flashcard.scheduled_days >= 3) ranged += 1;
    },
    { iterations: Math.min(100, reviewCards.length - 5), warmup: 5, budget: { floorTimes: 3 } },
  );
  console.log(`  load balancing: ${ranged} of ${answered} answers (${reviewCards.length} due review cards) had a fuzz range to balance over`);

  const sessionCards = [];
  for (let i = 0; i < 60; i++) {
    const s = await call(url, 'POST', '/api/study-sessions', { token, json: { method_type: 'FLASHCARDS' } });
    const card = await get(`/api/study-sessions/${s.id}/next-flashcard`);
    sessionCards.push([s.id, card.id]);
  }
  await measure('POST /api/study-sessions/{id}/flashcards/{c}/review', (i) => call(url, 'POST', `/api/study-sessions/${sessionCards[i][0]}/flashcards/${sessionCards[i][1]}/review`, { token, json: { rating: 3 } }), { iterations: 55, warmup: 5, budget: { p95: 30 } });

  await measure('GET /api/stats/dashboard', () => get('/api/stats/dashboard', zone), { budget: { p95: 30 } });
  await measure('GET /api/stats/dashboard/extended', () => get('/api/stats/dashboard/extended', zone), { budget: { p95: 30 } });
  await measure('GET /api/stats/activity?days=30', () => get('/api/stats/activity?days=30', zone), { budget: { p95: 30 } });
  await measure('GET /api/stats/activity?days=365', () => get('/api/stats/activity?days=365', zone), { iterations: 100, budget: { p95: 30 } });
  await measure('GET /api/stats/heatmap (365 days, streaks)', () => get('/api/stats/heatmap', zone), { iterations: 100, budget: { p95: 30 } });
  await measure('GET /api/stats/mastery-distribution', () => get('/api/stats/mastery-distribution'), { budget: { p95: 30 } });
  const figures = await get('/api/stats/dashboard/extended', zone);
  console.log(`  extended stats: ${JSON.stringify(figures.learning_activity)}`);
}
