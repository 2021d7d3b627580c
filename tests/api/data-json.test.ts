/**
 * JSON backup and restore: round trip into a new account, merge idempotence,
 * atomic failure at the middle of the switch, the chunked upload, cross-user isolation,
 * and every bad file refused with a clear 4xx and nothing written.
 */
import { describe, expect, it } from 'vitest';
import { call, env, signUp, type TestUser } from './helpers';
import { at } from './study-fixtures';
import { T0, comparable, exportJson, fillAccount, importForm, importJson, linkedBlockText, linksIn, storedBlocks, storedConcepts } from './data-fixtures';
import { EXPORT_START, readExportPage, type ExportCursor } from '../../worker/src/db/queries/data';
import { SECTION_NAMES, type SectionName } from '../../worker/src/domain/data-format';

const DAY = 86_400_000;

/** Dashboard and extended statistics (streak, activity) at a fixed time, ids left out. */
async function dashboard(user: TestUser) {
  const headers = { ...at(T0 + 12 * DAY), 'x-time-zone': 'Europe/Paris' };
  const [main, extended] = await Promise.all(['dashboard', 'dashboard/extended'].map((p) => call('GET', `/api/stats/${p}`, { token: user.token, headers })));
  expect(main!.status).toBe(200);
  expect(extended!.status).toBe(200);
  return JSON.parse(JSON.stringify({ main: main!.body, extended: extended!.body }, (key, value) => (key === 'id' ? undefined : value)));
}

async function stagedRows(user: TestUser) {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM import_rows WHERE import_id IN (SELECT id FROM import_jobs WHERE user_id = ?)').bind(user.id).first<{ n: number }>();
  const jobs = await env.DB.prepare('SELECT COUNT(*) AS n FROM import_jobs WHERE user_id = ?').bind(user.id).first<{ n: number }>();
  return row!.n + jobs!.n;
}

