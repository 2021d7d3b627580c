import { describe, expect, it } from 'vitest';
import { call, env, signUp, type TestUser } from './helpers';
import { createCard, insertConcept } from './study-fixtures';

const notes = (...paragraphs: string[]) => ({ type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });
const sheetOf = (user: TestUser, conceptId: number) => call('GET', `/api/concepts/${conceptId}/cornell-sheet`, { token: user.token });
const save = (user: TestUser, conceptId: number, json: unknown) => call('PUT', `/api/concepts/${conceptId}/cornell-sheet`, { token: user.token, json });
const ROWS = [
  { cue: 'Où a lieu la photosynthèse ?', notes: notes('Dans les chloroplastes des feuilles.') },
  { cue: 'Chlorophylle', notes: notes('Pigment vert qui capte la lumière.') },
  { cue: 'Quel gaz la plante libère-t-elle ?', notes: notes('Le dioxygène (O2).') },
  { cue: 'Que reste-t-il à comprendre ?', notes: null },
];

async function withConcept(prefix: string) {
  const user = await signUp(prefix);
  const conceptId = await insertConcept(user, 'Photosynthèse', 'La photosynthèse produit du glucose.');
  return { user, conceptId };
}

describe('Cornell sheets', () => {
  it('starts empty, keeps what is saved and refuses a save made from an older version with 409, writing nothing', async () => {
    const { user, conceptId } = await withConcept('cornellsave');
    const empty = await sheetOf(user, conceptId);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ concept_id: conceptId, rows: [], summary: '', version: 0, updated_at: null });

    const first = await save(user, conceptId, { version: 0, rows: ROWS, summary: 'La lumière devient sucre.' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: 1, rows: ROWS, summary: 'La lumière devient sucre.' });
    expect((await sheetOf(user, conceptId)).body).toMatchObject({ version: 1, rows: ROWS });

    // Two devices read version 1; the phone saves first, the laptop's save is refused, not lost silently.
    const phone = await save(user, conceptId, { version: 1, rows: ROWS.slice(0, 2), summary: 'Du téléphone.' });
    expect(phone.body.version).toBe(2);
    const laptop = await save(user, conceptId, { version: 1, rows: [], summary: 'De l’ordinateur.' });
    expect(laptop.status).toBe(409);
    expect(laptop.body.code).toBe('stale_sheet');
    expect(laptop.body.detail).toMatch(/modifiée ailleurs/);
    expect(laptop.body.sheet).toMatchObject({ version: 2, summary: 'Du téléphone.', rows: ROWS.slice(0, 2) });
    // A second first save (version 0) over an existing sheet is refused the same way.
    expect((await save(user, conceptId, { version: 0, rows: [], summary: '' })).status).toBe(409);
    expect((await sheetOf(user, conceptId)).body).toMatchObject({ version: 2, summary: 'Du téléphone.' });
  });

  it('turns the question cues with notes into cards on the concept, once', async () => {
    const { user, conceptId } = await withConcept('cornellcards');
    await createCard(user, conceptId, 'où a lieu la PHOTOSYNTHESE?');
    await save(user, conceptId, { version: 0, rows: ROWS, summary: '' });
    const made = await call('POST', `/api/concepts/${conceptId}/cornell-sheet/cards`, { token: user.token });
    expect(made.status).toBe(200);
    // The first question already has its card; 'Chlorophylle' is no question; the last has no notes.
    expect(made.body.created).toEqual([{ id: expect.any(Number), question: 'Quel gaz la plante libère-t-elle ?', answer: 'Le dioxygène (O2).' }]);
    const again = await call('POST', `/api/concepts/${conceptId}/cornell-sheet/cards`, { token: user.token });
    expect(again.body.created).toEqual([]);
    const cards = await call('GET', `/api/concepts/${conceptId}/flashcards`, { token: user.token });
    expect(cards.body.map((c: { question: string }) => c.question).sort()).toEqual(['Quel gaz la plante libère-t-elle ?', 'où a lieu la PHOTOSYNTHESE?']);
    const concept = await env.DB.prepare('SELECT next_review_at FROM concepts WHERE id = ?').bind(conceptId).first<{ next_review_at: number | null }>();
    expect(concept!.next_review_at).not.toBeNull();
  });

  it("answers 404 for another person's concept and sheet, and leaves theirs untouched", async () => {
    const { user, conceptId } = await withConcept('cornellowner');
    await save(user, conceptId, { version: 0, rows: ROWS, summary: 'Le mien.' });
    const intruder = await signUp('cornellintruder');
    expect((await sheetOf(intruder, conceptId)).status).toBe(404);
    const write = await save(intruder, conceptId, { version: 1, rows: [], summary: 'Volé.' });
    expect(write.status).toBe(404);
    expect((await save(intruder, conceptId, { version: 0, rows: [], summary: 'Volé.' })).status).toBe(404);
    expect((await call('POST', `/api/concepts/${conceptId}/cornell-sheet/cards`, { token: intruder.token })).status).toBe(404);
    expect((await sheetOf(user, conceptId)).body).toMatchObject({ version: 1, summary: 'Le mien.' });
    expect((await call('GET', `/api/concepts/${conceptId}/flashcards`, { token: user.token })).body).toEqual([]);
    // No sheet yet: asking for its cards is a 404 too.
    const other = await insertConcept(user, 'Respiration');
    expect((await call('POST', `/api/concepts/${other}/cornell-sheet/cards`, { token: user.token })).status).toBe(404);
  });

  it('refuses bad sheets with a French 422 and changes nothing', async () => {
    const { user, conceptId } = await withConcept('cornellbad');
    await save(user, conceptId, { version: 0, rows: ROWS, summary: 'Gardé.' });
    const refusals: [unknown, RegExp][] = [
      [{ version: 1, rows: [{ cue: 'x'.repeat(501), notes: null }], summary: '' }, /ne doit pas dépasser 500 caractères/],
      [{ version: 1, rows: Array.from({ length: 101 }, () => ({ cue: 'Q ?', notes: null })), summary: '' }, /au plus 100 lignes/],
      [{ version: 1, rows: [], summary: 'r'.repeat(5_001) }, /résumé ne doit pas dépasser 5000/],
      [{ version: 1, rows: [{ cue: 'Q ?', notes: '<script>alert(1)</script>' }], summary: '' }, /document de l'éditeur/],
      [{ version: 1, rows: Array.from({ length: 20 }, () => ({ cue: 'Q ?', notes: notes('x'.repeat(30_000)) })), summary: '' }, /dépassent 512 Ko/],
      [{ rows: [], summary: '' }, /version/i],
    ];
    for (const [body, message] of refusals) {
      const res = await save(user, conceptId, body);
      expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(422);
      expect(res.body.code).toBe('validation_error');
      expect(JSON.stringify(res.body.detail)).toMatch(message);
    }
    let deep: unknown = { type: 'text', text: 'fond' };
    for (let i = 0; i < 100; i++) deep = { type: 'blockquote', content: [deep] };
    const tooDeep = await save(user, conceptId, { version: 1, rows: [{ cue: 'Q ?', notes: { type: 'doc', content: [deep] } }], summary: '' });
    expect(tooDeep.status).toBe(422);
    expect((await sheetOf(user, conceptId)).body).toMatchObject({ version: 1, summary: 'Gardé.', rows: ROWS });
  });
});

