import { describe, expect, it } from 'vitest';
import { ankiFraction, occlusionCardOrd, occlusionNoteFields, parseOcclusionNote } from '../../worker/src/domain/anki-occlusion';
import type { OcclusionShape } from '../../worker/src/domain/image-occlusion';

const rect = (left: number, top: number, width: number, height: number, extra: Partial<OcclusionShape> = {}): OcclusionShape => ({ kind: 'rect', left, top, width, height, label: '', ...extra });

describe('Anki Image Occlusion fields', () => {
  it('writes fractions as Anki does: 4 decimals, no leading or trailing zero', () => {
    expect([0.25, 0.12345, 0, 1, 0.1].map(ankiFraction)).toEqual(['.25', '.1235', '.0000', '1.', '.1']);
  });
  it('writes one cloze per shape, hide all as oi=1 on each, an ellipse by its radii, labels in Comments', () => {
    const shapes = [rect(0.1, 0.2, 0.3, 0.1, { label: 'Lyon <ville>' }), rect(0.5, 0.5, 0.2, 0.1, { kind: 'ellipse', ordinal: 5 })];
    const [occlusion, image, header, back, comments] = occlusionNoteFields({ shapes, mode: 'hide_all', header: 'Où ?', imageName: 'carte.png' });
    expect(occlusion).toBe('{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.1:oi=1}}<br>{{c5::image-occlusion:ellipse:left=.5:top=.5:rx=.1:ry=.05:oi=1}}<br>');
    expect([image, header, back, comments]).toEqual(['<img src="carte.png">', 'Où ?', '', 'c1: Lyon &lt;ville&gt;']);
    expect(occlusionNoteFields({ shapes, mode: 'hide_one', header: '', imageName: 'x.png' })[0]).not.toContain('oi=');
    expect([occlusionCardOrd(shapes, 0), occlusionCardOrd(shapes, 1)]).toEqual([0, 4]);
  });
  it('reads back what it writes', () => {
    const shapes = [rect(0.1, 0.2, 0.3, 0.1, { label: 'A & B', ordinal: 2 }), rect(0.6, 0.5, 0.4, 0.5, { kind: 'ellipse', ordinal: 3 })];
    const fields = occlusionNoteFields({ shapes, mode: 'hide_one', header: 'Titre', imageName: 'é t.png' });
    expect(parseOcclusionNote(fields)).toEqual({ imageName: 'é t.png', shapes, mode: 'hide_one', header: 'Titre' });
  });
  it('reads escaped values and skips text shapes (c0)', () => {
    const note = parseOcclusionNote(['{{c0::image-occlusion:text:left=.1:top=.1:text=a\\:b}}{{c1::image-occlusion:rect:left=.1:top=.1:width=.2:height=.2:fill=#ff0000}}', '<img src="a.png">', '', '', '']);
    expect(note!.shapes).toEqual([rect(0.1, 0.1, 0.2, 0.2, { ordinal: 1 })]);
  });
  it('refuses unreadable or out-of-image shapes and notes without an image', () => {
    const withOcclusion = (occlusion: string) => parseOcclusionNote([occlusion, '<img src="a.png">', '', '', '']);
    expect(withOcclusion('{{c1::image-occlusion:rect:left=abc:top=.1:width=.2:height=.2}}')).toBeNull();
    expect(withOcclusion('{{c1::image-occlusion:rect:left=1.5:top=.1:width=.2:height=.2}}')).toBeNull();
    expect(withOcclusion('{{c1::image-occlusion:rect:left=.9:top=.1:width=.5:height=.2}}')).toBeNull();
    expect(withOcclusion('{{c1::image-occlusion:rect:left=.1:top=.1:height=.2}}')).toBeNull();
    expect(withOcclusion('{{c1::plain cloze}}')).toBeNull();
    expect(withOcclusion('')).toBeNull();
    expect(parseOcclusionNote(['{{c1::image-occlusion:rect:left=.1:top=.1:width=.2:height=.2}}', 'no image', '', '', ''])).toBeNull();
    // A rounding step past the edge is brought back to it.
    expect(withOcclusion('{{c1::image-occlusion:rect:left=.8:top=.1:width=.2001:height=.2}}')!.shapes[0]!.width).toBeCloseTo(0.2, 9);
  });
});
