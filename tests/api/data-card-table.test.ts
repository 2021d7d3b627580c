/**
 * Cards from a table through the Data tab's routes: the preview (separator, header, first
 * rows, proposed columns) and the import into a chosen or new concept, or the concepts a
 * column names, of a Quizlet export (both row separators), a French spreadsheet's CSV and
 * an Anki text export (tests/fixtures/card-tables/README.md). A second import adds nothing;
 * every refusal is a French 4xx that writes nothing.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, signUp, type TestUser } from './helpers';

const text = (name: string) => env.CARD_TABLE_FIXTURES[name]!;
const preview = (user: TestUser, json: Record<string, unknown>) => call('POST', '/api/export-import/import/cards/preview', { token: user.token, json });
const importCards = (user: TestUser, json: Record<string, unknown>) => call('POST', '/api/export-import/import/cards', { token: user.token, json });
const FRONT_BACK = { front: 0, back: 1 };

async function cardsOf(user: TestUser, conceptId: number): Promise<[string, string][]> {
  const res = await call('GET', `/api/concepts/${conceptId}/flashcards`, { token: user.token });
  expect(res.status).toBe(200);
  return (res.body as { question: string; answer: string }[]).map((c) => [c.question, c.answer]);
}
async function conceptCount(user: TestUser) {
  return ((await call('GET', '/api/export-import/export/preview', { token: user.token })).body as { counts: { concepts: number; flashcards: number } }).counts;
}
async function newConcept(user: TestUser, title: string): Promise<number> {
  const res = await call('POST', '/api/concepts', { token: user.token, json: { title } });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('cards from a table', () => {
  it('previews a Quizlet export: tab found, no header, its rows, front and back proposed', async () => {
    const user = await signUp('cards');
    const res = await preview(user, { text: text('quizlet-tab.txt') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ delimiter: '\t', has_header: false, header: null, columns: 2, total_rows: 8, mapping: { front: 0, back: 1, tags: null, concept: null } });
    expect(res.body.rows[0]).toEqual(['la lune', 'the moon']);
    // Previewing writes nothing.
    expect(await conceptCount(user)).toMatchObject({ concepts: 0, flashcards: 0 });
  });

  it('imports a Quizlet export into a new concept, due at once, and adds nothing the second time', async () => {
    const user = await signUp('cards');
    const body = { text: text('quizlet-tab.txt'), mapping: FRONT_BACK, new_concept_title: 'Vocabulaire du ciel' };
    const first = await importCards(user, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ flashcards: 8, concepts_created: 1, duplicates_skipped: 0, incomplete_skipped: 0 });
    const cards = await cardsOf(user, first.body.concept_id);
    expect(cards).toContainEqual(['la lune', 'the moon']);
    expect(cards).toContainEqual(['"la" nébuleuse', 'the nebula']);
    const due = await call('GET', '/api/flashcards/due?limit=200', { token: user.token });
    expect((due.body as unknown[]).length).toBe(8);
    // The same file again, to the same title: the concept is found by its title and no card is added.
    const again = await importCards(user, body);
    expect(again.body).toMatchObject({ flashcards: 0, concepts_created: 0, duplicates_skipped: 8, concept_id: first.body.concept_id });
    expect(await conceptCount(user)).toMatchObject({ concepts: 1, flashcards: 8 });
  });

  it("imports a Quizlet export cut by semicolons into an existing concept, its repeated card once, beside the concept's own cards", async () => {
    const user = await signUp('cards');
    const id = await newConcept(user, 'Planètes');
    const own = await call('POST', `/api/concepts/${id}/flashcards`, { token: user.token, json: { question: 'Mars', answer: 'la planète rouge' } });
    expect((await call('POST', `/api/flashcards/${own.body.id}/review`, { token: user.token, json: { rating: 4 } })).status).toBe(200);
    const before = (await call('GET', `/api/concepts/${id}`, { token: user.token })).body;
    expect(before.mastery_level).toBeGreaterThan(0);
    const res = await importCards(user, { text: text('quizlet-semicolon.txt'), row_separator: ';', mapping: FRONT_BACK, concept_id: id });
    expect(res.body).toMatchObject({ flashcards: 3, concepts_created: 0, duplicates_skipped: 2, concept_id: id });
    // Three new cards, never answered: the concept is due again now and its mastery counts them as 0.
    const after = (await call('GET', `/api/concepts/${id}`, { token: user.token })).body;
    expect(after.mastery_level).toBeCloseTo(before.mastery_level / 4, 6);
    expect(Date.parse(after.next_review_at)).toBeLessThan(Date.parse(before.next_review_at));
    const cards = await cardsOf(user, id);
    expect(cards).toHaveLength(4);
    expect(cards).toContainEqual(['Vénus', 'planète la plus chaude,\nà cause de son effet de serre']);
  });

  it('maps a spreadsheet with a concept column: cards go to the concept each row names, found or created', async () => {
    const user = await signUp('cards');
    const lune = await newConcept(user, 'La Lune');
    const csv = 'Question,Réponse,Concept,Tags\r\nDistance Terre-Lune ?,"384 400 km",la lune,distances\r\nPlus grande planète ?,Jupiter,Planètes,"géantes, gazeuses"\r\nPhase sans lumière ?,Nouvelle lune,,\r\n';
    const shown = await preview(user, { text: csv });
    expect(shown.body).toMatchObject({ delimiter: ',', has_header: true, header: ['Question', 'Réponse', 'Concept', 'Tags'], mapping: { front: 0, back: 1, tags: 3, concept: 2 } });
    const res = await importCards(user, { text: csv, mapping: shown.body.mapping, new_concept_title: 'Astronomie' });
    expect(res.body).toMatchObject({ flashcards: 3, concepts_created: 2 });
    expect(await cardsOf(user, lune)).toEqual([['Distance Terre-Lune ?', '384 400 km']]);
    expect(await cardsOf(user, res.body.concept_id)).toEqual([['Phase sans lumière ?', 'Nouvelle lune']]);
    const all = (await call('GET', '/api/flashcards', { token: user.token })).body as { question: string; tags: string[]; concept_title: string }[];
    expect(all.find((c) => c.question === 'Plus grande planète ?')).toMatchObject({ concept_title: 'Planètes', tags: ['géantes', 'gazeuses'] });
  });

  it('imports an Anki text export with its tags column', async () => {
    const user = await signUp('cards');
    const shown = await preview(user, { text: text('anki-notes.txt') });
    const res = await importCards(user, { text: text('anki-notes.txt'), mapping: shown.body.mapping, new_concept_title: 'Capitales' });
    expect(res.body).toMatchObject({ flashcards: 3 });
    const all = (await call('GET', '/api/flashcards', { token: user.token })).body as { answer: string; tags: string[] }[];
    expect(all.find((c) => c.answer === 'Tokyo')!.tags).toEqual(['géographie', 'asie']);
  });

  it('refuses with French errors and writes nothing: another person’s concept, a card too long, one column, no text, both targets', async () => {
    const owner = await signUp('cards');
    const user = await signUp('cards');
    const theirs = await newConcept(owner, 'Privé');
    const quizlet = { text: text('quizlet-tab.txt'), mapping: FRONT_BACK };
    const notMine = await importCards(user, { ...quizlet, concept_id: theirs });
    expect([notMine.status, notMine.body.detail]).toEqual([404, 'Concept introuvable.']);
    const long = await importCards(user, { text: `a\tb\nc\t${'x'.repeat(10_001)}`, mapping: FRONT_BACK, new_concept_title: 'Trop long' });
    expect([long.status, long.body.code, long.body.detail]).toEqual([422, 'card_too_long', expect.stringContaining('Ligne 2')]);
    const single = await importCards(user, { text: 'un\ndeux', mapping: FRONT_BACK, new_concept_title: 'Une colonne' });
    expect([single.status, single.body.detail]).toEqual([422, expect.stringContaining('colonne')]);
    const empty = await preview(user, { text: '\n \n' });
    expect([empty.status, empty.body.code, empty.body.detail]).toEqual([422, 'table_empty', expect.stringContaining('aucune ligne')]);
    const both = await importCards(user, { ...quizlet, concept_id: theirs, new_concept_title: 'X' });
    expect([both.status, JSON.stringify(both.body.detail)]).toEqual([422, expect.stringContaining('Choisissez un concept existant')]);
    const huge = await preview(user, { text: 'a\tb\n'.repeat(300_000) });
    expect(huge.status).toBe(413);
    expect(await conceptCount(user)).toMatchObject({ concepts: 0, flashcards: 0 });
    expect(await conceptCount(owner)).toMatchObject({ concepts: 1, flashcards: 0 });
  });
});
