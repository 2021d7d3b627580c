// Global search at volume: one person with 10,000 concepts of ~2 KB of text,
// 50,000 flashcards, 20,000 daily-note blocks (2,000 notes), 500 constellations and 2,000
// tags, beside 20 other people with 500 concepts, 2,500 flashcards, 1,000 blocks and 25
// constellations each, all indexed by the FTS5 triggers as they are written. Timed over
// loopback: a two-word query on the Tout tab, one tab's next page, quick-switcher
// keystrokes, the concept page's auto-link titles (beside the old full title list), the
// tags list, and the cost the index adds to a live-room save (with and without its trigger).
import { floor } from './01-accounts.bench.mjs';
import { account, call, execute, freshIdBase, inserts, prng, recordValue, settle, titleKey, WORDS } from './lib.mjs';

const MAIN = { concepts: 10_000, cards: 50_000, notes: 2_000, blocksPerNote: 10, constellations: 500, tags: 2_000 };
const OTHERS = { users: 20, concepts: 500, cards: 2_500, notes: 100, blocksPerNote: 10, constellations: 25, tags: 100 };
const DAY = 86_400_000;

const { pick, int, sentence } = prng(8);
const capital = (w) => w[0].toUpperCase() + w.slice(1);
/** ~2 KB of text: paragraphs of made-up words. */
const longText = () => Array.from({ length: 5 }, () => sentence(50 + int(20))).join('\n');

function personRows(userId, volume, ids, now) {
  const concepts = [];
  for (let i = 0; i < volume.concepts; i++) {
    // The first thousand titles are single words, which texts mention: the auto-linker finds them.
    const title = i < 1_000 ? capital(WORDS[(i * 7) % WORDS.length]) : `${capital(pick(WORDS))} ${pick(WORDS)} ${i}`;
    const updated = now - int(365 * DAY);
    concepts.push([ids.concept++, userId, title, titleKey(title), null, longText(), 'MANUAL', 0, updated, updated]);
  }
  const conceptIds = concepts.map((c) => c[0]);
  const cards = Array.from({ length: volume.cards }, () => [ids.card++, userId, pick(conceptIds), `${capital(sentence(6 + int(6)))} ?`, sentence(10 + int(20)), now, now, now]);
  const notes = Array.from({ length: volume.notes }, (_, i) => [ids.note++, userId, new Date(now - i * DAY).toISOString().slice(0, 10), i % 5 ? null : `Journal ${pick(WORDS)}`, now, now]);
  const blocks = notes.flatMap((n) =>
    Array.from({ length: volume.blocksPerNote }, (_, k) => {
      const text = sentence(20 + int(40));
      return [ids.block++, userId, n[0], `<p>${text}</p>`, text, k, now, now];
    }),
  );
  const constellations = Array.from({ length: volume.constellations }, (_, i) => [ids.constellation++, userId, `${capital(pick(WORDS))} ${pick(WORDS)} ${i}`, sentence(12), '#4e337c', now, now]);
  const tags = Array.from({ length: volume.tags }, (_, i) => {
    const name = `${pick(WORDS)}-${i}`;
    return [ids.tag++, userId, name, name.toLowerCase()];
  });
  const conceptTags = new Set();
  for (const c of conceptIds) for (let k = 0; k < 3; k++) conceptTags.add(`${c},${pick(tags)[0]}`);
  return [
    ...inserts('concepts', ['id', 'user_id', 'title', 'title_key', 'content', 'content_text', 'source', 'content_version', 'created_at', 'updated_at'], concepts),
    ...inserts('flashcards', ['id', 'user_id', 'concept_id', 'question', 'answer', 'due', 'created_at', 'updated_at'], cards),
    ...inserts('daily_notes', ['id', 'user_id', 'date', 'title', 'created_at', 'updated_at'], notes),
    ...inserts('note_blocks', ['id', 'user_id', 'note_id', 'text', 'plain_text', 'order_idx', 'created_at', 'updated_at'], blocks),
    ...inserts('constellations', ['id', 'user_id', 'name', 'description', 'color', 'created_at', 'updated_at'], constellations),
    ...inserts('tags', ['id', 'user_id', 'name', 'name_key'], tags),
    ...inserts('concept_tags', ['concept_id', 'tag_id'], [...conceptTags].map((p) => p.split(',').map(Number))),
  ];
}

/** A read retried after the dev server settles: it sometimes reloads and drops the socket while seeding. */
async function steady(url, read) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (attempt >= 3) throw err;
      await settle(url);
    }
  }
}