describe('JSON export', () => {
  it('previews the counts and streams a backup holding everything with uids and no ids', async () => {
    const user = await signUp('exp');
    const { root } = await fillAccount(user);
    const preview = await call('GET', '/api/export-import/export/preview', { token: user.token });
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual({ concepts: 2, flashcards: 3, reviews: 6, study_sessions: 1, constellations: 1, notes: 1 });
    expect(preview.body.total_items).toBe(14);
    expect(preview.body.estimated_file_size_mb).toBeGreaterThan(0);

    const res = await call('GET', '/api/export-import/export/json', { token: user.token });
    expect(res.headers.get('content-disposition')).toContain('filename="pkm_export.json"');
    const backup = res.body;
    expect(backup.format_version).toBe(1);
    expect(backup.account).toEqual({ time_zone: 'Europe/Paris' });
    expect(backup.preferences).toEqual({ theme: 'dark', session_duration_limit: 45 });
    expect(backup.concepts.map((c: any) => [c.title, c.tags])).toEqual([['Data racine', ['base', 'Été']], ['Data enfant', ['base']]]);
    expect(backup.concepts[0].content.type).toBe('doc');
    expect(backup.concept_relations).toEqual([{ parent_uid: backup.concepts[0].uid, child_uid: backup.concepts[1].uid }]);
    expect(backup.concept_links.some((l: any) => l.link_type === 'wiki' && l.target_concept_uid === backup.concepts[0].uid)).toBe(true);
    expect(backup.constellation_concepts).toHaveLength(2);
    expect(backup.flashcards[0]).toMatchObject({ concept_uid: backup.concepts[0].uid, tags: ['t1'], reps: 4, state: 2 });
    expect(backup.reviews).toHaveLength(6);
    expect(backup.reviews[0]).toMatchObject({ flashcard_uid: backup.flashcards[0].uid, rating: 3, reviewed_at: T0, duration_ms: 4000 });
    expect(backup.reviews[0].card_before).toMatchObject({ state: 0, reps: 0 });
    expect(backup.reviews.find((r: any) => r.session_uid)?.session_uid).toBe(backup.study_sessions[0].uid);
    expect(backup.study_session_cards).toHaveLength(1);
    expect(backup.note_blocks[0]).toMatchObject({ note_date: '2026-03-03', text: linkedBlockText(root.id, 'Data racine') });
    expect(backup.block_mentions).toEqual([{ block_uid: backup.note_blocks[0].uid, concept_uid: backup.concepts[0].uid }]);
    expect(backup.files[0]).toMatchObject({ file_name: 'pixel.png', kind: 'image' });
    expect(JSON.stringify(backup)).not.toMatch(/"(id|user_id|concept_id)":/);
  });

  it('reads each section page by page, cut by rows or by characters, with nothing lost or repeated at a page edge, reviews at the same time included', async () => {
    const user = await signUp('pages');
    await fillAccount(user);
    await fillAccount(await signUp('pages'), 'Autre');
    // Two answers at the same instant: the review pages go by (time, id), the tie must not lose one.
    const times = await env.DB.prepare('SELECT reviewed_at, COUNT(*) AS n FROM review_logs WHERE user_id = ? GROUP BY reviewed_at HAVING n > 1').bind(user.id).all();
    expect(times.results.length).toBeGreaterThan(0);
    const readAll = async (section: SectionName, limit: number, maxChars?: number) => {
      const rows: string[] = [];
      for (let after: ExportCursor = EXPORT_START; ; ) {
        const page = await readExportPage(env.DB, user.id, section, after, limit, maxChars);
        if (maxChars !== undefined && page.rows.length > 1) expect(page.chars - page.rows.at(-1)!.length).toBeLessThan(maxChars);
        rows.push(...page.rows);
        if (!page.more) return rows;
        after = page.next;
      }
    };
    for (const section of SECTION_NAMES) {
      const whole = await readAll(section, 10_000);
      expect(await readAll(section, 1)).toEqual(whole);
      expect(await readAll(section, 2)).toEqual(whole);
      // A page of large rows is cut by its characters: at one character, a row a page.
      expect(await readAll(section, 10_000, 1)).toEqual(whole);
      expect(await readAll(section, 10_000, 400)).toEqual(whole);
    }
    const reviews = (await readAll('reviews', 10_000)).map((j) => JSON.parse(j));
    expect(reviews).toHaveLength(6);
    expect(reviews.map((r) => r.reviewed_at)).toEqual([...reviews.map((r) => r.reviewed_at)].sort((a, b) => a - b));
    expect((await readAll('flashcards', 10_000)).map((j) => JSON.parse(j).question)).toEqual(['Q0 Data', 'Q1 Data', 'Q2 Data']);
  });

  it('exports nothing of another person', async () => {
    const [alice, bob] = [await signUp('iso'), await signUp('iso')];
    await fillAccount(bob, 'Bob');
    await fillAccount(alice, 'Alice');
    const text = JSON.stringify(await exportJson(alice));
    expect(text).not.toContain('Bob');
    expect(text).toContain('Alice racine');
  });
});

