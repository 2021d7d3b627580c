/**
 * GET /api/search (spec document 3 §2.2, §3, §7) and the quick switcher: what a
 * person finds, in which order, how it is shown, and that nobody else's text ever shows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, env, signUp, type TestUser } from './helpers';

const doc = (text: string) => ({ type: 'doc', content: text.split('\n').map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] })) });

async function concept(user: TestUser, title: string, text = '') {
  const res = await call('POST', '/api/concepts', { token: user.token, json: { title, content: doc(text) } });
  expect(res.status).toBe(201);
  return res.body as { id: number; title: string; content_version: number };
}

async function flashcard(user: TestUser, conceptId: number, question: string, answer: string) {
  const res = await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: user.token, json: { question, answer } });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

/** Daily-note blocks are written straight into their tables. */
async function noteBlock(user: TestUser, date: string, plainText: string, title: string | null = null) {
  const now = Date.now();
  const note = await env.DB.prepare(
    `INSERT INTO daily_notes (user_id, date, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, date) DO UPDATE SET updated_at = excluded.updated_at RETURNING id`,
  )
    .bind(user.id, date, title, now, now)
    .first<{ id: number }>();
  const block = await env.DB.prepare('INSERT INTO note_blocks (user_id, note_id, text, plain_text, order_idx, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id')
    .bind(user.id, note!.id, `<p>${plainText}</p>`, plainText, now, now)
    .first<{ id: number }>();
  return { noteId: note!.id, blockId: block!.id };
}

/** Another person, whose matching rows must never show. */
let stranger: TestUser;
beforeAll(async () => {
  stranger = await signUp('stranger');
});

const search = (user: TestUser, params: Record<string, string | number>) =>
  call('GET', `/api/search?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`, { token: user.token });

