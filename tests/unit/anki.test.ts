/** Pure pieces of the data formats: JSON limits and chunks, Anki scheduling and fields both ways. */
import { describe, expect, it } from 'vitest';
import { ankiSchedule, ankiTags, cardTextToField, deckPart } from '@domain/anki';
import { deckPath, fieldToCardText, imageSources, mediaNames, reviewsByCard, upgradedEase } from '@domain/anki-import';
import { renderCard, renderCloze, type AnkiNoteType } from '@domain/anki-template';
import { chunkRows, jsonBeyondLimits, jsonDepthExceeds, JsonMeter } from '@domain/data-format';
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
  it('counts objects, lists and values outside strings before anything is parsed', () => {
    const limits = { maxDepth: 16, maxContainers: 3, maxValues: 4 };
    expect(jsonBeyondLimits('{"a":[1,2],"b":{}}', limits)).toBeNull();
    expect(jsonBeyondLimits('[{},{},{}]', limits)).toBe('containers');
    expect(jsonBeyondLimits('[1,2,3,4,5]', limits)).toBe('values');
    expect(jsonBeyondLimits('["{,{,{,[,[,"]', limits)).toBeNull();
  });
  it('measures a text a slice at a time as it would whole, an escape or a string cut by a slice included', () => {
    const limits = { maxDepth: 4, maxContainers: 6, maxValues: 8 };
    const bySlices = (text: string, slice: number) => {
      const meter = new JsonMeter(limits);
      for (let until = slice; ; until += slice) {
        const beyond = meter.scan(text, Math.min(until, text.length));
        if (beyond || until >= text.length) return beyond;
      }
    };
    const texts = ['{"a":"\\"[[[[[","b":[1,2]}', '{"a":"x\\\"[[[[[[","b":[[[]]]}', '[[[[[1]]]]]', '[{},{},{},{},{},{},{}]', '[1,2,3,4,5,6,7,8,9]', '["{,{,{,[,[,"]'];
    for (const text of texts) for (const slice of [1, 2, 3, 5, 7]) expect(bySlices(text, slice), `${text} by ${slice}`).toBe(jsonBeyondLimits(text, limits));
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
  it('turns own sounds into [sound:…] media, named as the link names them', () => {
    const text = 'chien\n[🔊 chien](/api/v1/files/5/0a0b0c0d-0000-4000-8000-000000000003) [🔊 autre](/api/v1/files/6/0a0b0c0d-0000-4000-8000-000000000004)';
    const field = cardTextToField(text, (owner, uuid, sound) => (owner === 5 ? `${sound}-${uuid.slice(0, 8)}.wav` : null));
    expect(field).toBe('chien<br>[sound:chien-0a0b0c0d.wav] [🔊 autre](/api/v1/files/6/0a0b0c0d-0000-4000-8000-000000000004)');
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
  it('cleans field HTML to card text: line breaks, lists, images and sounds kept', () => {
    const media = (n: string) => (n === 'chat 1.png' ? { address: '/f/1', kind: 'image' as const } : n === 'miaou.mp3' ? { address: '/f/2', kind: 'audio' as const } : null);
    expect(fieldToCardText('<div>Un <b>chat</b></div><div><img src="chat%201.png"></div>[sound:miaou.mp3][sound:perdu.ogg]', media)).toBe('Un chat\n![](/f/1)\n[🔊 miaou.mp3](/f/2)\n🔊 perdu.ogg');
    expect(fieldToCardText('text<div>next</div>', () => null)).toBe('text\nnext');
    expect(fieldToCardText('Verbes :<ul><li>être</li><li>avoir</li></ul><ol><li>un</li><li>deux</li></ol>', () => null)).toBe('Verbes :\n- être\n- avoir\n1. un\n2. deux');
    expect(fieldToCardText('\\(x^2 &lt; 1\\) caf&#233;', () => null)).toBe('\\(x^2 < 1\\) café');
  });
  it('reads a v1 learning answer one button higher, as Anki does when it upgrades the collection', () => {
    expect(upgradedEase({ at: 0, ease: 2, time: 0, type: 0 }, 1)).toBe(3);
    expect(upgradedEase({ at: 0, ease: 3, time: 0, type: 2 }, 1)).toBe(4);
    expect(upgradedEase({ at: 0, ease: 2, time: 0, type: 1 }, 1)).toBe(2);
    expect(upgradedEase({ at: 0, ease: 2, time: 0, type: 0 }, 2)).toBe(2);
  });
});

describe('Anki card rendering', () => {
  const basic = (qfmt: string, afmt: string, ord = 0) => ({ ord, name: `Card ${ord + 1}`, qfmt, afmt });
  const reversed: AnkiNoteType = {
    id: 1, name: 'Basic (and reversed card)', cloze: false, fields: ['Front', 'Back'],
    templates: [basic('{{Front}}', '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}'), basic('{{Back}}', '{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}', 1)],
  };
  const cloze: AnkiNoteType = { id: 2, name: 'Cloze', cloze: true, fields: ['Text', 'Back Extra'], templates: [basic('{{cloze:Text}}', '{{cloze:Text}}<br>\n{{Back Extra}}')] };
  const specials = { tags: ' es ', deck: 'Langues::Espagnol' };
  it('renders each template of a note: the answer is what follows <hr id=answer>', () => {
    expect(renderCard(reversed, ['hola', 'bonjour'], 0, specials)).toEqual({ question: 'hola', answer: '\n\nbonjour' });
    expect(renderCard(reversed, ['hola', 'bonjour'], 1, specials)).toEqual({ question: 'bonjour', answer: '\n\nhola' });
  });
  it('blanks the card\'s own deletion with its hint, shows the others, reveals it with the Extra on the answer', () => {
    const fields = ['La {{c1::Loire::fleuve}} passe à {{c2::Tours}}.', 'Le plus long fleuve de France'];
    expect(renderCard(cloze, fields, 0, specials)).toEqual({ question: 'La [fleuve] passe à Tours.', answer: 'La Loire passe à Tours.<br>\nLe plus long fleuve de France' });
    expect(renderCard(cloze, fields, 1, specials)).toEqual({ question: 'La Loire passe à [...].', answer: 'La Loire passe à Tours.<br>\nLe plus long fleuve de France' });
    // Nested and shared deletions, as Anki ≥ 2.1.56 writes them.
    expect(renderCloze('{{c1::a {{c2::b}} c}} {{c1,3::d}}', 2, true)).toBe('a [...] c d');
    expect(renderCloze('{{c1::a {{c2::b}} c}} {{c1,3::d}}', 1, true)).toBe('[...] [...]');
    expect(renderCloze('no deletion here', 1, true)).toBe('');
  });
  it('follows sections, filters, special fields, comments and changed delimiters', () => {
    const custom: AnkiNoteType = {
      id: 3, name: 'Vocab', cloze: false, fields: ['Mot', 'Sens', 'Note'],
      templates: [
        basic('{{#Note}}({{Note}}) {{/Note}}{{^Sens}}sans sens {{/Sens}}{{text:Mot}}{{type:Sens}}{{! comment }} [{{Deck}}/{{Subdeck}}/{{Tags}}/{{Type}}/{{Card}}]', '{{FrontSide}}<hr id=answer>{{hint:Sens}}'),
        basic('{{=<% %>=}}<%Sens%>', '{{=<% %>=}}<%FrontSide%><hr id=answer><%Mot%>', 1),
      ],
    };
    expect(renderCard(custom, ['<b>gato</b>', 'chat', ''], 0, specials)).toEqual({ question: 'gato [Langues::Espagnol/Espagnol/es/Vocab/Card 1]', answer: 'chat' });
    expect(renderCard(custom, ['gato', '', 'n.'], 0, specials).question).toBe('(n.) sans sens gato [Langues::Espagnol/Espagnol/es/Vocab/Card 1]');
    expect(renderCard(custom, ['gato', 'chat', ''], 1, specials)).toEqual({ question: 'chat', answer: 'gato' });
  });
  it('reads the media list as JSON or protobuf', () => {
    expect([...mediaNames(new TextEncoder().encode('{"0":"a.png"}'))]).toEqual([['0', 'a.png']]);
    const name = new TextEncoder().encode('b.jpg');
    const entry = [0x0a, name.length, ...name, 0x10, 0x05];
    expect([...mediaNames(Uint8Array.from([0x0a, entry.length, ...entry, 0x0a, entry.length, ...entry]))]).toEqual([['0', 'b.jpg'], ['1', 'b.jpg']]);
  });
});

describe('reading an Anki collection with hostile shapes', () => {
  it('groups 200,000 answers of one card in one pass, keeping their order', () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => [1_700_000_000_000 + i, 42, 3, 1000, 1]);
    rows.push([1_800_000_000_000, 7, 2, 500, 0]);
    const byCard = reviewsByCard(rows, 2);
    expect(byCard.get(42)).toHaveLength(200_000);
    expect(byCard.get(42)!.at(-1)!.at).toBe(1_700_000_000_000 + 199_999);
    expect(byCard.get(7)).toEqual([{ at: 1_800_000_000_000, ease: 2, time: 500, type: 0 }]);
    // A v1 collection's learning answers are read one button higher, as before.
    expect(reviewsByCard([[1, 7, 2, 500, 0]], 1).get(7)![0]!.ease).toBe(3);
  });
});

describe('media names in Anki fields', () => {
  it('reads a quoted src whole, spaces included, and undoes Anki’s HTML escaping and URL encoding', () => {
    expect(imageSources(`<img src="coeur de face.png"><img src='a&amp;b.png'><img src=c%20d.jpg><img alt="x" src="e%20f.png" width=3>`)).toEqual(['coeur de face.png', 'a&b.png', 'c d.jpg', 'e f.png']);
  });
});