describe('JSON import', () => {
  it('restores a backup into a new account: the same content, schedule, dashboard and streak', async () => {
    const alice = await signUp('rt');
    await fillAccount(alice);
    const backup = await exportJson(alice);
    const restored = await signUp('rt');
    const res = await importJson(restored, backup, false);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Data imported successfully', concepts: 2, flashcards: 3, reviews: 6, study_sessions: 1 });
    const again = await exportJson(restored);
    // Files are re-linked only under their owner's prefix: another account does not get Alice's.
    expect(again.files).toEqual([]);
    expect(comparable(again)).toEqual(comparable(backup));
    expect(await dashboard(restored)).toEqual(await dashboard(alice));
  });

  it('keeps what was set on each card by hand: suspended, buried, answer typed in review', async () => {
    const user = await signUp('cardset');
    const concept = await call('POST', '/api/concepts', { token: user.token, json: { title: 'Capitales' } });
    const add = async (json: object) => (await call('POST', `/api/concepts/${concept.body.id}/flashcards`, { token: user.token, json })).body;
    const suspended = await add({ question: 'Capitale du Pérou ?', answer: 'Lima' });
    const buried = await add({ question: 'Capitale du Chili ?', answer: 'Santiago' });
    const typed = await add({ question: 'Capitale de la Bolivie ?', answer: 'Sucre', type_answer: true });
    expect((await call('POST', `/api/flashcards/${suspended.id}/suspend`, { token: user.token })).status).toBe(200);
    expect((await call('POST', `/api/flashcards/${buried.id}/bury`, { token: user.token })).status).toBe(200);
    /** Each card's question with what was set on it, as the person's card list shows them. */
    const setOnCards = async (who: TestUser) => {
      const [{ id }] = (await call('GET', '/api/concepts?skip=0&limit=10', { token: who.token })).body.concepts;
      const cards = (await call('GET', `/api/concepts/${id}/flashcards`, { token: who.token })).body as { question: string; suspended: boolean; buried_until: string | null; type_answer: boolean }[];
      return cards.map(({ question, suspended, buried_until, type_answer }) => ({ question, suspended, buried: buried_until !== null, type_answer })).sort((a, b) => a.question.localeCompare(b.question));
    };
    expect(await setOnCards(user)).toEqual([
      { question: 'Capitale de la Bolivie ?', suspended: false, buried: false, type_answer: true },
      { question: 'Capitale du Chili ?', suspended: false, buried: true, type_answer: false },
      { question: 'Capitale du Pérou ?', suspended: true, buried: false, type_answer: false },
    ]);
    const backup = await exportJson(user);
    const fresh = await signUp('cardset');
    expect((await importJson(fresh, backup, false)).status).toBe(200);
    expect(await setOnCards(fresh)).toEqual(await setOnCards(user));
    // A backup written before these fields existed still restores, each card as set by default.
    for (const card of backup.flashcards) {
      delete card.suspended;
      delete card.buried_until;
      delete card.type_answer;
    }
    const older = await signUp('cardset');
    expect((await importJson(older, backup, false)).status).toBe(200);
    expect(((await exportJson(older)).flashcards as { suspended: number; type_answer: number }[]).map((c) => [c.suspended, c.type_answer])).toEqual([[0, 0], [0, 0], [0, 0]]);
  });

  it("keeps Cornell sheets, what each study method gave and a Composite session's steps", async () => {
    const user = await signUp('methods');
    const concept = await call('POST', '/api/concepts', { token: user.token, json: { title: 'Photosynthèse', content: 'La photosynthèse produit du glucose dans les chloroplastes.' } });
    const conceptId = concept.body.id as number;
    const rows = [
      { cue: 'Où a lieu la photosynthèse ?', notes: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Dans les chloroplastes.' }] }] } },
      { cue: 'Que reste-t-il à comprendre ?', notes: null },
    ];
    const sheet = { rows, summary: 'La lumière devient sucre.' };
    expect((await call('PUT', `/api/concepts/${conceptId}/cornell-sheet`, { token: user.token, json: { version: 0, ...sheet } })).status).toBe(200);
    const session = await call('POST', '/api/study-sessions', { token: user.token, json: { method_type: 'COMPOSITE', concept_ids: [conceptId], steps: ['BLURTING', 'FEYNMAN'] } });
    expect(session.status).toBe(201);
    const results = `/api/study-sessions/${session.body.id}/results`;
    expect((await call('PUT', `${results}/blurting`, { token: user.token, json: { concept_id: conceptId, text: 'Les chloroplastes font du glucose.', duration_ms: 60_000 } })).status).toBe(200);
    expect((await call('PUT', `${results}/feynman`, { token: user.token, json: { concept_id: conceptId, text: 'La plante fabrique son sucre avec la lumière.', gaps: ['glucose'] } })).status).toBe(200);

    const backup = await exportJson(user);
    expect(backup.study_sessions[0].steps).toEqual(['BLURTING', 'FEYNMAN']);
    expect(backup.cornell_sheets).toHaveLength(1);
    expect(backup.study_method_results.map((r: { method_type: string }) => r.method_type).sort()).toEqual(['BLURTING', 'FEYNMAN']);

    // Restored into a new account: the same sheet on the concept page, the same results and steps.
    const fresh = await signUp('methods');
    expect((await importJson(fresh, backup, false)).status).toBe(200);
    expect(comparable(await exportJson(fresh))).toEqual(comparable(backup));
    const [restored] = (await call('GET', '/api/concepts?skip=0&limit=10', { token: fresh.token })).body.concepts;
    expect((await call('GET', `/api/concepts/${restored.id}/cornell-sheet`, { token: fresh.token })).body).toMatchObject({ ...sheet, version: 1 });

    // Merged twice into the account it came from: nothing doubles, and the sheet keeps its version.
    for (let i = 0; i < 2; i++) expect((await importJson(user, backup, true)).status).toBe(200);
    expect(comparable(await exportJson(user))).toEqual(comparable(backup));
  });

  it('a replace import of one\'s own backup re-links the uploaded files', async () => {
    const user = await signUp('files');
    await fillAccount(user);
    const backup = await exportJson(user);
    expect(backup.files).toHaveLength(1);
    expect((await importJson(user, backup, false)).status).toBe(200);
    const { exported_at: _a, ...after } = await exportJson(user);
    const { exported_at: _b, ...before } = backup;
    expect(after).toEqual(before);
  });

  it('merging the same file twice changes nothing the second time', async () => {
    const user = await signUp('merge');
    await fillAccount(user);
    const backup = await exportJson(user);
    for (let i = 0; i < 2; i++) {
      const res = await importJson(user, backup, true);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Data merged successfully');
      expect(comparable(await exportJson(user))).toEqual(comparable(backup));
    }
    expect(await dashboard(user)).toEqual(await dashboard(user));
  });

  it('merge adds what is new and updates objects with the same uid, keeping the rest', async () => {
    const user = await signUp('merge');
    await fillAccount(user);
    const backup = await exportJson(user);
    const edited = structuredClone(backup);
    edited.concepts[0].title = 'Racine renommée';
    edited.concepts[0].tags = ['nouveau'];
    edited.concepts.push({ ...edited.concepts[1], uid: 'brand-new-concept', title: 'Tout neuf', tags: [] });
    edited.flashcards = [edited.flashcards[2]];
    edited.reviews = [];
    const res = await importJson(user, edited, true);
    expect(res.status).toBe(200);
    const after = await exportJson(user);
    expect(after.concepts.map((c: any) => [c.title, c.tags])).toEqual([['Racine renommée', ['nouveau']], ['Data enfant', ['base']], ['Tout neuf', []]]);
    expect(after.flashcards).toHaveLength(3);
    expect(after.reviews).toEqual(backup.reviews);
  });

  it('a replace import that fails at the middle of its switch leaves the account exactly as it was', async () => {
    const user = await signUp('atomic');
    await fillAccount(user);
    const other = await signUp('atomic');
    await fillAccount(other, 'Autre');
    const before = await exportJson(user);
    const statsBefore = await dashboard(user);
    await env.DB.prepare('INSERT INTO concept_docs (concept_id, user_id, state, updated_at) SELECT id, user_id, X\'00\', 0 FROM concepts WHERE user_id = ?').bind(user.id).run();

    const res = await importJson(user, await exportJson(other), false, { 'x-test-fail-import': 'middle' });
    expect(res.status).toBe(500);
    expect(comparable(await exportJson(user))).toEqual(comparable(before));
    expect(await dashboard(user)).toEqual(statsBefore);
    const docs = await env.DB.prepare('SELECT COUNT(*) AS n FROM concept_docs WHERE user_id = ?').bind(user.id).first<{ n: number }>();
    expect(docs!.n).toBe(2);
    expect(await stagedRows(user)).toBe(0);
  });

  it('a replace import drops the live-room states and leaves other people alone', async () => {
    const [alice, bob] = [await signUp('repl'), await signUp('repl')];
    await fillAccount(alice, 'Alice');
    await fillAccount(bob, 'Bob');
    const bobBefore = await exportJson(bob);
    await env.DB.prepare('INSERT INTO concept_docs (concept_id, user_id, state, updated_at) SELECT id, user_id, X\'00\', 0 FROM concepts WHERE user_id = ?').bind(alice.id).run();
    const empty = { format_version: 1, concepts: [{ uid: 'only', title: 'Seul', created_at: T0, updated_at: T0 }] };
    expect((await importJson(alice, empty, false)).status).toBe(200);
    const after = await exportJson(alice);
    expect(after.concepts.map((c: any) => c.title)).toEqual(['Seul']);
    expect(after.flashcards).toEqual([]);
    expect(after.reviews).toEqual([]);
    const docs = await env.DB.prepare('SELECT COUNT(*) AS n FROM concept_docs WHERE user_id = ?').bind(alice.id).first<{ n: number }>();
    expect(docs!.n).toBe(0);
    expect(comparable(await exportJson(bob))).toEqual(comparable(bobBefore));
    expect((await dashboard(alice)).main.total_flashcards_count).toBe(0);
  });

  it('imports a backup sent in chunks, and refuses chunks for another person\'s import', async () => {
    const [alice, bob] = [await signUp('chunk'), await signUp('chunk')];
    await fillAccount(alice);
    const backup = await exportJson(alice);
    const start = await call('POST', '/api/export-import/import/json/start', {
      token: bob.token,
      json: { merge: false, header: { format_version: 1, account: backup.account, preferences: backup.preferences } },
    });
    expect(start.status).toBe(201);
    const importId = start.body.import_id;
    const stolen = await call('POST', `/api/export-import/import/json/${importId}/rows`, { token: alice.token, json: { section: 'concepts', rows: backup.concepts } });
    expect(stolen.status).toBe(404);
    for (const section of Object.keys(backup).filter((k) => Array.isArray(backup[k]) && backup[k].length)) {
      for (const row of backup[section]) {
        const res = await call('POST', `/api/export-import/import/json/${importId}/rows`, { token: bob.token, json: { section, rows: [row] } });
        expect(res.status).toBe(200);
      }
    }
    expect(comparable(await exportJson(bob)).concepts).toEqual([]);
    const commit = await call('POST', `/api/export-import/import/json/${importId}/commit`, { token: bob.token });
    expect(commit.status).toBe(200);
    expect(commit.body.reviews).toBe(6);
    expect(comparable(await exportJson(bob))).toEqual(comparable(backup));
    expect(await stagedRows(bob)).toBe(0);
  });
});

describe('[[Title]] in a restored backup', () => {
  const paragraph = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
  const concept = (uid: string, title: string, content: unknown) => ({ uid, title, content, content_text: '', tags: [], created_at: T0, updated_at: T0 });
  const backupWithLinks = () => ({
    format_version: 1,
    concepts: [
      concept('c-photo', 'Photosynthèse', {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'La [[chlorophylle]] capte la [[Lumière]] ; voir [[Respiration]] et ' }, { type: 'text', text: '[[Lumière]]', marks: [{ type: 'code' }] }, { type: 'text', text: '.' }] }],
      }),
      concept('c-chloro', 'Chlorophylle', paragraph('Pigment vert, cœur de la [[Photosynthèse]].')),
      concept('c-light', 'Lumière', null),
    ],
    daily_notes: [{ date: '2026-03-02', title: null, created_at: T0, updated_at: T0 }],
    note_blocks: [
      { uid: 'b-json', note_date: '2026-03-02', text: JSON.stringify(paragraph('Relu [[Photosynthèse]] et [[Mitochondrie]]')), order_idx: 0, created_at: T0, updated_at: T0 },
      { uid: 'b-html', note_date: '2026-03-02', text: '<p>Revu [[Lumière]] ce matin</p>', order_idx: 1, created_at: T0, updated_at: T0 },
    ],
  });

  async function expectLinked(user: TestUser, outside: string[] = []) {
    const concepts = await storedConcepts(user);
    const titleOfId = new Map([...concepts.values()].map((c) => [c.id, c.title]));
    // Links to concepts of the same file point to them; a title nothing has waits as a placeholder; code keeps its brackets.
    expect(linksIn(concepts.get('Photosynthèse')!.content!, titleOfId)).toEqual(['chlorophylle → Chlorophylle', 'Lumière → Lumière', ...outside]);
    expect(concepts.get('Photosynthèse')!.content_text).toBe('La chlorophylle capte la Lumière ; voir Respiration et [[Lumière]].');
    expect(linksIn(concepts.get('Chlorophylle')!.content!, titleOfId)).toEqual(['Photosynthèse → Photosynthèse']);
    const blocks = await storedBlocks(user);
    expect(blocks.map((b) => linksIn(b.text, titleOfId))).toEqual([['Photosynthèse → Photosynthèse', 'Mitochondrie → (à créer: Mitochondrie)'], ['Lumière → Lumière']]);
    expect(blocks.map((b) => b.plain_text)).toEqual(['Relu Photosynthèse et Mitochondrie', 'Revu Lumière ce matin']);
  }

  it('stores each [[Title]] as the link typing it makes: to a concept of the same file, else a placeholder', async () => {
    const user = await signUp('wiki');
    const res = await importJson(user, backupWithLinks(), false);
    expect(res.status).toBe(200);
    await expectLinked(user, ['Respiration → (à créer: Respiration)']);
  });

  it('links the same way when the backup is sent in chunks and merged, an account concept counting after the file\'s own', async () => {
    const user = await signUp('wiki');
    const made = await call('POST', '/api/concepts', { token: user.token, json: { title: 'Respiration', content: paragraph('Déjà là') } });
    expect(made.status).toBe(201);
    const backup = backupWithLinks();
    const start = await call('POST', '/api/export-import/import/json/start', { token: user.token, json: { merge: true, header: { format_version: 1 } } });
    expect(start.status).toBe(201);
    // Blocks first and one row at a time: a link names a concept staged later.
    for (const section of ['daily_notes', 'note_blocks', 'concepts'] as const) {
      for (const row of backup[section]) {
        const sent = await call('POST', `/api/export-import/import/json/${start.body.import_id}/rows`, { token: user.token, json: { section, rows: [row] } });
        expect(sent.status).toBe(200);
      }
    }
    expect((await call('POST', `/api/export-import/import/json/${start.body.import_id}/commit`, { token: user.token })).status).toBe(200);
    await expectLinked(user, ['Respiration → Respiration']);
  });
});

