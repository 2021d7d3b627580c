import { describe, expect, it } from 'vitest';
import { CONCEPT_IMAGES_MAX, conceptImages } from '@domain/concept-images';

const A = '/api/v1/files/7/0b7b0c1e-2f6a-4c1e-9a65-1f2d3c4b5a69';
const B = '/api/v1/files/7/1c8c1d2f-3a7b-4d2f-8b76-2a3e4d5c6b7a';
const OTHERS = '/api/v1/files/8/2d9d2e3a-4b8c-4e3a-9c87-3b4f5e6d7c8b';

const doc = (...content: unknown[]) => JSON.stringify({ type: 'doc', content });
const figure = (src: string, alt = '', title = '') => ({ type: 'figure', attrs: { src, alt, title } });

describe('the images of a concept an occlusion card may use', () => {
  it('lists the person’s uploaded figures and attached images, in the document’s order, each once', () => {
    const content = doc(
      { type: 'paragraph', content: [{ type: 'text', text: 'Carte' }] },
      figure(B, '', 'Le Rhône'),
      { type: 'bulletList', content: [{ type: 'listItem', content: [figure(A, 'Plan de Lyon')] }] },
      { type: 'fileAttachment', attrs: { src: A, fileName: 'plan.png', mimeType: 'image/png' } },
      { type: 'fileAttachment', attrs: { src: '/api/v1/files/7/3e0e3f4b-5c9d-4f4b-8d98-4c5a6f7e8d9c', fileName: 'notes.pdf', mimeType: 'application/pdf' } },
    );
    expect(conceptImages(content, 7)).toEqual([
      { address: B, name: 'Le Rhône' },
      { address: A, name: 'Plan de Lyon' },
    ]);
  });

  it('leaves out images from elsewhere, another person’s uploads and unreadable content', () => {
    const content = doc(figure('https://example.org/carte.png', 'web'), figure(OTHERS, 'autre'), figure('/api/v1/files/7/pas-un-uuid'), { type: 'figure' }, 'texte');
    expect(conceptImages(content, 7)).toEqual([]);
    expect(conceptImages(null, 7)).toEqual([]);
    expect(conceptImages('{pas du json', 7)).toEqual([]);
    expect(conceptImages(JSON.stringify('texte seul'), 7)).toEqual([]);
  });

  it('stops at the most the picker lists', () => {
    const many = Array.from({ length: CONCEPT_IMAGES_MAX + 5 }, (_, i) => figure(`/api/v1/files/7/${i.toString(16).padStart(8, '0')}-2f6a-4c1e-9a65-1f2d3c4b5a69`));
    expect(conceptImages(doc(...many), 7)).toHaveLength(CONCEPT_IMAGES_MAX);
  });
});