describe('Cornell review in a study session', () => {
  it('saves the ratings of each cue as the concept’s result, with a recall score, and refuses bad ratings', async () => {
    const { user, conceptId } = await withConcept('cornellreview');
    const session = await call('POST', '/api/study-sessions', { token: user.token, json: { method_type: 'CORNELL', concept_ids: [conceptId] } });
    expect(session.status).toBe(201);
    const path = `/api/study-sessions/${session.body.id}/results/cornell`;
    const ratings = [
      { cue: 'Où a lieu la photosynthèse ?', rating: 3 },
      { cue: 'Chlorophylle', rating: 1 },
      { cue: 'Quel gaz la plante libère-t-elle ?', rating: 4 },
      { cue: 'Que reste-t-il à comprendre ?', rating: 2 },
    ];
    const saved = await call('PUT', path, { token: user.token, json: { concept_id: conceptId, ratings, duration_ms: 60_000 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ method_type: 'CORNELL', recall_score: 0.5, details: { ratings } });
    const concept = await env.DB.prepare('SELECT mastery_level FROM concepts WHERE id = ?').bind(conceptId).first<{ mastery_level: number | null }>();
    expect(concept!.mastery_level).toBeGreaterThan(0);

    const bad = await call('PUT', path, { token: user.token, json: { concept_id: conceptId, ratings: [{ cue: 'Q ?', rating: 5 }] } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toMatch(/entier de 1 à 4/);
    const intruder = await signUp('cornellreviewer');
    expect((await call('PUT', path, { token: intruder.token, json: { concept_id: conceptId, ratings } })).status).toBe(404);
    const blurting = await call('POST', '/api/study-sessions', { token: user.token, json: { method_type: 'BLURTING', concept_ids: [conceptId] } });
    expect((await call('PUT', `/api/study-sessions/${blurting.body.id}/results/cornell`, { token: user.token, json: { concept_id: conceptId, ratings } })).status).toBe(422);
    expect((await call('GET', `/api/study-sessions/${session.body.id}/results`, { token: user.token })).body).toHaveLength(1);
  });
});