describe('GET /api/search', () => {
  let ada: TestUser;
  let eve: TestUser;
  let energie: { id: number };
  let cinetique: { id: number };
  let note: { noteId: number; blockId: number };

  beforeAll(async () => {
    ada = await signUp('ada');
    eve = await signUp('eve');
    energie = await concept(ada, 'Énergie', 'La capacité d’un système à produire un travail.');
    cinetique = await concept(ada, 'Mouvement', 'Une énergie cinétique se mesure en joules; l’énergie potentielle aussi.');
    await concept(ada, 'Élève', 'Celui qui apprend.');
    await flashcard(ada, energie.id, 'Unité de l’énergie ?', 'Le joule, noté J.');
    note = await noteBlock(ada, '2026-11-20', 'Relu le chapitre sur l’énergie cinétique', 'Révisions');
    await call('POST', '/api/constellations', { token: ada.token, json: { name: 'Énergies renouvelables', description: 'Soleil et vent' } });
    // Eve's text matches every query below: none of it may ever show for Ada.
    const hers = await concept(eve, 'Énergie d’Eve', 'énergie cinétique énergie joule élève secret-eve');
    await flashcard(eve, hers.id, 'énergie cinétique ?', 'joule énergie');
    await noteBlock(eve, '2026-11-20', 'énergie cinétique joule élève');
    await call('POST', '/api/constellations', { token: eve.token, json: { name: 'Énergie d’Eve' } });
  });

  it('finds every kind of result, accent- and case-insensitively, with the spec’s shape and totals', async () => {
    const res = await search(ada, { q: 'ENERGIE' });
    expect(res.status).toBe(200);
    expect(res.body.search_term).toBe('ENERGIE');
    expect(res.body.results.concepts.map((c: { id: number }) => c.id).sort()).toEqual([energie.id, cinetique.id].sort());
    expect(res.body.total_concepts).toBe(2);
    expect(res.body.total_flashcards).toBe(1);
    expect(res.body.results.flashcards[0]).toMatchObject({ concept_id: energie.id, question: 'Unité de l’énergie ?', concept_title: 'Énergie' });
    expect(res.body.total_notes).toBe(1);
    expect(res.body.results.notes[0]).toMatchObject({ id: note.noteId, date: '2026-11-20', title: 'Révisions', block_id: note.blockId });
    expect(res.body.total_constellations).toBe(1);
    expect(res.body.results.constellations[0].name).toBe('Énergies renouvelables');
    // A query typed without accents finds accented text, and the other way round.
    expect((await search(ada, { q: 'eleve' })).body.results.concepts.map((c: { title: string }) => c.title)).toEqual(['Élève']);
    expect((await search(ada, { q: 'Élève' })).body.total_concepts).toBe(1);
  });

  it('ranks a title match above a body match', async () => {
    const res = await search(ada, { q: 'énergie', type: 'concepts' });
    expect(res.body.results.concepts.map((c: { id: number }) => c.id)).toEqual([energie.id, cinetique.id]);
  });

  it('needs every word, matches the last as a prefix and quoted words as a phrase', async () => {
    expect((await search(ada, { q: 'énergie cinét', type: 'concepts' })).body.results.concepts.map((c: { id: number }) => c.id)).toEqual([cinetique.id]);
    expect((await search(ada, { q: 'énergie pomme', type: 'concepts' })).body.total_concepts).toBe(0);
    expect((await search(ada, { q: '"cinétique énergie"', type: 'concepts' })).body.total_concepts).toBe(0);
    expect((await search(ada, { q: '"énergie cinétique"', type: 'concepts' })).body.total_concepts).toBe(1);
  });

  it('wraps matched words in <mark> and escapes everything else', async () => {
    const html = await concept(ada, 'Balises', 'Écrire <script>alert("x")</script> & <b>gras</b> avant la balisefinale');
    const res = await search(ada, { q: 'balisefinale', type: 'concepts' });
    const hit = res.body.results.concepts.find((c: { id: number }) => c.id === html.id);
    expect(hit.snippet).toContain('<mark>balisefinale</mark>');
    expect(hit.snippet).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;gras&lt;/b&gt;');
    expect(hit.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    // The title shows its matched words too, escaped the same way.
    const titled = await concept(ada, 'Balise <i>titre</i>', 'corps');
    const byTitle = (await search(ada, { q: 'titre', type: 'concepts' })).body.results.concepts.find((c: { id: number }) => c.id === titled.id);
    expect(byTitle.title).toBe('Balise <i>titre</i>');
    expect(byTitle.title_snippet).toBe('Balise &lt;i&gt;<mark>titre</mark>&lt;/i&gt;');
    const card = (await search(ada, { q: 'joule', type: 'flashcards' })).body.results.flashcards[0];
    expect(card.answer_snippet).toBe('Le <mark>joule</mark>, noté J.');
  });

  it('pages one kind at a time with its total, the other kinds untouched', async () => {
    const pager = await signUp('pager');
    for (let i = 0; i < 7; i++) await concept(pager, `Orbite ${i}`, 'orbite '.repeat(i + 1));
    const first = await search(pager, { q: 'orbite', type: 'concepts', skip: 0, limit: 3 });
    const second = await search(pager, { q: 'orbite', type: 'concepts', skip: 3, limit: 3 });
    const last = await search(pager, { q: 'orbite', type: 'concepts', skip: 6, limit: 3 });
    const ids = [first, second, last].flatMap((r) => r.body.results.concepts.map((c: { id: number }) => c.id));
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
    expect(first.body.total_concepts).toBe(7);
    expect(second.body).toMatchObject({ total_flashcards: null, total_notes: null, total_constellations: null });
    expect(second.body.results.flashcards).toEqual([]);
    // Past the last page: no rows, the total still right.
    const beyond = await search(pager, { q: 'orbite', type: 'concepts', skip: 9, limit: 3 });
    expect(beyond.body.results.concepts).toEqual([]);
    expect(beyond.body.total_concepts).toBe(7);
    // Every tab's total on Tout is the count of its own matches, whatever the page size.
    const tout = await search(pager, { q: 'orbite', limit: 2 });
    expect(tout.body.results.concepts).toHaveLength(2);
    expect([tout.body.total_concepts, tout.body.total_flashcards, tout.body.total_notes, tout.body.total_constellations]).toEqual([7, 0, 0, 0]);
  });

  it('never shows another person’s text, in any list or total', async () => {
    for (const q of ['énergie', 'cinétique', 'joule', 'élève', 'secret eve', 'Eve']) {
      const res = await search(ada, { q, limit: 50 });
      const text = JSON.stringify(res.body.results);
      expect(text).not.toMatch(/Eve|secret/);
      const mine = (await search(eve, { q, limit: 50 })).body;
      expect(mine.total_concepts + mine.total_flashcards + mine.total_notes + mine.total_constellations).toBeGreaterThan(0);
    }
    const secret = await search(ada, { q: 'secret-eve' });
    expect([secret.body.total_concepts, secret.body.total_flashcards, secret.body.total_notes, secret.body.total_constellations]).toEqual([0, 0, 0, 0]);
  });

  it('matches text only: a number that is a person’s id finds nothing it does not say (the indexes hold each row’s owner)', async () => {
    for (const user of [ada, eve]) {
      const res = await search(user, { q: String(user.id) });
      expect([res.body.total_concepts, res.body.total_flashcards, res.body.total_notes, res.body.total_constellations], `${user.id}`).toEqual([0, 0, 0, 0]);
    }
    const other = await search(ada, { q: String(eve.id) });
    expect(other.body.total_concepts).toBe(0);
    // Written in a text, the same number is found.
    await concept(ada, `Note ${eve.id}`, 'un nombre');
    expect((await search(ada, { q: String(eve.id) })).body.total_concepts).toBe(1);
  });

  it('refuses a blank query with 422 and reads syntax characters as a plain search', async () => {
    for (const q of ['', '   ']) {
      const res = await search(ada, { q });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['query', 'q']);
    }
    expect((await call('GET', '/api/search', { token: ada.token })).status).toBe(422);
    for (const q of ['"', '*', '(', ')', '-', 'NEAR', 'NEAR(', '" * ( -', 'énergie"', 'AND OR NOT', '^', 'title:énergie', '{a b}']) {
      const res = await search(ada, { q });
      expect(res.status, q).toBe(200);
    }
    expect((await search(ada, { q: '-énergie' })).body.total_concepts).toBe(2);
    expect((await search(ada, { q: 'type', type: 'planets' })).status).toBe(422);
  });
});

