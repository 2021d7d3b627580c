// Knowledge base at volume: one person with 10,000 concepts, 2,000 tags, 50 constellations
// and 40,000 links, beside 20 other people with 500 concepts each. Rows are written straight
// into the local D1 (generated SQL, `wrangler d1 execute --local`), then the reads a person
// waits on are timed over loopback: list pages in each sort, title/tag/content filters,
// a concept with its backlinks, and a constellation page.
import { floor } from './01-accounts.bench.mjs';
import { account, call, execute, freshIdBase, inserts, prng, settle, titleKey, WORDS } from './lib.mjs';

const MAIN = { concepts: 10_000, tags: 2_000, constellations: 50, links: 40_000, relations: 6_000 };
const OTHERS = { users: 20, concepts: 500, tags: 100, constellations: 5, links: 1_000 };

const { rand, pick, int, sentence } = prng(42);

/** All rows of one person's knowledge base. `ids` hands out the explicit ids. */
export function personRows(userId, volume, ids, now) {
  const concepts = [];
  for (let i = 0; i < volume.concepts; i++) {
    const id = ids.concept++;
    const title = `${pick(WORDS)} ${pick(WORDS)} ${i}`;
    const text = `${sentence(20 + int(40))}\n${sentence(10 + int(30))}`;
    const doc = JSON.stringify({ type: 'doc', content: text.split('\n').map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] })) });
    const created = now - int(365 * 86_400_000);
    const mastery = rand() < 0.6 ? Math.round(rand() * 1000) / 1000 : null;
    concepts.push([id, userId, title, titleKey(title), doc, text, 'MANUAL', mastery, 1, created, created + int(30 * 86_400_000)]);
  }
  const conceptIds = concepts.map((c) => c[0]);
  const tags = Array.from({ length: volume.tags }, (_, i) => {
    const name = `${pick(WORDS)}-${i}`;
    return [ids.tag++, userId, name, name.toLowerCase()];
  });
  const conceptTags = new Set();
  for (const c of conceptIds) for (let k = 0; k < 3; k++) conceptTags.add(`${c},${pick(tags)[0]}`);
  const constellations = Array.from({ length: volume.constellations }, (_, i) => [ids.constellation++, userId, `Constellation ${i} ${pick(WORDS)}`, sentence(8), '#4e337c', '✨', now, now]);
  const memberships = conceptIds.map((c, i) => [constellations[i % constellations.length][0], c, now]);
  const links = new Set();
  while (links.size < volume.links) {
    const from = pick(conceptIds);
    const to = pick(conceptIds);
    if (from !== to) links.add(`${from},${to}`);
  }
  const relations = new Set();
  for (let i = 0; i < (volume.relations ?? 0); i++) {
    // Parents always have a smaller index than children: no cycles.
    const child = 100 + int(conceptIds.length - 100);
    relations.add(`${conceptIds[int(child)]},${conceptIds[child]}`);
  }
  const pairs = (set) => [...set].map((p) => p.split(',').map(Number));
  return [
    ...inserts('concepts', ['id', 'user_id', 'title', 'title_key', 'content', 'content_text', 'source', 'mastery_level', 'content_version', 'created_at', 'updated_at'], concepts),
    ...inserts('tags', ['id', 'user_id', 'name', 'name_key'], tags),
    ...inserts('concept_tags', ['concept_id', 'tag_id'], pairs(conceptTags)),
    ...inserts('constellations', ['id', 'user_id', 'name', 'description', 'color', 'icon', 'created_at', 'updated_at'], constellations),
    ...inserts('constellation_concepts', ['constellation_id', 'concept_id', 'added_at'], memberships),
    ...inserts('concept_links', ['user_id', 'concept_id', 'target_concept_id', 'link_type', 'created_at'], pairs(links).map(([a, b]) => [userId, a, b, 'wiki', now])),
    ...inserts('concept_relations', ['user_id', 'parent_id', 'child_id'], pairs(relations).map(([p, c]) => [userId, p, c])),
  ];
}

