/** Pure pieces of the data formats: JSON limits and chunks, Anki scheduling and fields both ways. */
import { describe, expect, it } from 'vitest';
import { ankiSchedule, ankiTags, cardTextToField, deckPart } from '@domain/anki';
import { deckPath, fieldToCardText, mediaNames, noteSides } from '@domain/anki-import';
import { chunkRows, jsonDepthExceeds } from '@domain/data-format';
import { newCard } from '@domain/fsrs';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-10T12:00:00Z');
const CRT = Date.parse('2026-03-10T00:00:00Z') / 1000;

describe('backup file limits', () => {
  it('measures nesting outside strings only', () => {
    expect(jsonDepthExceeds('{"a":[[1]]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[[[1]]]}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[\\"[[["}', 2)).toBe(false);
  });
  it('splits rows into chunks under a byte size, never splitting a row', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ i, text: 'é'.repeat(40) }));
    const chunks = chunkRows(rows, 250);
    expect(chunks.flat()).toEqual(rows);
    for (const chunk of chunks) expect(new TextEncoder().encode(JSON.stringify(chunk)).length).toBeLessThanOrEqual(250);
  });
});

describe('Anki export mapping', () => {
  const card = { ...newCard(NOW), state: 2, stability: 12.345678, difficulty: 6.54321, scheduledDays: 12, due: NOW + 5 * DAY, reps: 4, lapses: 1, lastReview: NOW - 7 * DAY };
  it('schedules a review card by day number from the collection with its memory state', () => {
    expect(ankiSchedule(card, 0, CRT, NOW, 0.9)).toEqual({ type: 2, queue: 2, due: 5, ivl: 12, factor: 2500, left: 0, data: '{"s":12.3457,"d":6.543,"dr":0.9}' });
  });
  it('keeps a new card new, by position', () => {
    expect(ankiSchedule(newCard(NOW), 7, CRT, NOW, 0.9)).toMatchObject({ type: 0, queue: 0, due: 7, data: '' });
  });
  it('times a learning step due today in seconds', () => {
    expect(ankiSchedule({ ...card, state: 1, due: NOW + 600_000 }, 0, CRT, NOW, 0.9)).toMatchObject({ type: 1, queue: 1, due: (NOW + 600_000) / 1000 });
  });
  it('turns card text into a field: escaped, line breaks, own images as media', () => {
    const text = 'a < b\n![plan](/api/v1/files/5/0a0b0c0d-0000-4000-8000-000000000001) et ![x](/api/v1/files/6/0a0b0c0d-0000-4000-8000-000000000002)';
    const field = cardTextToField(text, (owner, uuid) => (owner === 5 ? `m-${uuid}.png` : null));
    expect(field).toBe('a &lt; b<br><img src="m-0a0b0c0d-0000-4000-8000-000000000001.png" alt="plan"> et ![x](/api/v1/files/6/0a0b0c0d-0000-4000-8000-000000000002)');
  });
  it('names decks and tags as Anki reads them', () => {
    expect(deckPart('A::B')).toBe('A:B');
    expect(ankiTags(['deux mots', 'x'])).toBe(' deux_mots x ');
  });
});

describe('Anki import mapping', () => {
  it('reads deck paths of both schemas', () => {
    expect(deckPath('Langues::Espagnol')).toEqual(['Langues', 'Espagnol']);
    expect(deckPath('Langues\x1fEspagnol')).toEqual(['Langues', 'Espagnol']);
  });
  it('cleans field HTML to card text, images to addresses', () => {
    expect(fieldToCardText('<div>Un <b>chat</b></div><div><img src="chat%201.png"></div>[sound:a.mp3]', (n) => (n === 'chat 1.png' ? '/f/1' : null))).toBe('Un chat\n![](/f/1)');
  });
  it('swaps the sides of a reversed card', () => {
    expect(noteSides('front\x1fback', 1)).toEqual({ question: 'back', answer: 'front' });
    expect(noteSides('front\x1fback\x1fextra', 0)).toEqual({ question: 'front', answer: 'back<br>extra' });
  });
  it('reads the media list as JSON or protobuf', () => {
    expect([...mediaNames(new TextEncoder().encode('{"0":"a.png"}'))]).toEqual([['0', 'a.png']]);
    const name = new TextEncoder().encode('b.jpg');
    const entry = [0x0a, name.length, ...name, 0x10, 0x05];
    expect([...mediaNames(Uint8Array.from([0x0a, entry.length, ...entry, 0x0a, entry.length, ...entry]))]).toEqual([['0', 'b.jpg'], ['1', 'b.jpg']]);
  });
});