async function seed(ctx) {
  const started = Date.now();
  const people = [];
  for (let i = 0; i <= OTHERS.users; i++) people.push(await account(ctx.url, `search_bench_${i}`));
  const base = await freshIdBase(ctx.persistTo, ctx.url);
  people[0].baseId = base;
  const ids = { concept: base, card: base, note: base, block: base, constellation: base, tag: base };
  const now = Date.now();
  const statements = [];
  for (const [i, person] of people.entries()) {
    person.id = (await steady(ctx.url, () => call(ctx.url, 'GET', '/api/users/me', { token: person.token }))).id;
    statements.push(...personRows(person.id, i === 0 ? MAIN : OTHERS, ids, now));
  }
  execute(ctx.persistTo, statements);
  await settle(ctx.url);
  console.log(`  seeded ${statements.length} statements in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return people[0];
}

/** A base64 Yjs update the room route accepts (an empty one: the state is not what is timed). */
const EMPTY_STATE = Buffer.from([0, 0]).toString('base64');

export default async function search(ctx) {
  const { url, measure } = ctx;
  const me = await seed(ctx);
  const get = (p) => call(url, 'GET', p, { token: me.token });
  const word = (i) => WORDS[(i * 37) % WORDS.length];
  // Two words as typed: the second still growing (a prefix).
  const twoWords = (i) => encodeURIComponent(`${word(i)} ${word(i + 11).slice(0, 5)}`);
  const probe = await get(`/api/search?q=${twoWords(0)}`);
  console.log(`  a two-word query finds ${probe.total_concepts} concepts, ${probe.total_flashcards} flashcards, ${probe.total_notes} notes`);

  await floor(ctx);
  await measure('GET /api/search two words (Tout)', (i) => get(`/api/search?q=${twoWords(i)}`), { budget: { p95: 30 } });
  await measure('GET /api/search one word (Tout)', (i) => get(`/api/search?q=${encodeURIComponent(word(i))}`));
  for (const type of ['concepts', 'flashcards', 'notes']) {
    await measure(`GET /api/search type=${type} next page`, (i) => get(`/api/search?q=${encodeURIComponent(word(i))}&type=${type}&skip=10&limit=10`), { budget: { p95: 20 } });
  }
  await measure('GET /api/search/quick (keystroke)', (i) => get(`/api/search/quick?q=${encodeURIComponent(word(i).slice(0, 2 + (i % 4)))}`), { budget: { p95: 30 } });
  const pages = Array.from({ length: 200 }, (_, i) => me.baseId + 1_000 + ((i * 4_999) % (MAIN.concepts - 1_000)));
  const found = await get(`/api/concepts/${pages[0]}/linked-titles`);
  console.log(`  a concept page auto-links ${found.length} titles`);
  await measure('GET /api/concepts/{id}/linked-titles', (i) => get(`/api/concepts/${pages[i % pages.length]}/linked-titles`));
  await measure('GET /api/concepts/minimal (before: all titles)', () => get('/api/concepts/minimal'), { iterations: 50, warmup: 3 });
  await measure('GET /api/tags (2,000 tags)', () => get('/api/tags'), { iterations: 100 });

  // What the index adds to a save: live-room saves of new ~2 KB text, with the concept
  // index's update trigger, then without it (dropped, timed, put back).
  const roomSave = (i) =>
    call(url, 'PUT', `/internal/rooms/${me.id}/${pages[i % pages.length]}`, {
      json: { state: EMPTY_STATE, content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `${i} ${longText()}` }] }] } },
      headers: { 'x-internal-secret': ctx.secrets.INTERNAL_SECRET },
    });
  const withIndex = await measure('PUT /internal/rooms save (~2 KB, indexed)', roomSave, { iterations: 100 });
  execute(ctx.persistTo, ['DROP TRIGGER concepts_fts_update;']);
  await settle(url);
  const without = await measure('PUT /internal/rooms save (no index trigger)', roomSave, { iterations: 100 });
  execute(ctx.persistTo, [
    `CREATE TRIGGER concepts_fts_update AFTER UPDATE OF title, content_text ON concepts BEGIN
       INSERT INTO concepts_fts(concepts_fts, rowid, title, content_text, user_id) VALUES ('delete', old.id, old.title, old.content_text, old.user_id);
       INSERT INTO concepts_fts(rowid, title, content_text, user_id) VALUES (new.id, new.title, new.content_text, new.user_id);
     END;`,
    "INSERT INTO concepts_fts(concepts_fts) VALUES ('rebuild');",
  ]);
  await settle(url);
  recordValue('index cost on a save (p95 with − without)', withIndex.p95 - without.p95, 'ms', { value: 5 });
  console.log(`  index cost on a save: p50 ${(withIndex.p50 - without.p50).toFixed(2)} ms, p95 ${(withIndex.p95 - without.p95).toFixed(2)} ms`);
}