describe('the search index follows every write', () => {
  it('follows concept edits, renames and deletions', async () => {
    const kim = await signUp('kim');
    const c = await concept(kim, 'Comète', 'Une boule de glace');
    expect((await search(kim, { q: 'glace', type: 'concepts' })).body.total_concepts).toBe(1);
    await call('PUT', `/api/concepts/${c.id}`, { token: kim.token, json: { title: 'Astéroïde', content: doc('Un bloc de roche'), content_version: c.content_version } });
    expect((await search(kim, { q: 'glace', type: 'concepts' })).body.total_concepts).toBe(0);
    expect((await search(kim, { q: 'comete', type: 'concepts' })).body.total_concepts).toBe(0);
    expect((await search(kim, { q: 'asteroide roche', type: 'concepts' })).body.results.concepts[0].id).toBe(c.id);
    const card = await flashcard(kim, c.id, 'Couleur de la roche ?', 'Grise');
    await call('PUT', `/api/flashcards/${card.id}`, { token: kim.token, json: { question: 'Couleur du bloc ?', answer: 'Anthracite' } });
    expect((await search(kim, { q: 'grise', type: 'flashcards' })).body.total_flashcards).toBe(0);
    expect((await search(kim, { q: 'anthracite', type: 'flashcards' })).body.total_flashcards).toBe(1);
    await call('DELETE', `/api/concepts/${c.id}`, { token: kim.token });
    const after = await search(kim, { q: 'roche' });
    expect([after.body.total_concepts, after.body.total_flashcards]).toEqual([0, 0]);
    expect((await search(kim, { q: 'anthracite' })).body.total_flashcards).toBe(0);
  });

  it('follows a live room’s save through /internal', async () => {
    const lea = await signUp('lea');
    const c = await concept(lea, 'Nébuleuse', 'Un nuage de gaz');
    const state = btoa(String.fromCharCode(0, 0)); // an empty Yjs update
    const res = await call('PUT', `/internal/rooms/${lea.id}/${c.id}`, {
      headers: { 'x-internal-secret': 'test-internal-secret' },
      json: { state, content: doc('Un nuage de poussière interstellaire') },
    });
    expect(res.status).toBe(204);
    expect((await search(lea, { q: 'gaz', type: 'concepts' })).body.total_concepts).toBe(0);
    expect((await search(lea, { q: 'poussiere interstel', type: 'concepts' })).body.results.concepts[0].id).toBe(c.id);
  });

  it('follows constellation renames and deletions, and note blocks edited or deleted', async () => {
    const max = await signUp('max');
    const k = (await call('POST', '/api/constellations', { token: max.token, json: { name: 'Galaxies spirales' } })).body;
    await call('PUT', `/api/constellations/${k.id}`, { token: max.token, json: { name: 'Amas globulaires' } });
    expect((await search(max, { q: 'spirales', type: 'constellations' })).body.total_constellations).toBe(0);
    expect((await search(max, { q: 'globulaires', type: 'constellations' })).body.total_constellations).toBe(1);
    await call('DELETE', `/api/constellations/${k.id}`, { token: max.token });
    expect((await search(max, { q: 'globulaires', type: 'constellations' })).body.total_constellations).toBe(0);

    const { noteId, blockId } = await noteBlock(max, '2026-11-21', 'Observé Jupiter');
    await env.DB.prepare('UPDATE note_blocks SET plain_text = ? WHERE id = ?').bind('Observé Saturne', blockId).run();
    expect((await search(max, { q: 'jupiter', type: 'notes' })).body.total_notes).toBe(0);
    expect((await search(max, { q: 'saturne', type: 'notes' })).body.results.notes[0]).toMatchObject({ id: noteId, block_id: blockId });
    await env.DB.prepare('DELETE FROM daily_notes WHERE id = ?').bind(noteId).run();
    expect((await search(max, { q: 'saturne', type: 'notes' })).body.total_notes).toBe(0);
  });
});