describe('JSON import sent in chunks side by side', () => {
  it('keeps the file\'s order when chunks arrive out of order, and refuses a chunk that overlaps one already sent', async () => {
    const [alice, bob] = [await signUp('para'), await signUp('para')];
    await fillAccount(alice);
    const backup = await exportJson(alice);
    const start = await call('POST', '/api/export-import/import/json/start', {
      token: bob.token,
      json: { merge: false, header: { format_version: 1, account: backup.account, preferences: backup.preferences } },
    });
    const importId = start.body.import_id;
    const send = (section: string, rows: unknown[], offset: number) =>
      call('POST', `/api/export-import/import/json/${importId}/rows`, { token: bob.token, json: { section, rows, offset } });
    for (const section of Object.keys(backup).filter((k) => Array.isArray(backup[k]) && backup[k].length)) {
      const rows = backup[section] as unknown[];
      // One row a chunk, the last first: the offsets, not the arrival, give the order.
      const sent = await Promise.all(rows.map((_, i) => rows.length - 1 - i).map((i) => send(section, [rows[i]], i)));
      expect(sent.map((r) => r.status)).toEqual(rows.map(() => 200));
    }
    const overlap = await send('reviews', backup.reviews.slice(0, 2), 1);
    expect(overlap.status).toBe(409);
    expect(overlap.body.detail).toMatch(/overlap/);
    const wrongRow = await send('reviews', [{ ...backup.reviews[0], rating: 9 }], 100);
    expect(wrongRow.status).toBe(422);
    expect(JSON.stringify(wrongRow.body.detail)).toMatch(/reviews.*100.*rating|rating.*100/);
    const commit = await call('POST', `/api/export-import/import/json/${importId}/commit`, { token: bob.token });
    expect(commit.status).toBe(200);
    expect(commit.body.reviews).toBe(6);
    expect(comparable(await exportJson(bob))).toEqual(comparable(backup));
    expect(await stagedRows(bob)).toBe(0);
  });
});

