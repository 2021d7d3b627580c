/**
 * Anki package export: the package is opened here with sql.js and fflate and
 * checked the way Anki reads it — schema-11 collection row, the Basic note type, one deck
 * per concept under its constellation, fields, the schedule (due, interval, reps, lapses,
 * FSRS memory state in cards.data) and the review history in revlog; images as media.
 */
import { describe, expect, it } from 'vitest';
import { exportApkg, openPackage, rows } from './apkg-package';
import { call, env, signUp } from './helpers';
import { T0, fillAccount } from './data-fixtures';
import { at } from './study-fixtures';

const DAY = 86_400_000;
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));


describe('Anki package export', () => {
  it('writes a schema-11 collection Anki imports, keeping the schedule, the history and images', async () => {
    const user = await signUp('apkg');
    const { root, cards } = await fillAccount(user, 'Data');
    const form = new FormData();
    form.append('file', new File([PNG], 'schema.png', { type: 'image/png' }));
    const image = await call('POST', '/api/v1/media/upload', { token: user.token, body: form });
    await call('POST', `/api/concepts/${root.id}/flashcards`, { token: user.token, json: { question: `Que montre ![schéma](${image.body.public_url}) ?\nDeux lignes <b>`, answer: 'Un pixel' }, headers: at(T0) });

    const res = await exportApkg(user);
    expect(res.headers.get('content-disposition')).toContain('filename="flashcards.apkg"');
    const { files, db, media } = await openPackage(res);

    const [col] = rows(db, 'SELECT * FROM col');
    expect(col!.ver).toBe(11);
    expect(col!.tags).toBe('{}');
    // Scheduler v2, as Anki ≥ 2.1.50 writes it: without it Anki reads the history as v1 and raises learning answers by one.
    expect(JSON.parse(col!.conf)).toMatchObject({ schedVer: 2, sched2021: true, creationOffset: 0 });
    const models = Object.values(JSON.parse(col!.models)) as any[];
    expect(models).toHaveLength(1);
    expect(models[0].flds.map((f: any) => f.name)).toEqual(['Front', 'Back']);
    expect(models[0].type).toBe(0);
    const deckNames = (Object.values(JSON.parse(col!.decks)) as any[]).map((d) => d.name).sort();
    expect(deckNames).toEqual(['Data ciel', 'Data ciel::Data enfant', 'Data ciel::Data racine', 'Default']);
    expect(Object.keys(JSON.parse(col!.dconf))).toEqual(['1']);

    const notes = rows(db, 'SELECT * FROM notes ORDER BY id');
    expect(notes).toHaveLength(4);
    expect(notes[0]!.flds).toBe('Q0 Data\x1fA0');
    expect(notes[0]!.tags).toBe(' t1 ');
    expect(notes[0]!.sfld).toBe('Q0 Data');
    const [mediaName] = Object.values(media);
    expect(mediaName).toMatch(/^astrolabe-[0-9a-f-]{36}\.png$/);
    expect(notes[3]!.flds).toBe(`Que montre <img src="${mediaName}" alt="schéma"> ?<br>Deux lignes &lt;b&gt;\x1fUn pixel`);
    expect(files['0']).toEqual(PNG);

    // Card 0 was answered four times: a review card with its FSRS memory state.
    const stored = await env.DB.prepare('SELECT * FROM flashcards WHERE id = ?').bind(cards[0].id).first<any>();
    const card0 = rows(db, `SELECT * FROM cards WHERE nid = ${notes[0]!.id}`)[0]!;
    expect(card0).toMatchObject({ type: 2, queue: 2, reps: stored.reps, lapses: stored.lapses, ivl: Math.max(1, stored.scheduled_days), factor: 2500 });
    expect(card0.due).toBe(Math.floor((stored.due - col!.crt * 1000) / DAY));
    const memory = JSON.parse(card0.data);
    expect(memory.s).toBeCloseTo(stored.stability, 3);
    expect(memory.d).toBeCloseTo(stored.difficulty, 2);
    expect(memory.dr).toBe(0.9);
    expect(card0.did).not.toBe(1);
    // The new card (never answered) is new in Anki too, with no memory state.
    expect(rows(db, `SELECT type, queue, data FROM cards WHERE nid = ${notes[3]!.id}`)[0]).toEqual({ type: 0, queue: 0, data: '' });

    const revlog = rows(db, 'SELECT * FROM revlog ORDER BY id');
    expect(revlog).toHaveLength(6);
    const card0Log = revlog.filter((r) => r.cid === card0.id);
    expect(card0Log.map((r) => r.ease)).toEqual([3, 1, 3, 4]);
    expect(card0Log.map((r) => r.id)).toEqual([T0, T0 + DAY, T0 + 3 * DAY, T0 + 9 * DAY]);
    expect(card0Log[0]).toMatchObject({ type: 0, time: 4000, lastIvl: 0 });
    expect(card0Log.at(-1)!.ivl).toBe(card0.ivl);
    // Each answer's interval is the one the card's next answer found.
    expect(card0Log.slice(0, -1).map((r) => r.ivl)).toEqual(card0Log.slice(1).map((r) => r.lastIvl));
    for (const r of revlog) expect(r.ivl).toBe(r === revlog.findLast((o) => o.cid === r.cid) ? rows(db, `SELECT ivl FROM cards WHERE id = ${r.cid}`)[0]!.ivl : revlog.find((o) => o.cid === r.cid && o.id > r.id)!.lastIvl);
    db.close();
  });

  it('exports a cloze card made here as a Cloze note Anki shows with its blank', async () => {
    const user = await signUp('apkg');
    const { root } = await fillAccount(user, 'Cloze');
    await call('POST', `/api/concepts/${root.id}/flashcards`, { token: user.token, json: { question: 'Complétez : « La _____ passe à Tours. »', answer: 'Loire' }, headers: at(T0) });
    const { db } = await openPackage(await exportApkg(user));
    const [col] = rows(db, 'SELECT models FROM col');
    const cloze = (Object.values(JSON.parse(col!.models)) as any[]).find((m) => m.type === 1);
    expect(cloze.tmpls.map((t: any) => t.qfmt)).toEqual(['{{cloze:Text}}']);
    const notes = rows(db, `SELECT n.flds, c.ord FROM notes n JOIN cards c ON c.nid = n.id WHERE n.mid = ${cloze.id}`);
    expect(notes).toEqual([{ flds: 'La {{c1::Loire}} passe à Tours.\x1f', ord: 0 }]);
  });

  it('exports one constellation or a list of concepts, refuses another person\'s constellation, and says when there is nothing', async () => {
    const [alice, bob] = [await signUp('apkg'), await signUp('apkg')];
    const { child, constellation } = await fillAccount(alice, 'Alice');
    const lone = await call('POST', '/api/concepts', { token: alice.token, json: { title: 'Seul' } });
    await call('POST', `/api/concepts/${lone.body.id}/flashcards`, { token: alice.token, json: { question: 'Seule', answer: 'Oui' } });

    const all = await openPackage(await exportApkg(alice));
    expect(rows(all.db, 'SELECT COUNT(*) AS n FROM cards')[0]!.n).toBe(4);
    expect((Object.values(JSON.parse(rows(all.db, 'SELECT decks FROM col')[0]!.decks)) as any[]).map((d) => d.name)).toContain('Seul');

    const sky = await openPackage(await exportApkg(alice, { constellation_id: constellation.id }));
    expect(rows(sky.db, 'SELECT COUNT(*) AS n FROM cards')[0]!.n).toBe(3);
    const one = await openPackage(await exportApkg(alice, { concept_ids: [child.id] }));
    expect(rows(one.db, 'SELECT COUNT(*) AS n FROM cards')[0]!.n).toBe(1);
    expect(rows(one.db, 'SELECT COUNT(*) AS n FROM revlog')[0]!.n).toBe(1);

    expect((await exportApkg(bob, { constellation_id: constellation.id })).status).toBe(404);
    const none = await exportApkg(bob);
    expect(none.status).toBe(422);
    expect(((await none.json()) as any).detail).toBe('No flashcards to export');
  });
});
