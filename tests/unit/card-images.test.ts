import { describe, expect, it } from 'vitest';
import { cardTextParts } from '@domain/card-images';
import { fieldToCardText } from '../../worker/src/domain/anki-import';

const UPLOAD = '/api/v1/files/3/0f8fad5b-d9cb-469f-a165-70867728950e';

describe('images in a card side', () => {
  it('shows an image the Anki import wrote as a picture with its alt text, between its words', () => {
    const side = fieldToCardText('Le cœur <img src="coeur.png">', () => ({ address: UPLOAD, kind: 'image' }));
    const parts = cardTextParts(side);
    expect(parts.filter((p) => p.kind === 'image')).toEqual([{ kind: 'image', alt: expect.any(String), address: UPLOAD }]);
    expect(parts[0]).toEqual({ kind: 'text', text: expect.stringContaining('Le cœur') });
  });

  it('keeps the text around several images in order', () => {
    expect(cardTextParts(`avant ![un](${UPLOAD}) milieu ![deux](${UPLOAD})\naprès`)).toEqual([
      { kind: 'text', text: 'avant ' },
      { kind: 'image', alt: 'un', address: UPLOAD },
      { kind: 'text', text: ' milieu ' },
      { kind: 'image', alt: 'deux', address: UPLOAD },
      { kind: 'text', text: '\naprès' },
    ]);
  });

  it('never shows another site’s image: an http(s) image stays a link named by its alt text', () => {
    expect(cardTextParts('![chat](https://img.example/chat.png)')).toEqual([{ kind: 'link', text: 'chat', href: 'https://img.example/chat.png' }]);
    expect(cardTextParts('![](http://img.example/a.png)')).toEqual([{ kind: 'link', text: 'http://img.example/a.png', href: 'http://img.example/a.png' }]);
  });

  it('leaves any other address as the text it was written as', () => {
    for (const side of ['![x](javascript:alert(1))', '![x](data:image/svg+xml,<svg>)', '![x](/api/v1/files/3/../../admin)', '![x](//evil.example/a.png)']) {
      expect(cardTextParts(side)).toEqual([{ kind: 'text', text: side }]);
    }
  });

  it('is plain text when there is no image', () => {
    expect(cardTextParts('Quelle est la capitale ?')).toEqual([{ kind: 'text', text: 'Quelle est la capitale ?' }]);
    expect(cardTextParts('')).toEqual([]);
  });
});