describe('bad backup files', () => {
  const user = signUp('bad');
  const upload = async (content: string | Uint8Array, merge = false) =>
    call('POST', `/api/export-import/import/json?merge=${merge}`, { token: (await user).token, body: importForm(content) });

  async function expectUnchanged(run: () => Promise<{ status: number; body: any }>, status: number, detail: RegExp) {
    const u = await user;
    if ((await exportJson(u)).concepts.length === 0) await fillAccount(u, 'Bad');
    const before = await exportJson(u);
    const res = await run();
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body.detail)).toMatch(detail);
    expect(comparable(await exportJson(u))).toEqual(comparable(before));
    expect(await stagedRows(u)).toBe(0);
  }

  it('refuses a file that is not JSON', () => expectUnchanged(() => upload('hello, not json'), 422, /not valid JSON/));
  it('refuses truncated JSON', async () => {
    const text = JSON.stringify(await exportJson(await user));
    await expectUnchanged(() => upload(text.slice(0, Math.floor(text.length / 2))), 422, /not valid JSON/);
  });
  it('refuses another format_version', () => expectUnchanged(() => upload(JSON.stringify({ format_version: 99, concepts: [] })), 422, /format_version/));
  it('refuses a JSON bomb: nesting', () => expectUnchanged(() => upload(`{"format_version":1,"concepts":[${'['.repeat(100000)}${']'.repeat(100000)}]}`), 422, /nested too deeply/));
  it('refuses a JSON bomb: size', () => expectUnchanged(() => upload(new Uint8Array(17 * 1024 * 1024).fill(32)), 413, /too large/));
  it('refuses a JSON bomb: count', () => expectUnchanged(() => upload(`{"format_version":1,"tags":[${'0,'.repeat(1_000_000)}0]}`), 413, /Too many rows/));
  it('refuses a row of the wrong shape, naming where', () =>
    expectUnchanged(() => upload(JSON.stringify({ format_version: 1, concepts: [{ uid: 'x', title: '', created_at: 1, updated_at: 1 }] })), 422, /concepts.*0.*title/));
  it('refuses the same identity twice, reviews included (their uids are not in the staged index)', async () => {
    const u = await user;
    if ((await exportJson(u)).concepts.length === 0) await fillAccount(u, 'Bad');
    const backup = await exportJson(u);
    expect(backup.reviews.length).toBeGreaterThan(1);
    const twice = { ...backup, reviews: [...backup.reviews, { ...backup.reviews[1], rating: 4 }] };
    await expectUnchanged(() => upload(JSON.stringify(twice)), 422, new RegExp(`Duplicate identity ${backup.reviews[1].uid}`));
    const cards = { ...backup, flashcards: [...backup.flashcards, backup.flashcards[0]] };
    await expectUnchanged(() => upload(JSON.stringify(cards)), 422, new RegExp(`Duplicate identity ${backup.flashcards[0].uid}`));
  });
  it('refuses a reference to nothing', () =>
    expectUnchanged(
      () => upload(JSON.stringify({ format_version: 1, flashcards: [{ uid: 'c', concept_uid: 'missing', question: 'q', answer: 'a', due: 1, stability: 0, difficulty: 0, elapsed_days: 0, scheduled_days: 0, learning_steps: 0, reps: 0, lapses: 0, state: 0, last_review: null, created_at: 1, updated_at: 1 }] })),
      422,
      /missing/,
    ));
  it('refuses a request without a file', () => expectUnchanged(async () => call('POST', '/api/export-import/import/json', { token: (await user).token, body: new FormData() }), 422, /file/));
});

