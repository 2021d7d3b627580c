// Data at volume: one person with 10,000 concepts (rich content), 50,000 cards
// and 300,000 review logs, seeded inside SQLite. Times, once each (these are minutes of
// work, not calls to sample): the streamed JSON export, its replace-import into a new
// account the way the page does it (chunked calls, then one switch), the .apkg export of
// all 50,000 cards, and delete-all. Budgets: export ≤ 10 s, import ≤ 30 s,
// apkg ≤ 15 s, delete-all ≤ 10 s. Printed, never asserted. Beside each, the peak RSS of
// the local workerd processes sampled by `ps` (process-memory.mjs says what that measures).
import { execSql } from './03-study.bench.mjs';
import { account, call, recordValue } from './lib.mjs';
import { describeHeap, withPeakHeap } from './isolate-heap.mjs';
import { describeMemory, withPeakMemory } from './process-memory.mjs';

const DAY = 86_400_000;
const SIZE = { concepts: 10_000, cards: 50_000, logs: 300_000 };
/** The page's chunk size (IMPORT_LIMITS.chunkBytes): the API's JSON body limit is 1 MB. */
const CHUNK_BYTES = 900 * 1024;

export function seedSql(userId, { concepts, cards, logs }, now) {
  const firstConcept = `(SELECT MIN(id) FROM concepts WHERE user_id = ${userId})`;
  const firstCard = `(SELECT MIN(id) FROM flashcards WHERE user_id = ${userId})`;
  const paragraph = (i) => `'{"type":"paragraph","content":[{"type":"text","text":"Paragraphe ${i} du concept ' || i || ', avec assez de texte pour ressembler à une vraie note de cours."}]}'`;
  const content = `'{"type":"doc","content":[' || ${[1, 2, 3, 4, 5].map(paragraph).join(" || ',' || ")} || ']}'`;
  return `
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${concepts - 1})
INSERT INTO concepts (user_id, title, title_key, content, content_text, mastery_level, created_at, updated_at)
SELECT ${userId}, 'Concept ' || i, 'concept ' || i, ${content}, 'Paragraphe 1 du concept ' || i,
       ((i * 37) % 100) / 100.0, ${now - 800 * DAY}, ${now - 800 * DAY} FROM n;

WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${cards - 1})
INSERT INTO flashcards (user_id, concept_id, question, answer, tags, due, stability, difficulty, elapsed_days, scheduled_days,
  learning_steps, reps, lapses, state, last_review, created_at, updated_at)
SELECT ${userId}, ${firstConcept} + (i % ${concepts}), 'Quelle est la question numéro ' || i || ' ?', 'La réponse numéro ' || i || ', expliquée en une phrase.', '["cours"]',
       ${now} - ${30 * DAY} + ((i * 7919) % ${395 * 24 * 60}) * 60000, 0.5 + (i % 200), 1 + (i % 9), 0, i % 200, 0, 6, i % 4, 2,
       ${now - 40 * DAY} + (i % 30) * ${DAY}, ${now - 800 * DAY}, ${now - 800 * DAY} FROM n;

WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${logs - 1})
INSERT INTO review_logs (user_id, flashcard_id, session_id, rating, state, due, stability, difficulty, elapsed_days,
  last_elapsed_days, scheduled_days, learning_steps, reviewed_at, duration_ms, card_before)
SELECT ${userId}, ${firstCard} + (i % ${cards}), NULL, 1 + ((i * 31) % 4), 2, ${now - 700 * DAY} + i * 1000, 10.5, 5.25, 3, 3, 10, 0,
       ${now - 730 * DAY} + (i * 730 / ${logs}) * ${DAY} + (i % 90) * 60000, 4000 + (i % 20000),
       '{"due":' || (${now - 700 * DAY} + i * 1000) || ',"stability":10.5,"difficulty":5.25,"elapsedDays":3,"scheduledDays":10,"learningSteps":0,"reps":5,"lapses":1,"state":2,"lastReview":' || (${now - 731 * DAY} + i) || '}'
FROM n;
`;
}

function chunks(rows) {
  const out = [];
  let current = [];
  let size = 0;
  for (const row of rows) {
    const rowSize = Buffer.byteLength(JSON.stringify(row)) + 1;
    if (current.length && size + rowSize > CHUNK_BYTES) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(row);
    size += rowSize;
  }
  if (current.length) out.push(current);
  return out;
}

/**
 * What the Data tab does with a big backup (web/src/api/data.ts importJsonBackup): start,
 * every section in chunks with their offsets, `parallel` calls in flight, then commit.
 */
export async function chunkedImport(url, token, backup, parallel = 3) {
  const { import_id } = await call(url, 'POST', '/api/export-import/import/json/start', {
    token,
    json: { merge: false, header: { format_version: backup.format_version, account: backup.account, preferences: backup.preferences } },
  });
  const started = performance.now();
  const bodies = [];
  for (const [section, rows] of Object.entries(backup)) {
    if (!Array.isArray(rows)) continue;
    let offset = 0;
    for (const chunk of chunks(rows)) {
      bodies.push({ section, rows: chunk, offset });
      offset += chunk.length;
    }
  }
  let next = 0;
  const upload = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      await retrying(() => call(url, 'POST', `/api/export-import/import/json/${import_id}/rows`, { token, json: body }), unsent);
    }
  };
  await Promise.all(Array.from({ length: parallel }, upload));
  const staged = performance.now();
  const result = await call(url, 'POST', `/api/export-import/import/json/${import_id}/commit`, { token });
  return { result, calls: bodies.length, parallel, stageMs: staged - started, commitMs: performance.now() - staged };
}

