import { describe, expect, it } from 'vitest';
import { call, env, signUp, type TestUser } from './helpers';

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

async function create(user: TestUser, json: Record<string, unknown>) {
  const res = await call('POST', '/api/concepts', { token: user.token, json });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('creating and reading a concept', () => {
  it('creates a concept with every field and reads it back', async () => {
    const ada = await signUp('kb');
    const parent = await create(ada, { title: 'Chimie' });
    const k = (await call('POST', '/api/constellations', { token: ada.token, json: { name: 'Sciences' } })).body;
    const res = await call('POST', '/api/concepts', {
      token: ada.token,
      json: {
        title: '  Atome  ',
        content: doc('Le plus petit morceau.', 'Voir aussi la matière.'),
        notes: 'à revoir',
        tag_names: ['Physique', ' physique ', '', 'Base'],
        parent_ids: [parent.id],
        constellation_ids: [k.id],
        category: 'science',
        source_url: 'https://example.com/atome',
      },
    });
    expect(res.status).toBe(201);
    const c = res.body;
    expect(c).toMatchObject({
      title: 'Atome',
      content_text: 'Le plus petit morceau.\nVoir aussi la matière.',
      notes: 'à revoir',
      source: 'MANUAL',
      source_url: 'https://example.com/atome',
      category: 'science',
      mastery_level: null,
      next_review_at: null,
      parents: [{ id: parent.id, title: 'Chimie' }],
      children: [],
      backlinks: [],
      linked_concept_ids: [],
      constellations: [{ id: k.id, name: 'Sciences', color: '#4e337c', icon: null }],
    });
    expect(c.content).toEqual(doc('Le plus petit morceau.', 'Voir aussi la matière.'));
    expect(c.tags.map((t: any) => t.name)).toEqual(['Base', 'Physique']);
    expect(new Date(c.created_at).toISOString()).toBe(c.created_at);

    const read = await call('GET', `/api/concepts/${c.id}`, { token: ada.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(c);
    const parentNow = await call('GET', `/api/concepts/${parent.id}`, { token: ada.token });
    expect(parentNow.body.children).toEqual([{ id: c.id, title: 'Atome' }]);
  });

  it('accepts content as a JSON string or as plain text, and keeps no content as null', async () => {
    const ada = await signUp('kb');
    const fromJson = await create(ada, { title: 'A', content: JSON.stringify(doc('un')) });
    expect(fromJson.content).toEqual(doc('un'));
    const fromText = await create(ada, { title: 'B', content: 'ligne 1\nligne 2' });
    expect(fromText.content_text).toBe('ligne 1\nligne 2');
    expect(fromText.content.content).toHaveLength(2);
    const empty = await create(ada, { title: 'C', content: null });
    expect(empty.content).toBeNull();
    expect(empty.content_text).toBe('');
    const notesDoc = await create(ada, { title: 'D', notes: doc('note') });
    expect(notesDoc.notes).toEqual(doc('note'));
    // A malformed tree inside a document is read for what it holds, never a 500.
    const broken = await create(ada, { title: 'E', content: { type: 'doc', content: [null, { type: 'paragraph', content: [null, { type: 'text', text: 'reste' }] }] } });
    expect(broken.content_text).toBe('reste');
    expect(broken.content).toEqual(doc('reste'));
  });

  it('refuses a blank title, a bad source and wrong types with 422 and writes nothing', async () => {
    const ada = await signUp('kb');
    const invalid = [
      { title: '   ' },
      {},
      { title: 'x', source: 'OTHER' },
      { title: 'x', tag_names: 'a,b' },
      { title: 'x', parent_ids: ['1'] },
      { title: 'x', content: { not: 'a document' } },
      { title: 'x', notes: [1, 2] },
      { title: 'x'.repeat(501) },
    ];
    for (const json of invalid) {
      const res = await call('POST', '/api/concepts', { token: ada.token, json });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('validation_error');
    }
    const blank = await call('POST', '/api/concepts', { token: ada.token, json: { title: ' ' } });
    expect(blank.body.detail[0]).toMatchObject({ loc: ['body', 'title'], msg: 'Le titre est obligatoire.' });
    const list = await call('GET', '/api/concepts', { token: ada.token });
    expect(list.body.total_items).toBe(0);
  });

  it('updates: replaces what is given, keeps what is omitted, bumps the content version', async () => {
    const ada = await signUp('kb');
    const c = await create(ada, { title: 'Gène', content: 'ADN', tag_names: ['bio'], notes: 'n', category: 'cat' });
    const before = await env.DB.prepare('SELECT content_version FROM concepts WHERE id = ?').bind(c.id).first<{ content_version: number }>();
    const res = await call('PUT', `/api/concepts/${c.id}`, { token: ada.token, json: { title: 'Gène (bio)', content: 'ARN', tag_names: ['génétique'], content_version: c.content_version } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Gène (bio)', content_text: 'ARN', notes: 'n', category: 'cat' });
    expect(res.body.tags.map((t: any) => t.name)).toEqual(['génétique']);
    const after = await env.DB.prepare('SELECT content_version FROM concepts WHERE id = ?').bind(c.id).first<{ content_version: number }>();
    expect(after!.content_version).toBe(before!.content_version + 1);
    const titleOnly = await call('PUT', `/api/concepts/${c.id}`, { token: ada.token, json: { title: 'Gène' } });
    expect(titleOnly.body).toMatchObject({ title: 'Gène', content_text: 'ARN' });
    expect(titleOnly.body.tags).toHaveLength(1);
  });
});

describe('another person’s concepts', () => {
  it('answers 404 on every id route and leaves the concept untouched', async () => {
    const ada = await signUp('kb');
    const bob = await signUp('kb');
    const c = await create(ada, { title: 'Secret', content: 'privé' });
    for (const path of [`/api/concepts/${c.id}`, `/api/concepts/${c.id}/preview`, `/api/concepts/${c.id}/children`, `/api/concepts/${c.id}/ancestry`, `/api/notes/concepts/${c.id}/mentions`]) {
      const res = await call('GET', path, { token: bob.token });
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await call('PUT', `/api/concepts/${c.id}`, { token: bob.token, json: { title: 'Volé' } })).status).toBe(404);
    expect((await call('DELETE', `/api/concepts/${c.id}`, { token: bob.token })).status).toBe(404);
    const still = await call('GET', `/api/concepts/${c.id}`, { token: ada.token });
    expect(still.body.title).toBe('Secret');
    expect((await call('GET', '/api/concepts/999999999', { token: ada.token })).status).toBe(404);
  });

  it('refuses to relate, or group in a constellation, another person’s concepts (422)', async () => {
    const ada = await signUp('kb');
    const bob = await signUp('kb');
    const bobs = await create(bob, { title: 'De Bob' });
    const bobK = (await call('POST', '/api/constellations', { token: bob.token, json: { name: 'K' } })).body;
    for (const json of [{ title: 'x', parent_ids: [bobs.id] }, { title: 'x', child_ids: [bobs.id] }, { title: 'x', constellation_ids: [bobK.id] }, { title: 'x', parent_ids: [999999999] }]) {
      const res = await call('POST', '/api/concepts', { token: ada.token, json });
      expect(res.status).toBe(422);
      expect(['unknown_concept', 'unknown_constellation']).toContain(res.body.code);
    }
    expect((await call('GET', '/api/concepts', { token: ada.token })).body.total_items).toBe(0);
  });

  it('never lists or counts another person’s concepts', async () => {
    const ada = await signUp('kb');
    const bob = await signUp('kb');
    await create(bob, { title: 'Partagé', tag_names: ['commun'] });
    await create(ada, { title: 'Partagé', tag_names: ['commun'] });
    const list = await call('GET', '/api/concepts?tag_name=commun', { token: ada.token });
    expect(list.body.total_items).toBe(1);
    expect((await call('GET', '/api/concepts/minimal', { token: ada.token })).body).toHaveLength(1);
    expect((await call('GET', '/api/tags', { token: ada.token })).body).toEqual([expect.objectContaining({ name: 'commun', count: 1 })]);
  });
});

describe('deleting a concept', () => {
  it('removes it with its flashcards, reviews, links, tags, memberships and relations in one go', async () => {
    const ada = await signUp('kb');
    const other = await create(ada, { title: 'Autre' });
    const k = (await call('POST', '/api/constellations', { token: ada.token, json: { name: 'K' } })).body;
    const c = await create(ada, { title: 'Condamné', content: '[[Autre]]', tag_names: ['t'], parent_ids: [other.id], constellation_ids: [k.id] });
    await create(ada, { title: 'Pointeur', content: 'vers [[Condamné]]', child_ids: [c.id] });
    const now = Date.now();
    const card = await env.DB.prepare('INSERT INTO flashcards (user_id, concept_id, question, answer, due, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
      .bind(ada.id, c.id, 'Q', 'R', now, now, now)
      .first<{ id: number }>();
    await env.DB.prepare(
      `INSERT INTO review_logs (user_id, flashcard_id, rating, state, due, stability, difficulty, elapsed_days, last_elapsed_days, scheduled_days, learning_steps, reviewed_at, card_before)
       VALUES (?, ?, 3, 0, ?, 1, 5, 0, 0, 1, 0, ?, '{}')`,
    )
      .bind(ada.id, card!.id, now, now)
      .run();

    const res = await call('DELETE', `/api/concepts/${c.id}`, { token: ada.token });
    expect(res.status).toBe(204);
    expect((await call('GET', `/api/concepts/${c.id}`, { token: ada.token })).status).toBe(404);
    const leftovers = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM flashcards WHERE concept_id = ?1) + (SELECT COUNT(*) FROM review_logs WHERE flashcard_id = ?2)
        + (SELECT COUNT(*) FROM concept_links WHERE concept_id = ?1 OR target_concept_id = ?1) + (SELECT COUNT(*) FROM concept_tags WHERE concept_id = ?1)
        + (SELECT COUNT(*) FROM constellation_concepts WHERE concept_id = ?1) + (SELECT COUNT(*) FROM concept_relations WHERE parent_id = ?1 OR child_id = ?1)
        + (SELECT COUNT(*) FROM concepts_fts WHERE concepts_fts MATCH 'Condamné' AND rowid = ?1) AS n`,
    )
      .bind(c.id, card!.id)
      .first<{ n: number }>();
    expect(leftovers!.n).toBe(0);
    expect((await call('GET', `/api/concepts/${other.id}`, { token: ada.token })).body.children).toEqual([]);
    expect((await call('GET', `/api/constellations/${k.id}`, { token: ada.token })).body.conceptCount).toBe(0);
    expect((await call('GET', '/api/tags', { token: ada.token })).body).toEqual([]);
  });

  it('runs with foreign keys enforced, so cascades back the explicit deletes', async () => {
    const fk = await env.DB.prepare('PRAGMA foreign_keys').first<{ foreign_keys: number }>();
    expect(fk!.foreign_keys).toBe(1);
    const ada = await signUp('kb');
    const orphan = env.DB.prepare('INSERT INTO concept_tags (concept_id, tag_id) VALUES (?, ?)').bind(987654321, 987654321).run();
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
    expect(ada.id).toBeGreaterThan(0);
  });
});

describe('listing concepts', () => {
  it('pages with totals, sorts on every field, and keeps concepts without mastery last', async () => {
    const ada = await signUp('kb');
    const made = [];
    for (const title of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo']) made.push(await create(ada, { title }));
    const mastery = [0.9, 0.1, null, 0.5, null];
    for (const [i, c] of made.entries()) await env.DB.prepare('UPDATE concepts SET mastery_level = ? WHERE id = ?').bind(mastery[i], c.id).run();

    const page1 = await call('GET', '/api/concepts?limit=2&sort_by=title&sort_order=asc', { token: ada.token });
    expect(page1.body.total_items).toBe(5);
    expect(page1.body.concepts.map((c: any) => c.title)).toEqual(['Alpha', 'Bravo']);
    const page3 = await call('GET', '/api/concepts?limit=2&skip=4&sort_by=title&sort_order=asc', { token: ada.token });
    expect(page3.body.concepts.map((c: any) => c.title)).toEqual(['echo']);
    expect(page3.body.total_items).toBe(5);

    const byDefault = await call('GET', '/api/concepts', { token: ada.token });
    expect(byDefault.body.concepts.map((c: any) => c.title)).toEqual(['echo', 'Bravo', 'charlie', 'Alpha', 'delta']);
    const asc = await call('GET', '/api/concepts?sort_by=mastery_level&sort_order=asc', { token: ada.token });
    expect(asc.body.concepts.map((c: any) => c.mastery_level)).toEqual([0.1, 0.5, 0.9, null, null]);
    const desc = await call('GET', '/api/concepts?sort_by=mastery_level&sort_order=desc', { token: ada.token });
    expect(desc.body.concepts.map((c: any) => c.mastery_level)).toEqual([0.9, 0.5, 0.1, null, null]);
    const created = await call('GET', '/api/concepts?sort_by=created_at&sort_order=asc', { token: ada.token });
    expect(created.body.concepts[0].title).toBe('delta');
    expect(Object.keys(created.body.concepts[0]).sort()).toEqual(['constellations', 'content_text', 'created_at', 'id', 'mastery_level', 'tags', 'title', 'updated_at']);
  });

  it('refuses an unknown sort, a limit over 100 and a negative skip', async () => {
    const ada = await signUp('kb');
    for (const q of ['sort_by=content', 'sort_order=up', 'limit=101', 'limit=0', 'skip=-1', 'constellation_id=abc']) {
      expect((await call('GET', `/api/concepts?${q}`, { token: ada.token })).status, q).toBe(422);
    }
  });

  it('filters by title, content, tag (any case) and constellation', async () => {
    const ada = await signUp('kb');
    const k = (await call('POST', '/api/constellations', { token: ada.token, json: { name: 'K' } })).body;
    await create(ada, { title: 'Photosynthèse', content: 'La chlorophylle capte la lumière.', tag_names: ['Biologie'], constellation_ids: [k.id] });
    await create(ada, { title: 'Photon', content: 'Particule de lumière sans masse.', tag_names: ['physique'] });
    await create(ada, { title: 'Mitochondrie', content: 'Centrale énergétique de la cellule.', tag_names: ['BIOLOGIE'] });
    const titles = async (q: string) => (await call('GET', `/api/concepts?sort_by=title&sort_order=asc&${q}`, { token: ada.token })).body.concepts.map((c: any) => c.title);

    expect(await titles('search=PHOTO')).toEqual(['Photon', 'Photosynthèse']);
    expect(await titles('content_search=lumiere')).toEqual(['Photon', 'Photosynthèse']); // accents folded by FTS
    expect(await titles('content_search=chloro')).toEqual(['Photosynthèse']); // prefix
    expect(await titles('content_search=' + encodeURIComponent('masse lumière'))).toEqual(['Photon']);
    expect(await titles('tag_name=biologie')).toEqual(['Mitochondrie', 'Photosynthèse']);
    expect(await titles(`constellation_id=${k.id}`)).toEqual(['Photosynthèse']);
    expect(await titles(`tag_name=biologie&search=mito`)).toEqual(['Mitochondrie']);
    // Odd input never reaches FTS syntax and never fails.
    for (const odd of ['"', 'AND OR NOT', '*', '(', 'NEAR(', '-', ':']) {
      const res = await call('GET', `/api/concepts?content_search=${encodeURIComponent(odd)}`, { token: ada.token });
      expect(res.status, odd).toBe(200);
    }
    expect(await titles('content_search=' + encodeURIComponent('.'))).toEqual(['Mitochondrie', 'Photon', 'Photosynthèse']);
  });

  it('serves minimal, title search (exact, then prefix, then contains), recent and suggested', async () => {
    const ada = await signUp('kb');
    const k = (await call('POST', '/api/constellations', { token: ada.token, json: { name: 'K' } })).body;
    const a = await create(ada, { title: 'Sous-atome' });
    const b = await create(ada, { title: 'Atomes' });
    const c = await create(ada, { title: 'atome', constellation_ids: [k.id] });
    await create(ada, { title: 'Molécule' });
    expect((await call('GET', '/api/concepts/minimal', { token: ada.token })).body).toEqual([
      { id: c.id, title: 'atome' },
      { id: b.id, title: 'Atomes' },
      { id: expect.any(Number), title: 'Molécule' },
      { id: a.id, title: 'Sous-atome' },
    ]);
    const search = await call('GET', '/api/concepts/search?q=ATOME', { token: ada.token });
    expect(search.body.map((r: any) => r.title)).toEqual(['atome', 'Atomes', 'Sous-atome']);
    expect((await call('GET', '/api/concepts/search?q=atome&limit=1', { token: ada.token })).body).toEqual([{ id: c.id, title: 'atome' }]);
    expect((await call('GET', '/api/concepts/search?q=', { token: ada.token })).body).toEqual([]);
    expect((await call('GET', '/api/concepts/search?q=a&limit=101', { token: ada.token })).status).toBe(422);

    const recent = await call('GET', '/api/concepts/recent?limit=2', { token: ada.token });
    expect(recent.body.map((r: any) => r.title)).toEqual(['Molécule', 'atome']);
    expect(recent.body[0].tags).toEqual([]);
    const suggested = await call('GET', `/api/concepts/suggested?limit=10&exclude_constellation_id=${k.id}`, { token: ada.token });
    expect(suggested.body.map((r: any) => r.title)).toEqual(['Molécule', 'Atomes', 'Sous-atome']);
  });
});

describe('wiki links and previews', () => {
  it('turns [[Title]] into links that show as backlinks, matched in any case', async () => {
    const ada = await signUp('kb');
    const atom = await create(ada, { title: 'Atome' });
    const molecule = await create(ada, { title: 'Molécule', content: doc('Faite de [[atome]]s et de [[Inconnu]].') });
    expect(molecule.linked_concept_ids).toEqual([atom.id]);
    // Stored as typing [[…]] in the editor stores it: a link to Atome, a placeholder for Inconnu.
    expect(molecule.content.content[0].content).toEqual([
      { type: 'text', text: 'Faite de ' },
      { type: 'text', text: 'atome', marks: [{ type: 'conceptLink', attrs: { href: `/concepts/${atom.id}`, title: 'Atome' } }] },
      { type: 'text', text: 's et de ' },
      { type: 'text', text: 'Inconnu', marks: [{ type: 'pendingConceptLink', attrs: { name: 'Inconnu' } }] },
      { type: 'text', text: '.' },
    ]);
    expect((await call('GET', `/api/concepts/${atom.id}`, { token: ada.token })).body.backlinks).toEqual([{ id: molecule.id, title: 'Molécule' }]);

    // A concept created after the text that names it is linked too.
    const unknown = await create(ada, { title: 'Inconnu' });
    expect(unknown.backlinks).toEqual([{ id: molecule.id, title: 'Molécule' }]);

    // Rewriting the content rewrites the links.
    await call('PUT', `/api/concepts/${molecule.id}`, { token: ada.token, json: { title: 'Molécule', content: 'plus de liens', content_version: molecule.content_version } });
    expect((await call('GET', `/api/concepts/${atom.id}`, { token: ada.token })).body.backlinks).toEqual([]);
  });

  it('follows concept-link marks written by the editor, but only to the person’s own concepts', async () => {
    const ada = await signUp('kb');
    const bob = await signUp('kb');
    const bobs = await create(bob, { title: 'Chez Bob' });
    const atom = await create(ada, { title: 'Atome' });
    const content = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'voir ' },
            { type: 'text', text: 'Atome', marks: [{ type: 'conceptLink', attrs: { href: `/concepts/${atom.id}`, title: 'Atome' } }] },
            { type: 'text', text: 'Bob', marks: [{ type: 'conceptLink', attrs: { href: `/concepts/${bobs.id}`, title: 'Bob' } }] },
          ],
        },
      ],
    };
    const c = await create(ada, { title: 'Lien', content });
    expect(c.linked_concept_ids).toEqual([atom.id]);
    expect((await call('GET', `/api/concepts/${bobs.id}`, { token: bob.token })).body.backlinks).toEqual([]);
  });

  it('gives a preview excerpt cut at 150 characters, or the no-preview text', async () => {
    const ada = await signUp('kb');
    const long = await create(ada, { title: 'Long', content: 'x'.repeat(300) });
    const empty = await create(ada, { title: 'Vide' });
    expect((await call('GET', `/api/concepts/${long.id}/preview`, { token: ada.token })).body).toEqual({ id: long.id, title: 'Long', excerpt: `${'x'.repeat(150)}...` });
    expect((await call('GET', `/api/concepts/${empty.id}/preview`, { token: ada.token })).body.excerpt).toBe('Aucun aperçu disponible.');
  });
});

describe('daily-note mentions of a concept', () => {
  it('lists the blocks that mention it, newest note first, text stripped of tags and scripts and cut at 200', async () => {
    const ada = await signUp('kb');
    const c = await create(ada, { title: 'Atome' });
    const now = Date.now();
    const note = async (date: string) =>
      (await env.DB.prepare('INSERT INTO daily_notes (user_id, date, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id').bind(ada.id, date, now, now).first<{ id: number }>())!.id;
    const block = async (noteId: number, text: string, order: number) => {
      const b = await env.DB.prepare('INSERT INTO note_blocks (user_id, note_id, text, order_idx, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id')
        .bind(ada.id, noteId, text, order, now, now)
        .first<{ id: number }>();
      await env.DB.prepare('INSERT INTO block_mentions (user_id, block_id, concept_id) VALUES (?, ?, ?)').bind(ada.id, b!.id, c.id).run();
      return b!.id;
    };
    const older = await block(await note('2026-01-02'), '<p>Vu [[Atome]] <script>alert(1)</script>en cours</p>', 0);
    const newer = await block(await note('2026-03-04'), `<p>${'é'.repeat(250)}</p>`, 0);
    expect((await call('GET', `/api/notes/concepts/${c.id}/mentions`, { token: ada.token })).body).toEqual([
      { note_date: '2026-03-04', block_id: newer, block_text: 'é'.repeat(200) },
      { note_date: '2026-01-02', block_id: older, block_text: 'Vu [[Atome]] en cours' },
    ]);
    const quiet = await create(ada, { title: 'Silence' });
    expect((await call('GET', `/api/notes/concepts/${quiet.id}/mentions`, { token: ada.token })).body).toEqual([]);
  });
});
