// Daily notes at volume (issue 11): three years of journal — 1,100 notes, 20,000 blocks,
// 30,000 mentions — beside 10,000 concepts, bulk-written into the local D1. Timed over
// loopback: opening a day, the recent notes, adding and editing a block (with its derived
// mentions), and a concept's mentions panel. Budgets (issue 11): open a day p95 ≤ 30 ms,
// recent ≤ 15 ms, add/patch block ≤ 30 ms, concept mentions ≤ 20 ms.
import { floor } from './01-accounts.bench.mjs';
import { account, call, execute, inserts, prng, settle, titleKey, WORDS } from './lib.mjs';

const VOLUME = { concepts: 10_000, notes: 1_100, blocks: 20_000, mentions: 30_000 };
const BASE_ID = 3_000_000;
const DAY = 86_400_000;
const { pick, int, sentence } = prng(10);
const capital = (w) => w[0].toUpperCase() + w.slice(1);

function rows(userId, now) {
  const concepts = Array.from({ length: VOLUME.concepts }, (_, i) => {
    const title = `${capital(WORDS[i % WORDS.length])} ${i}`;
    return [BASE_ID + i, userId, title, titleKey(title), null, sentence(30), 'MANUAL', 0, now, now];
  });
  const notes = Array.from({ length: VOLUME.notes }, (_, i) => [BASE_ID + i, userId, new Date(now - i * DAY).toISOString().slice(0, 10), null, now, now]);
  const blocks = Array.from({ length: VOLUME.blocks }, (_, i) => {
    const noteId = BASE_ID + (i % VOLUME.notes);
    const a = concepts[int(VOLUME.concepts)];
    const text = `${sentence(20 + int(30))} [[${a[2]}]]`;
    const doc = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
    return [BASE_ID + i, userId, noteId, doc, text, Math.floor(i / VOLUME.notes), now, now];
  });
  const mentions = new Set();
  for (let i = 0; mentions.size < VOLUME.mentions; i++) mentions.add(`${BASE_ID + (i % VOLUME.blocks)},${BASE_ID + int(VOLUME.concepts)}`);
  return [
    ...inserts('concepts', ['id', 'user_id', 'title', 'title_key', 'content', 'content_text', 'source', 'content_version', 'created_at', 'updated_at'], concepts),
    ...inserts('daily_notes', ['id', 'user_id', 'date', 'title', 'created_at', 'updated_at'], notes),
    ...inserts('note_blocks', ['id', 'user_id', 'note_id', 'text', 'plain_text', 'order_idx', 'created_at', 'updated_at'], blocks),
    ...inserts('block_mentions', ['user_id', 'block_id', 'concept_id'], [...mentions].map((p) => [userId, ...p.split(',').map(Number)])),
  ];
}

export default async function daily(ctx) {
  const { url, measure } = ctx;
  const started = Date.now();
  const me = await account(url, 'daily_bench');
  me.id = (await call(url, 'GET', '/api/users/me', { token: me.token })).id;
  const now = Date.now();
  const statements = rows(me.id, now);
  execute(ctx.persistTo, statements);
  await settle(url);
  console.log(`  seeded ${statements.length} statements in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const as = { token: me.token };
  const date = (i) => new Date(now - (i % VOLUME.notes) * DAY).toISOString().slice(0, 10);
  const day = await call(url, 'GET', `/api/notes?note_date=${date(0)}`, as);
  console.log(`  a day holds ${day.blocks.length} blocks and ${day.mentions.length} mentions`);

  await floor(ctx);
  await measure('GET /api/notes?note_date (open a day)', (i) => call(url, 'GET', `/api/notes?note_date=${date(i * 7)}`, as));
  await measure('GET /api/notes/recent?limit=10', () => call(url, 'GET', '/api/notes/recent?limit=10', as));
  const text = (i) => JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `${sentence(25)} [[${capital(WORDS[i % WORDS.length])} ${i}]]` }] }] });
  const added = [];
  await measure('POST /api/notes/{id}/blocks', async (i) => added.push(await call(url, 'POST', `/api/notes/${day.id}/blocks`, { ...as, json: { text: text(i), order_idx: 100 + i } })));
  await measure('PATCH /api/notes/blocks/{id}', (i) => call(url, 'PATCH', `/api/notes/blocks/${added[i % added.length].id}`, { ...as, json: { text: text(i + 1) } }));
  const mentioned = await call(url, 'GET', `/api/notes/concepts/${BASE_ID + 5}/mentions`, as);
  console.log(`  a concept is mentioned by ${mentioned.length} blocks`);
  await measure('GET /api/notes/concepts/{id}/mentions', (i) => call(url, 'GET', `/api/notes/concepts/${BASE_ID + ((i * 97) % VOLUME.concepts)}/mentions`, as));
}