describe('GET /api/search/quick', () => {
  it('suggests titles by prefix or inside a word, accent-insensitively, best first', async () => {
    const zoe = await signUp('zoe');
    const e1 = await concept(zoe, 'Énergie');
    const e2 = await concept(zoe, 'Energie noire');
    await concept(zoe, 'Synergie');
    await concept(zoe, 'Atome');
    await concept(stranger, 'Énergie sombre');
    const res = await call('GET', '/api/search/quick?q=ENERG', { token: zoe.token });
    expect(res.status).toBe(200);
    expect(res.body.concepts.map((c: { id: number }) => c.id)).toEqual([e1.id, e2.id]);
    const inWord = await call('GET', `/api/search/quick?q=${encodeURIComponent('ergie')}`, { token: zoe.token });
    expect(inWord.body.concepts.map((c: { title: string }) => c.title)).toEqual(['Énergie', 'Energie noire', 'Synergie']);
    const twoWords = await call('GET', `/api/search/quick?q=${encodeURIComponent('noi ener')}`, { token: zoe.token });
    expect(twoWords.body.concepts.map((c: { title: string }) => c.title)).toEqual(['Energie noire']);
  });

  it('lists the latest notes, and those matching what is typed', async () => {
    const ian = await signUp('ian');
    await noteBlock(ian, '2026-11-01', 'a');
    await noteBlock(ian, '2026-11-15', 'b', 'Observation');
    const blank = await call('GET', '/api/search/quick', { token: ian.token });
    expect(blank.body).toEqual({ concepts: [], notes: [expect.objectContaining({ date: '2026-11-15' }), expect.objectContaining({ date: '2026-11-01' })] });
    const typed = await call('GET', '/api/search/quick?q=observ', { token: ian.token });
    expect(typed.body.notes.map((n: { date: string }) => n.date)).toEqual(['2026-11-15']);
    // Titles match accent-insensitively, dates by their digits; nobody else's notes show.
    await noteBlock(ian, '2026-10-03', 'c', 'Révisions d’été');
    await noteBlock(stranger, '2026-11-16', 'd', 'Révisions secrètes');
    const accents = await call('GET', `/api/search/quick?q=${encodeURIComponent('REVISIONS D\'ETE')}`, { token: ian.token });
    expect(accents.body.notes).toEqual([{ id: expect.any(Number), date: '2026-10-03', title: 'Révisions d’été' }]);
    const byDate = await call('GET', '/api/search/quick?q=2026-11', { token: ian.token });
    expect(byDate.body.notes.map((n: { date: string }) => n.date)).toEqual(['2026-11-15', '2026-11-01']);
  });
});

