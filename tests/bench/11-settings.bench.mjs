// Settings and reminders (issue 16). Preferences GET and PUT for one person (budget p95 ≤ 20 ms),
// then the 15-minute reminder cron for 10,000 people with a push subscription, 1,000 of them
// due now (reminder time passed, cards due), run through wrangler's /__scheduled hook.
// The push endpoints are https on a closed loopback port, so each send is encrypted, signed and
// refused at once: the figure is the run's own work (queries, encryption, parallel batches,
// bookkeeping). Budget ≤ 10 s wall. Printed, never asserted.
import { spawnSync } from 'node:child_process';
import { execSql } from './03-study.bench.mjs';
import { account, call, settle } from './lib.mjs';

const USERS = 10_000;
const DUE = 1_000;

function seedSql(now) {
  const today = new Date(now).toISOString().slice(0, 10);
  return `
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${USERS - 1})
INSERT INTO users (username, username_key, email, password_hash, time_zone, reminder_day, created_at, updated_at)
SELECT 'rem_' || i, 'rem_' || i, 'rem_' || i || '@bench.test', 'x', 'UTC', CASE WHEN i < ${DUE} THEN NULL ELSE '${today}' END, ${now}, ${now} FROM n;

INSERT INTO user_preferences (user_id, data, updated_at)
SELECT id, '{"daily_reminder_time":"00:00"}', ${now} FROM users WHERE username LIKE 'rem\\_%' ESCAPE '\\';

INSERT INTO push_tokens (user_id, token, p256dh, auth, created_at)
SELECT id, 'https://127.0.0.1:9/push/' || id,
  'BN6kt0-xfADhdj54EIB1PocL7PNxo7yCyyaIINm0VYn6S5ce8j5PCeg0IkfA7ir-RPKdfFlQerQ8gcvmCl9tHNc', 'SS9I4C4tdbNNeB1T4lXmzQ', ${now}
FROM users WHERE username LIKE 'rem\\_%' ESCAPE '\\';

INSERT INTO concepts (user_id, title, title_key, created_at, updated_at)
SELECT id, 'Rappel', 'rappel', ${now}, ${now} FROM users WHERE username LIKE 'rem\\_%' ESCAPE '\\' AND reminder_day IS NULL;

INSERT INTO flashcards (user_id, concept_id, question, answer, tags, due, stability, difficulty, elapsed_days, scheduled_days,
  learning_steps, reps, lapses, state, last_review, created_at, updated_at)
SELECT c.user_id, c.id, 'Q', 'A', '[]', ${now - 3_600_000}, 1, 5, 0, 0, 0, 1, 0, 2, ${now - 86_400_000}, ${now}, ${now}
FROM concepts c JOIN users u ON u.id = c.user_id WHERE u.username LIKE 'rem\\_%' ESCAPE '\\';
`;
}

export default async function bench({ url, persistTo, measure }) {
  const ada = await account(url, 'bench_prefs');
  const defaults = await call(url, 'GET', '/api/users/me/preferences', { token: ada.token });
  // The dev server's own floor on this machine, to read the figures against.
  await measure('GET /api/config (floor)', () => call(url, 'GET', '/api/config'));
  await measure('GET /users/me/preferences', () => call(url, 'GET', '/api/users/me/preferences', { token: ada.token }));
  await measure('PUT /users/me/preferences', (i) =>
    call(url, 'PUT', '/api/users/me/preferences', { token: ada.token, json: { ...defaults, session_duration_limit: 5 + (i % 170) } }),
  );

  execSql(persistTo, seedSql(Date.now()));
  await settle(url);
  const start = performance.now();
  let status;
  try {
    const res = await fetch(`${url}/__scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=${Date.now()}`);
    status = res.status;
    await res.text();
  } catch (err) {
    status = `failed: ${err.cause?.code ?? err.message}`;
  }
  const wall = performance.now() - start;
  console.log(`  reminder cron, ${USERS} subscribed / ${DUE} due       wall ${wall.toFixed(0)} ms (${status})`);
  await settle(url);
  console.log(`  people reminded today after the run: ${remindedToday(persistTo, Date.now())} (expected ${DUE})`);
  // A second run the same day finds nobody due: the cost of the 95 quiet runs of a day.
  const quietStart = performance.now();
  await fetch(`${url}/__scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=${Date.now()}`).then((r) => r.text()).catch(() => 'failed');
  console.log(`  reminder cron, nothing due (same day)             wall ${(performance.now() - quietStart).toFixed(0)} ms`);
}

/** How many seeded people the run marked as reminded today (proof it did the work it was timed on). */
function remindedToday(persistTo, now) {
  const sql = `SELECT COUNT(*) AS n FROM users WHERE reminder_day = '${new Date(now).toISOString().slice(0, 10)}' AND id IN (SELECT user_id FROM flashcards)`;
  const out = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--command', sql, '--json'], { encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' } });
  try {
    return JSON.parse(out.stdout)[0].results[0].n;
  } catch {
    return `unknown (${out.stderr.slice(0, 200)})`;
  }
}
