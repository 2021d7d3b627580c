// Settings and reminders. Preferences GET and PUT for one person (budget p95 ≤ 20 ms),
// then the 15-minute cron for 10,000 people with a push subscription, run through wrangler's
// /__scheduled hook: a run where 1,000 of them are due a daily reminder (reminder time passed,
// cards due), then a run where 1,000 others have a progress notification waiting for its
// hour (frequency 'batched'), then a run with nothing to send.
// Their pushes go to the Web Push service on loopback that scripts/bench.mjs starts
// (PUSH_LOOPBACK_ORIGIN), which checks each VAPID signature and decrypts each message — on
// the same two cores as the Worker, so the wall time includes the push service's own work.
// Budget ≤ 10 s wall. Printed, never asserted.
import { spawnSync } from 'node:child_process';
import { execSql } from './03-study.bench.mjs';
import { floor } from './01-accounts.bench.mjs';
import { account, call, recordValue, settle } from './lib.mjs';

const USERS = 10_000;
const DUE = 1_000;
const WAITING = 1_000;

/** Subscriptions for the people the run pushes to, made at the push service as browsers do. */
async function deviceSubscriptions(pushOrigin, applicationServerKey, count) {
  const devices = [];
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(`${pushOrigin}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey }) });
    devices.push(await res.json());
  }
  return devices;
}

/** The subscriptions into a work table, a few hundred per call (local D1 refuses a file over 100 KB). */
function seedDevices(persistTo, devices) {
  const quote = (text) => `'${text.replace(/'/g, "''")}'`;
  const rows = devices.map((d, i) => `('rem_${i}', ${quote(d.endpoint)}, ${quote(d.keys.p256dh)}, ${quote(d.keys.auth)})`);
  execSql(persistTo, 'CREATE TABLE bench_devices (username TEXT PRIMARY KEY, endpoint TEXT, p256dh TEXT, auth TEXT);');
  for (let i = 0; i < rows.length; i += 300) execSql(persistTo, `INSERT INTO bench_devices VALUES ${rows.slice(i, i + 300).join(',\n')};`);
}

function seedSql(now) {
  const today = new Date(now).toISOString().slice(0, 10);
  return `
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${USERS - 1})
INSERT INTO users (username, username_key, email, password_hash, time_zone, reminder_day, created_at, updated_at)
SELECT 'rem_' || i, 'rem_' || i, 'rem_' || i || '@bench.test', 'x', 'UTC', CASE WHEN i < ${DUE} THEN NULL ELSE '${today}' END, ${now}, ${now} FROM n;

INSERT INTO user_preferences (user_id, data, updated_at)
SELECT id, '{"daily_reminder_time":"00:00","notification_frequency":"batched"}', ${now} FROM users WHERE username LIKE 'rem\\_%' ESCAPE '\\';

-- The people pushed to have real subscriptions, the others never get a push (nothing due).
INSERT INTO push_tokens (user_id, token, p256dh, auth, created_at)
SELECT u.id, COALESCE(d.endpoint, 'https://push.astrolabe.test/push/idle-' || u.id),
  COALESCE(d.p256dh, 'BN6kt0-xfADhdj54EIB1PocL7PNxo7yCyyaIINm0VYn6S5ce8j5PCeg0IkfA7ir-RPKdfFlQerQ8gcvmCl9tHNc'), COALESCE(d.auth, 'SS9I4C4tdbNNeB1T4lXmzQ'), ${now}
FROM users u LEFT JOIN bench_devices d ON d.username = u.username WHERE u.username LIKE 'rem\\_%' ESCAPE '\\';

INSERT INTO concepts (user_id, title, title_key, created_at, updated_at)
SELECT id, 'Rappel', 'rappel', ${now}, ${now} FROM users WHERE username LIKE 'rem\\_%' ESCAPE '\\' AND reminder_day IS NULL;

INSERT INTO flashcards (user_id, concept_id, question, answer, tags, due, stability, difficulty, elapsed_days, scheduled_days,
  learning_steps, reps, lapses, state, last_review, created_at, updated_at)
SELECT c.user_id, c.id, 'Q', 'A', '[]', ${now - 3_600_000}, 1, 5, 0, 0, 0, 1, 0, 2, ${now - 86_400_000}, ${now}, ${now}
FROM concepts c JOIN users u ON u.id = c.user_id WHERE u.username LIKE 'rem\\_%' ESCAPE '\\';
`;
}