async function seedDatabase(ctx) {
  const started = Date.now();
  const people = [];
  for (let i = 0; i <= OTHERS.users; i++) people.push(await account(ctx.url, `kb_bench_${i}`));
  const me = people[0];
  // Explicit ids above anything already in the database, so rows can point at each other.
  me.baseId = await freshIdBase(ctx.persistTo, ctx.url);
  const ids = { concept: me.baseId, tag: me.baseId, constellation: me.baseId };
  const now = Date.now();
  const statements = [];
  for (const [i, person] of people.entries()) {
    const { id } = await call(ctx.url, 'GET', '/api/users/me', { token: person.token });
    person.id = id;
    statements.push(...personRows(id, i === 0 ? MAIN : OTHERS, ids, now));
  }
  execute(ctx.persistTo, statements);
  await settle(ctx.url);
  console.log(`  seeded ${statements.length} statements in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return me;
}

export default async function knowledge(ctx) {
  const { url, measure } = ctx;
  const me = await seedDatabase(ctx);
  const get = (p) => call(url, 'GET', p, { token: me.token });

  const summary = await get('/api/concepts?limit=1');
  if (summary.total_items !== MAIN.concepts) throw new Error(`expected ${MAIN.concepts} concepts, the API sees ${summary.total_items}`);
  const tags = await get('/api/tags');
  const constellations = await get('/api/constellations');
  const conceptIds = Array.from({ length: 200 }, (_, i) => me.baseId + ((i * 4_999) % MAIN.concepts));
  const word = (i) => WORDS[(i * 37) % WORDS.length];

  await floor(ctx); // the dev server's own cost, measured under the same load
  for (const sort of ['updated_at', 'created_at', 'title', 'mastery_level']) {
    await measure(`GET /api/concepts sort=${sort} (page)`, (i) => get(`/api/concepts?sort_by=${sort}&sort_order=${i % 2 ? 'asc' : 'desc'}&skip=${(i % 25) * 20}&limit=20`), { budget: { p95: 30 } });
  }
  await measure('GET /api/concepts?search= (title)', (i) => get(`/api/concepts?search=${encodeURIComponent(word(i).slice(0, 4))}`), { budget: { p95: 30 } });
  await measure('GET /api/concepts?tag_name=', (i) => get(`/api/concepts?tag_name=${encodeURIComponent(tags[(i * 13) % tags.length].name.toUpperCase())}`), { budget: { p95: 30 } });
  await measure('GET /api/concepts?content_search=', (i) => get(`/api/concepts?content_search=${encodeURIComponent(word(i))}`));
  await measure('GET /api/concepts/{id} (with backlinks)', (i) => get(`/api/concepts/${conceptIds[i % conceptIds.length]}`), { budget: { p95: 30 } });
  await measure('GET /api/constellations/{id}/concepts-list', (i) =>
    get(`/api/constellations/${constellations[i % constellations.length].id}/concepts-list?sort_by=title&sort_order=asc&skip=${(i % 5) * 10}&limit=10`),
    { budget: { p95: 30 } },
  );
  await measure('GET /api/concepts/search?q=', (i) => get(`/api/concepts/search?q=${encodeURIComponent(word(i).slice(0, 3))}&limit=20`));
  await measure('GET /api/tags (2,000 tags)', () => get('/api/tags'), { iterations: 50 });
  await measure('GET /api/constellations (50)', () => get('/api/constellations'), { iterations: 100 });
  // Writes at volume: tags matched among 2,000, wiki links resolved among 10,000 titles.
  const content = (i) => `Nouveau ${word(i)} lié à [[${word(i + 1)}]] et [[${word(i + 2)}]]`;
  const made = [];
  // A content write names the version it was read at; each answer gives the next one.
  const versions = new Map();
  await measure('POST /api/concepts (content, tags, links)', async (i) => {
    const c = await call(url, 'POST', '/api/concepts', { token: me.token, json: { title: `Bench ${i} ${word(i)}`, content: content(i), tag_names: [tags[i % tags.length].name, `nouveau-${i % 7}`], constellation_ids: [constellations[i % 50].id] } });
    made.push(c.id);
    versions.set(c.id, c.content_version);
  }, { iterations: 100, warmup: 0 });
  await measure('PUT /api/concepts/{id} (content → live room, tags)', async (i) => {
    const id = made[i % made.length];
    const c = await call(url, 'PUT', `/api/concepts/${id}`, { token: me.token, json: { title: `Bench ${i % made.length} renommé`, content: content(i + 5), tag_names: [tags[(i * 3) % tags.length].name], content_version: versions.get(id) } });
    versions.set(id, c.content_version);
  }, { iterations: 100, warmup: 0 });
  // Without content the live room is not involved: the knowledge-base write alone.
  await measure('PUT /api/concepts/{id} (title, tags, parents)', (i) =>
    call(url, 'PUT', `/api/concepts/${made[i % made.length]}`, { token: me.token, json: { title: `Bench ${i % made.length} encore`, tag_names: [tags[(i * 7) % tags.length].name], parent_ids: [conceptIds[i % conceptIds.length]] } }),
  { iterations: 100, warmup: 0 });
  await measure('DELETE /api/concepts/{id}', (i) => call(url, 'DELETE', `/api/concepts/${made[i]}`, { token: me.token }), { iterations: made.length, warmup: 0 });
  await measure('GET /api/concepts/minimal (10,000)', () => get('/api/concepts/minimal'), { iterations: 30, warmup: 3 });
}
