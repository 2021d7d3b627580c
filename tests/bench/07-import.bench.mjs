// Import at volume: one person with 10,000 concepts (written straight into the local D1).
// Times concept detection on a 20,000-word French text (every word of its vocabulary is
// some concept's first word, elisions and capitals included), and the import of a 1 MB
// article page served from loopback: read the page, analyse it, create the concept.
import { BIG_ARTICLE_PATH, startPageServer } from '../support/page-server.mjs';
import { floor } from './01-accounts.bench.mjs';
import { execute, freshIdBase, inserts, settle } from './lib.mjs';
import { account, call } from './lib.mjs';

const CONCEPTS = 10_000;
const TEXT_WORDS = 20_000;

let prngState = 7;
const rand = () => ((prngState = (prngState * 1664525 + 1013904223) >>> 0) / 2 ** 32);
const pick = (list) => list[Math.floor(rand() * list.length)];

const SYLLABLES = ['é', 'ba', 'ço', 'di', 'fè', 'ga', 'li', 'mo', 'nu', 'pa', 'ré', 'si', 'tô', 'vu', 'xa', 'zé', 'ch', 'tr', 'on', 'an'];
const VOCABULARY = Array.from({ length: 2_500 }, (_, i) => SYLLABLES[i % 20] + SYLLABLES[Math.floor(i / 20) % 20] + SYLLABLES[Math.floor(i / 400) % 20] + 'que');
const capital = (w) => w[0].toUpperCase() + w.slice(1);

/** 10,000 distinct titles of one to three words, some capitalised. */
function titles() {
  const out = new Set();
  for (const w of VOCABULARY.slice(0, 2_000)) out.add(rand() < 0.3 ? capital(w) : w);
  while (out.size < CONCEPTS) out.add(Array.from({ length: 2 + Math.floor(rand() * 2) }, () => pick(VOCABULARY)).join(' '));
  return [...out];
}

/** A 20,000-word text: sentences of the vocabulary with elisions ("l'…") and punctuation. */
function frenchText() {
  const words = [];
  for (let i = 0; i < TEXT_WORDS; i++) {
    const w = pick(VOCABULARY);
    const shaped = i % 12 === 0 ? capital(w) : rand() < 0.1 ? `l'${w}` : rand() < 0.05 ? `d’${w}` : w;
    words.push(i % 15 === 14 ? `${shaped}.` : i % 7 === 6 ? `${shaped},` : shaped);
  }
  return words.join(' ');
}

async function seed(ctx) {
  const me = await account(ctx.url, 'import_bench');
  const { id } = await call(ctx.url, 'GET', '/api/users/me', { token: me.token });
  const now = Date.now();
  me.baseId = await freshIdBase(ctx.persistTo, ctx.url); // explicit ids above those the other benches left
  const rows = titles().map((title, i) => [me.baseId + i, id, title, title.toLowerCase(), `Contenu de ${title}`, now, now]);
  execute(ctx.persistTo, inserts('concepts', ['id', 'user_id', 'title', 'title_key', 'content_text', 'created_at', 'updated_at'], rows));
  await settle(ctx.url);
  return me;
}

export default async function importBench(ctx) {
  const { url, measure } = ctx;
  const me = await seed(ctx);
  const text = frenchText();
  const extractConcepts = (content) => call(url, 'POST', '/api/import/extract-concepts', { token: me.token, json: { content, format: 'text' } });
  const first = await extractConcepts(text);
  console.log(`  ${TEXT_WORDS} words (${(Buffer.byteLength(text) / 1024).toFixed(0)} KB) against ${CONCEPTS} concepts: ${first.found_concepts.length} found, ${first.suggested_concepts.length} suggested`);
  await floor(ctx); // the dev server's own cost, measured under the same load

  // Cold: a concept is renamed before each call, so the titles are read and indexed again.
  const cold = [];
  for (let i = 0; i < 20; i++) {
    await call(url, 'PUT', `/api/concepts/${me.baseId + i}`, { token: me.token, json: { title: `${VOCABULARY[i]} renommé ${i}` } });
    const start = performance.now();
    await extractConcepts(text);
    cold.push(performance.now() - start);
  }
  cold.sort((a, b) => a - b);
  const at = (p) => cold[Math.min(cold.length - 1, Math.ceil(p * cold.length) - 1)].toFixed(2).padStart(8);
  console.log(`  ${'extract-concepts, titles changed before each call'.padEnd(48)} p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   (n=${cold.length})`);

  await measure(`POST /api/import/extract-concepts (${TEXT_WORDS} words, ${CONCEPTS} concepts)`, () => extractConcepts(text), { iterations: 40, warmup: 3, budget: { p95: 150 } });
  await measure('  same, one sentence (titles unchanged)', () => extractConcepts(`L'${VOCABULARY[3]} et la suite.`), { iterations: 40, warmup: 3 });

  const pages = await startPageServer();
  try {
    const pageUrl = `${pages.origin}${BIG_ARTICLE_PATH}`;
    const page = await call(url, 'POST', '/api/import/extract-content', { token: me.token, json: { url: pageUrl } });
    console.log(`  1 MB page → article document of ${(Buffer.byteLength(JSON.stringify(page.content)) / 1024).toFixed(0)} KB`);
    await measure('POST /api/import/extract-content (1 MB page)', () => call(url, 'POST', '/api/import/extract-content', { token: me.token, json: { url: pageUrl } }), { iterations: 15, warmup: 2 });
    let n = 0;
    await measure('import 1 MB article → created concept (read + create)', async () => {
      const article = await call(url, 'POST', '/api/import/extract-content', { token: me.token, json: { url: pageUrl } });
      await call(url, 'POST', '/api/import/concepts', { token: me.token, json: { title: `Article ${n++}`, content: article.content, format: 'doc', source: 'WEB', source_url: article.url } });
    }, { iterations: 15, warmup: 2, budget: { p95: 1_000 } });
    await measure(`  same with analysis against ${CONCEPTS} concepts (read + analyse + create)`, async () => {
      const article = await call(url, 'POST', '/api/import/extract-content', { token: me.token, json: { url: pageUrl } });
      const found = await call(url, 'POST', '/api/import/extract-concepts', { token: me.token, json: { content: article.content, format: 'doc' } });
      await call(url, 'POST', '/api/import/concepts', {
        token: me.token,
        json: { title: `Article ${n++}`, content: article.content, format: 'doc', source: 'WEB', source_url: article.url, related_concept_ids: found.found_concepts.map((c) => c.id) },
      });
    }, { iterations: 15, warmup: 2 });
  } finally {
    await pages.close();
  }
}