/**
 * A call that never reached the Worker, safe to send again: a stale pooled socket, or
 * wrangler's local relay losing its own connection to the Worker (it answers 503 'Your worker
 * restarted mid-request' and retries only GETs; cloudflare/workers-sdk#14641: the Worker was
 * not restarted). Production has no such relay.
 */
const unsent = (err) => (err instanceof TypeError && /fetch failed/.test(err.message)) || / -> 503 Your worker restarted mid-request/.test(err.message);

/** Pooled keep-alive sockets go stale during long seeding and long calls: retry a failed call (those `when` allows). */
async function retrying(fn, when = () => true) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= 5 || !when(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export default async function data(ctx) {
  const { url, persistTo, workerGroup, inspectorUrl } = ctx;
  /** `fn` with the isolate's heap and workerd's RSS sampled while it runs. */
  const sampled = async (fn) => {
    const { result: { result, memory }, heap } = await withPeakHeap(inspectorUrl, () => withPeakMemory(workerGroup, fn));
    return { result, memory: `${describeHeap(heap)}; ${describeMemory(memory)}` };
  };
  const runId = Date.now().toString(36);
  const main = await account(url, `d_${runId}_m`);
  const mainId = (await call(url, 'GET', '/api/users/me', { token: main.token })).id;
  let started = Date.now();
  execSql(persistTo, seedSql(mainId, SIZE, Date.now()));
  console.log(`  seeded ${SIZE.concepts} concepts, ${SIZE.cards} cards, ${SIZE.logs} logs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

  const preview = await retrying(() => call(url, 'GET', '/api/export-import/export/preview', { token: main.token }));
  console.log(`  preview: ${JSON.stringify(preview)}`);

  // The package first, in a fresh isolate: after the 174 MB export and the import, the
  // local isolate has been seen to restart under sql.js's extra memory (reported).
  started = performance.now();
  const { result: apkg, memory: apkgMemory } = await sampled(() =>
    fetch(`${url}/api/export-import/export/apkg`, { method: 'POST', headers: { authorization: `Bearer ${main.token}`, 'content-type': 'application/json' }, body: '{}' }).then(
      async (res) => Object.assign(res, { bytes: Buffer.from(await res.arrayBuffer()) }),
    ),
  );
  const apkgBody = apkg.bytes;
  const apkgBytes = apkgBody.byteLength;
  if (apkg.status !== 200) console.log(`  APKG export failed: ${apkg.status} ${apkgBody.toString().slice(0, 200)}`);
  recordValue(`APKG export (${SIZE.cards} cards)`, performance.now() - started, 'ms', { value: 15_000 });
  console.log(`  APKG export (${SIZE.cards} cards): ${apkg.status} ${seconds(performance.now() - started)} for ${(apkgBytes / 1024 / 1024).toFixed(1)} MB  budget 15 s`);
  console.log(`    memory: ${apkgMemory}`);

  started = performance.now();
  const { result: [res, text], memory: exportMemory } = await sampled(async () => {
    const response = await fetch(`${url}/api/export-import/export/json`, { headers: { authorization: `Bearer ${main.token}` } });
    return [response, await response.text()];
  });
  const exportMs = performance.now() - started;
  recordValue('JSON export (whole backup)', exportMs, 'ms', { value: 10_000 });
  console.log(`  JSON export: ${seconds(exportMs)} for ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB (estimate ${res.headers.get('x-estimated-size')} bytes)  budget 10 s`);
  console.log(`    memory: ${exportMemory}`);

  const backup = JSON.parse(text);
  const restored = await retrying(() => account(url, `d_${runId}_r`));
  started = performance.now();
  const { result: { result, calls, parallel, stageMs, commitMs }, memory: importMemory } = await sampled(() => chunkedImport(url, restored.token, backup));
  recordValue('JSON import (replace, chunked + commit)', performance.now() - started, 'ms', { value: 30_000 });
  console.log(`  JSON import (replace, ${calls} chunked calls, ${parallel} in flight, + commit): ${seconds(performance.now() - started)} -> ${JSON.stringify(result)}  budget 30 s`);
  console.log(`    staging calls ${seconds(stageMs)}, commit (checks + switch) ${seconds(commitMs)}`);
  console.log(`    memory: ${importMemory}`);

  // Delete-all is idempotent: after the big import the local isolate has been seen to
  // restart on the next request (503), so a refused attempt is retried and reported.
  const deleteAll = async () => {
    const t0 = performance.now();
    await call(url, 'DELETE', '/api/export-import/user-data?confirm=DELETE_ALL_MY_DATA', { token: restored.token });
    return performance.now() - t0;
  };
  let attempts = 0;
  const { result: deleteMs, memory: deleteMemory } = await sampled(() => retrying(() => (attempts++, deleteAll())));
  recordValue('delete-all', deleteMs, 'ms', { value: 10_000 });
  console.log(`  delete-all: ${seconds(deleteMs)} (attempts: ${attempts})  budget 10 s`);
  console.log(`    memory: ${deleteMemory}`);
}