describe('GET /api/concepts/{id}/linked-titles', () => {
  it('returns the other concepts whose title occurs in the text, whole words, accents ignored, longest first', async () => {
    const ned = await signUp('ned');
    const e = await concept(ned, 'Énergie');
    const ec = await concept(ned, 'Énergie cinétique');
    await concept(ned, 'Atome');
    const cpp = await concept(ned, 'C++');
    const ohm = await concept(ned, 'Loi d’Ohm');
    const page = await concept(ned, 'Mouvement', "L'ENERGIE CINETIQUE des atomes, l’énergie seule.\nEn C++, la loi d'Ohm.");
    await concept(stranger, 'Mouvement');
    await concept(stranger, 'Atomes');
    const res = await call('GET', `/api/concepts/${page.id}/linked-titles`, { token: ned.token });
    expect(res.status).toBe(200);
    // The matcher import detection uses: 'Énergie' inside 'ENERGIE CINETIQUE' goes to the
    // longer title, 'atomes' is not 'Atome', punctuation and apostrophe forms are kept apart
    // or folded as a title writes them; each title comes with its spellings in the text.
    expect(res.body).toEqual([
      { id: ec.id, title: 'Énergie cinétique', matches: ['ENERGIE CINETIQUE'] },
      { id: ohm.id, title: 'Loi d’Ohm', matches: ["loi d'Ohm"] },
      { id: e.id, title: 'Énergie', matches: ['énergie'] },
      { id: cpp.id, title: 'C++', matches: ['C++'] },
    ]);
    const other = await signUp('oth');
    expect((await call('GET', `/api/concepts/${page.id}/linked-titles`, { token: other.token })).status).toBe(404);
  });
});


describe('one title matcher across the app', () => {
  it('filters, suggests and sorts concept titles without case or accents, apostrophes alike', async () => {
    const tom = await signUp('tom');
    await concept(tom, 'Zèbre');
    const accented = await concept(tom, 'Énergie');
    const plain = await concept(tom, 'Energie cinétique');
    await concept(tom, 'Atome');
    const apostrophe = await concept(tom, 'L’Atome de Bohr');
    await concept(stranger, 'Énergie noire');
    const titles = (body: { concepts: { title: string }[] }) => body.concepts.map((c) => c.title);

    // The concept list's title filter.
    const filtered = await call('GET', '/api/concepts?search=ENERGIE&sort_by=title&sort_order=asc', { token: tom.token });
    expect(filtered.status).toBe(200);
    expect(titles(filtered.body)).toEqual(['Énergie', 'Energie cinétique']);
    expect(titles((await call('GET', `/api/concepts?search=${encodeURIComponent("l'atome")}`, { token: tom.token })).body)).toEqual(['L’Atome de Bohr']);

    // Title sort puts 'Énergie' beside 'Energie', not after 'Z'.
    const sorted = await call('GET', '/api/concepts?sort_by=title&sort_order=asc', { token: tom.token });
    expect(titles(sorted.body)).toEqual(['Atome', 'Énergie', 'Energie cinétique', 'L’Atome de Bohr', 'Zèbre']);

    // The `[[` suggestions.
    const suggested = await call('GET', '/api/concepts/search?q=ENERGIE&limit=10', { token: tom.token });
    expect(suggested.body.map((c: { id: number }) => c.id)).toEqual([accented.id, plain.id]);
    const typographic = await call('GET', `/api/concepts/search?q=${encodeURIComponent("l'atome de")}&limit=10`, { token: tom.token });
    expect(typographic.body.map((c: { id: number }) => c.id)).toEqual([apostrophe.id]);
  });
});