/** A progress notification waiting for its hour (two hours old) for the second thousand subscribed people. */
function waitingNewsSql(now) {
  return `
-- A progress notification of a finished session, waiting since two hours ago for its hour.
INSERT INTO notifications (user_id, kind, event_key, title, body, url, created_at)
SELECT u.id, 'progress', 'session-bench', 'Session terminée', '12 cartes révisées, note moyenne 3,2 / 4.', '/dashboard', ${now - 2 * 3_600_000}
FROM users u JOIN bench_devices d ON d.username = u.username WHERE u.id NOT IN (SELECT user_id FROM flashcards);

DROP TABLE bench_devices;
`;
}

export default async function bench(ctx) {
  const { url, persistTo, measure, pushOrigin, secrets } = ctx;
  const ada = await account(url, 'bench_prefs');
  const defaults = await call(url, 'GET', '/api/users/me/preferences', { token: ada.token });
  // The dev server's own floor on this machine, to read the figures against.
  await floor(ctx);
  await measure('GET /users/me/preferences', () => call(url, 'GET', '/api/users/me/preferences', { token: ada.token }), { budget: { p95: 20 } });
  await measure('PUT /users/me/preferences', (i) =>
    call(url, 'PUT', '/api/users/me/preferences', { token: ada.token, json: { ...defaults, session_duration_limit: 5 + (i % 170) } }),
    { budget: { p95: 20 } },
  );

  const devices = await deviceSubscriptions(pushOrigin, secrets.VAPID_PUBLIC_KEY, DUE + WAITING);
  seedDevices(persistTo, devices);
  execSql(persistTo, seedSql(Date.now()));
  await settle(url);
  const reminders = await timedCron(url, pushOrigin);
  recordValue(`cron, ${DUE} reminders due of ${USERS} subscribed (wall)`, reminders.wall, 'ms', { value: 10_000 });
  console.log(`  cron, ${USERS} subscribed / ${DUE} due a reminder       wall ${reminders.wall.toFixed(0)} ms (${reminders.status}); delivered ${reminders.delivered} of ${reminders.received} (expected ${DUE})`);
  console.log(`  people reminded today after the run: ${remindedToday(persistTo, Date.now())} (expected ${DUE})`);

  execSql(persistTo, waitingNewsSql(Date.now()));
  await settle(url);
  const news = await timedCron(url, pushOrigin);
  recordValue(`cron, ${WAITING} progress notifications due (wall)`, news.wall, 'ms', { value: 10_000 });
  console.log(`  cron, ${WAITING} progress notifications due (batched)  wall ${news.wall.toFixed(0)} ms (${news.status}); delivered ${news.delivered} of ${news.received} (expected ${WAITING})`);
  // A run with nothing to send: the cost of the ~95 quiet runs of a day.
  const quiet = await timedCron(url, pushOrigin);
  console.log(`  cron, nothing due                                 wall ${quiet.wall.toFixed(0)} ms (${quiet.status}); pushes ${quiet.received}`);
}

/** One 15-minute cron run through /__scheduled; then what the push service received and could decrypt. */
async function timedCron(url, pushOrigin) {
  const before = await (await fetch(`${pushOrigin}/stats`)).json();
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
  await settle(url);
  const after = await (await fetch(`${pushOrigin}/stats`)).json();
  return { wall, status, received: after.pushes - before.pushes, delivered: after.delivered - before.delivered };
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
