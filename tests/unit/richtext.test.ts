import { describe, expect, it } from 'vitest';
import { blockToPlainText, contentToDoc, docToPlainText, linkedConceptIds, linkedConceptTitles } from '../../worker/src/domain/richtext';
import { conceptExcerpt, NO_PREVIEW } from '../../worker/src/domain/excerpt';

const doc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Photosynthèse' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'La lumière ' }, { type: 'text', marks: [{ type: 'bold' }], text: 'devient' }, { type: 'text', text: ' sucre.' }] },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'chlorophylle' }] }] }] },
    { type: 'figure', attrs: { src: '/x.png', alt: 'Une feuille', caption: 'Figure 1' } },
    { type: 'paragraph', content: [{ type: 'text', text: 'ligne un' }, { type: 'hardBreak' }, { type: 'text', text: 'ligne deux' }] },
  ],
};

describe('contentToDoc', () => {
  it('keeps a document object as it is', () => {
    expect(contentToDoc(doc)).toEqual(doc);
  });

  it('parses a string holding a JSON document', () => {
    expect(contentToDoc(JSON.stringify(doc))).toEqual(doc);
  });

  it('turns plain text into one paragraph per line', () => {
    expect(contentToDoc('un\n\ndeux')).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'un' }] },
        { type: 'paragraph' },
        { type: 'paragraph', content: [{ type: 'text', text: 'deux' }] },
      ],
    });
  });

  it('treats JSON that is not a document, or broken JSON, as text', () => {
    expect(docToPlainText(contentToDoc('{"a": 1}'))).toBe('{"a": 1}');
    expect(docToPlainText(contentToDoc('{ pas du json'))).toBe('{ pas du json');
  });

  it('gives null for nothing', () => {
    for (const empty of [null, undefined, '', '   ', 42, ['x']]) expect(contentToDoc(empty)).toBeNull();
  });
});

describe('docToPlainText', () => {
  it('puts each block on its own line, with captions and alt text', () => {
    expect(docToPlainText(doc)).toBe('Photosynthèse\nLa lumière devient sucre.\nchlorophylle\nFigure 1 Une feuille\nligne un\nligne deux');
  });

  it('is empty for an empty document', () => {
    expect(docToPlainText({ type: 'doc', content: [] })).toBe('');
    expect(docToPlainText(null)).toBe('');
  });
});

describe('concept-link marks', () => {
  const linked = {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Voir ', marks: [] },
          { type: 'text', text: 'Atome', marks: [{ type: 'conceptLink', attrs: { href: '/concepts/12', title: 'Atome' } }] },
          { type: 'text', text: 'web', marks: [{ type: 'link', attrs: { href: 'https://example.com/concepts/9' } }] },
        ],
      },
    ],
  };

  it('finds the ids and titles the editor linked', () => {
    expect(linkedConceptIds(linked)).toEqual([12]);
    expect(linkedConceptTitles(linked)).toEqual(['Atome']);
  });
});

describe('blockToPlainText', () => {
  it('drops scripts and tags from HTML blocks', () => {
    expect(blockToPlainText('<p>Bonjour <b>[[Atome]]</b></p><script>alert(1)</script><p>fin &amp; suite</p>')).toBe('Bonjour [[Atome]]\nfin & suite');
  });

  it('reads JSON document blocks', () => {
    expect(blockToPlainText(JSON.stringify(doc))).toContain('chlorophylle');
  });
});

describe('conceptExcerpt', () => {
  it('prefers the plain text and cuts it at 150 characters plus an ellipsis', () => {
    const long = 'a'.repeat(200);
    expect(conceptExcerpt({ content_text: long, content: doc })).toBe(`${'a'.repeat(150)}...`);
    expect(conceptExcerpt({ content_text: 'court', content: doc })).toBe('court');
  });

  it('falls back to the text of the content tree, then to the content string', () => {
    expect(conceptExcerpt({ content_text: '', content: doc })).toMatch(/^Photosynthèse La lumière/);
    expect(conceptExcerpt({ content_text: null, content: 'juste du texte' })).toBe('juste du texte');
  });

  it('says there is no preview when there is nothing', () => {
    expect(conceptExcerpt({ content_text: '', content: null })).toBe(NO_PREVIEW);
    expect(conceptExcerpt({})).toBe('Aucun aperçu disponible.');
  });
});

describe('malformed documents', () => {
  it('never throw: nulls, strings and numbers where nodes, marks or attributes belong are skipped', () => {
    const broken = {
      type: 'doc',
      content: [null, 'texte', 3, { type: 'paragraph', content: 'pas une liste' }, { type: 'paragraph', marks: 'x', attrs: 'y', content: [null, { type: 'text', text: 'ok', marks: [null, { type: 'conceptLink', attrs: null }] }] }],
    } as never;
    expect(docToPlainText(broken)).toBe('ok');
    expect(linkedConceptIds(broken)).toEqual([]);
    expect(linkedConceptTitles(broken)).toEqual([]);
  });
});