describe('delete all', () => {
  it('refuses a wrong or missing confirmation and deletes nothing', async () => {
    const user = await signUp('del');
    await fillAccount(user);
    const before = await exportJson(user);
    for (const query of ['', '?confirm=DELETE', '?confirm=delete_all_my_data']) {
      const res = await call('DELETE', `/api/export-import/user-data${query}`, { token: user.token });
      expect(res.status).toBe(422);
    }
    expect(comparable(await exportJson(user))).toEqual(comparable(before));
  });

  it('deletes every row, file and live-room state of the person, nothing of anyone else, and the account stays usable', async () => {
    const [alice, bob] = [await signUp('del'), await signUp('del')];
    await fillAccount(alice, 'Alice');
    await fillAccount(bob, 'Bob');
    const bobBefore = await exportJson(bob);
    await env.DB.prepare('INSERT INTO concept_docs (concept_id, user_id, state, updated_at) SELECT id, user_id, X\'00\', 0 FROM concepts WHERE user_id = ?').bind(alice.id).run();
    const res = await call('DELETE', '/api/export-import/user-data?confirm=DELETE_ALL_MY_DATA', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('All data has been permanently deleted');

    const preview = await call('GET', '/api/export-import/export/preview', { token: alice.token });
    expect(preview.body.total_items).toBe(0);
    for (const table of ['concepts', 'flashcards', 'review_logs', 'study_sessions', 'tags', 'files', 'concept_docs', 'daily_notes', 'note_blocks', 'flashcard_stats', 'review_activity', 'user_preferences', 'concept_links', 'concept_relations']) {
      const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(alice.id).first<{ n: number }>();
      expect(row!.n, table).toBe(0);
    }
    expect((await env.FILES.list({ prefix: `users/${alice.id}/` })).objects).toEqual([]);
    expect((await env.FILES.list({ prefix: `users/${bob.id}/` })).objects).toHaveLength(1);
    expect(comparable(await exportJson(bob))).toEqual(comparable(bobBefore));
    const created = await call('POST', '/api/concepts', { token: alice.token, json: { title: 'Nouveau départ' } });
    expect(created.status).toBe(201);
  });
});
