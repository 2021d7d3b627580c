/**
 * Anki packages written by Anki itself (issue 27; origins in tests/fixtures/anki/README.md),
 * imported as a switching learner would: every card rendered from its note type's
 * templates, clozes one card per deletion, line breaks kept, v1 ratings read as Anki
 * reads them, sounds kept, and a second import adding nothing.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, signUp, type TestUser } from './helpers';
import { exportJson, importForm } from './data-fixtures';

const fixture = (name: string) => Uint8Array.from(atob(env.ANKI_FIXTURES[name]!), (c) => c.charCodeAt(0));
const importApkg = (user: TestUser, name: string) =>
  call('POST', '/api/export-import/import/apkg', { token: user.token, body: importForm(fixture(name), name, 'application/octet-stream') });

async function importTwice(name: string) {
  const user = await signUp('anki');
  const res = await importApkg(user, name);
  expect(res.status).toBe(200);
  const backup = await exportJson(user);
  // The same package again updates the same cards: nothing doubles.
  expect((await importApkg(user, name)).status).toBe(200);
  const again = await exportJson(user);
  expect([again.concepts.length, again.flashcards.length, again.reviews.length, again.files.length]).toEqual([backup.concepts.length, backup.flashcards.length, backup.reviews.length, backup.files.length]);
  const card = (uid: string) => backup.flashcards.find((f: any) => f.uid === `anki-card-${uid}`);
  return { res, backup, card };
}

/** What a learner would call a broken card: raw template or cloze syntax, or nothing to read. */
const broken = (f: { question: string; answer: string }) => !f.question.trim() || !f.answer.trim() || /\{\{c\d+::|\{\{(Front|Back|Text|Extra)\}\}/.test(f.question + f.answer);

describe('Anki packages written by Anki', () => {
  it('renders the cards of an Anki 2.0 collection from their templates: clozes one card per deletion, line breaks, v1 ratings', async () => {
    const { res, backup, card } = await importTwice('ankidroid-templates.apkg');
    expect(res.body).toMatchObject({ concepts: 8, flashcards: 146, reviews: 102 });
    expect(backup.flashcards.filter(broken).map((f: any) => f.uid)).toEqual([]);
    // A three-deletion cloze note: three cards, each blanking its own deletion and showing the others.
    expect(card('1426118715709')).toMatchObject({ question: 'Some common text here!\nI am a [...] sentence with multiple sections clozed!', answer: 'Some common text here!\nI am a long sentence with multiple sections clozed!' });
    expect(card('1426118715713').question).toBe('Some common text here!\nI am a long sentence with [...] sections clozed!');
    expect(card('1426118715714').question).toBe('Some common text here!\nI am a long sentence with multiple sections [...]!');
    // A custom note type with conditional templates; `<div>` line breaks kept.
    expect(card('1370746158819')).toMatchObject({ question: 'Where does Deltoid originate?', answer: 'Scapula (spine, acromion)\nClavicle (lateral 1/3)' });
    // Special fields ({{Tags}}, {{Type}}, {{Deck}}) as Anki fills them.
    expect(card('1426026541166').question).toContain("The card's deck: 1-TEMPLATES::Misc");
    // A sound the package does not carry still shows on the card.
    expect(card('1426653914370').answer).toContain('🔊 google-e048ee6b-1c4191eb-579ea99b-d62e5e77-0e5662f9.mp3');
    // Scheduler v1: the learning answer stored as ease 2 (Good of three buttons) is Good (3), as Anki reads it.
    const ratings = (uid: string) => backup.reviews.filter((r: any) => r.flashcard_uid === `anki-card-${uid}`).map((r: any) => r.rating);
    expect(ratings('1404535701831')).toEqual([3, 1, 1]);
    expect(ratings('1426118715709')).toEqual([1]);
  });

  it('reads an anki21b collection (zstd, schema 18) with its note types from their protobuf configs', async () => {
    const { res, backup, card } = await importTwice('mujing-alphabet-word.apkg');
    expect(res.body).toMatchObject({ flashcards: 26, reviews: 0 });
    expect(backup.flashcards.filter(broken)).toEqual([]);
    const apple = backup.flashcards.find((f: any) => f.question === 'apple');
    expect(apple).toMatchObject({ answer: '苹果', state: 0 });
    expect(card).toBeTypeOf('function');
  });

  it('reads an anki21 collection beside its stub anki2', async () => {
    const { res, backup } = await importTwice('taaltuig-spanish-small.apkg');
    expect(res.body).toMatchObject({ concepts: 1, flashcards: 5 });
    expect(backup.concepts[0].title).toBe('espanol');
    expect(backup.flashcards.map((f: any) => [f.question, f.answer])).toContainEqual(['Elderberry', 'saúco']);
  });

  it('keeps a [sound:] note as a card that names its sound', async () => {
    const { backup } = await importTwice('anki-media-sound.apkg');
    // Its foo.wav is three letters, not audio: nothing is uploaded, the card still says it had a sound.
    expect(backup.flashcards.map((f: any) => f.question)).toEqual(['🔊 foo.wav']);
    expect(backup.files).toEqual([]);
  });
});
