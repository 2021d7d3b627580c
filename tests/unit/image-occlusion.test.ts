import { describe, expect, it } from 'vitest';
import { fitShape, masksOf, nudgeShape, occlusionCardText, parseCardOcclusion, shapeFromDrag, shapeProblem, type CardOcclusion } from '../../worker/src/domain/image-occlusion';

const shape = (left: number, top: number, width: number, height: number, label = '') => ({ left, top, width, height, label });
const three = [shape(0.1, 0.1, 0.2, 0.2, 'A'), shape(0.5, 0.5, 0.2, 0.2, 'B'), shape(0.7, 0.1, 0.2, 0.1, 'C')];

describe('shape validation', () => {
  it('accepts a shape inside the image, edges included', () => {
    expect(shapeProblem(shape(0, 0, 1, 1))).toBeNull();
    expect(shapeProblem(shape(0.7, 0.9, 0.3, 0.1))).toBeNull();
  });
  it('refuses coordinates outside 0–1, past the edge, too small or not numbers, in French', () => {
    expect(shapeProblem(shape(-0.1, 0, 0.2, 0.2))).toMatch(/nombre de 0 à 1/);
    expect(shapeProblem(shape(0.9, 0, 0.2, 0.2))).toBe('La zone dépasse de l’image.');
    expect(shapeProblem(shape(0.1, 0.1, 0.001, 0.2))).toMatch(/au moins 1 %/);
    expect(shapeProblem(shape(Number.NaN, 0, 0.2, 0.2))).toMatch(/nombre de 0 à 1/);
  });
});

describe('mask geometry', () => {
  const card = (mode: CardOcclusion['mode']): CardOcclusion => ({ image: '/x', shapes: three, target: 1, mode });
  it('hide one: the question masks only the asked shape, the answer reveals it', () => {
    expect(masksOf(card('hide_one'), 'question')).toEqual([{ index: 1, kind: 'asked', shape: three[1] }]);
    expect(masksOf(card('hide_one'), 'answer')).toEqual([{ index: 1, kind: 'revealed', shape: three[1] }]);
  });
  it('hide all: every other shape stays masked on both sides', () => {
    expect(masksOf(card('hide_all'), 'question').map((m) => [m.index, m.kind])).toEqual([[0, 'masked'], [1, 'asked'], [2, 'masked']]);
    expect(masksOf(card('hide_all'), 'answer').map((m) => [m.index, m.kind])).toEqual([[0, 'masked'], [1, 'revealed'], [2, 'masked']]);
  });
  it('draws a drag in any direction as the rectangle between its points, clipped to the image', () => {
    expect(shapeFromDrag({ x: 0.6, y: 0.8 }, { x: 0.2, y: 0.3 })).toEqual(shape(0.2, 0.3, 0.4, 0.5));
    expect(shapeFromDrag({ x: 0.9, y: 0.9 }, { x: 1.4, y: 1.2 })).toEqual(shape(0.9, 0.9, 0.1, 0.1));
    expect(shapeFromDrag({ x: 0.5, y: 0.5 }, { x: 0.503, y: 0.6 })).toBeNull();
  });
  it('moves and resizes by keyboard steps without leaving the image or shrinking below the minimum', () => {
    expect(nudgeShape(shape(0.1, 0.1, 0.2, 0.2), 0.05, 0, false)).toEqual(shape(0.15, 0.1, 0.2, 0.2));
    expect(nudgeShape(shape(0.85, 0.1, 0.1, 0.2), 0.1, 0, false)).toEqual(shape(0.9, 0.1, 0.1, 0.2));
    expect(nudgeShape(shape(0, 0, 0.2, 0.2), -0.05, -0.05, false)).toEqual(shape(0, 0, 0.2, 0.2));
    expect(nudgeShape(shape(0.7, 0.1, 0.2, 0.2), 0.5, -0.5, true)).toEqual(shape(0.7, 0.1, 0.3, 0.01));
    expect(fitShape(shape(0.99, 0.5, 0.5, 0.1))).toEqual(shape(0.5, 0.5, 0.5, 0.1));
  });
});

describe('stored occlusion', () => {
  it('reads a card’s JSON back and refuses one whose asked shape or geometry is wrong', () => {
    const stored: CardOcclusion = { image: '/api/v1/files/1/0b5f3c1e-2a4d-4e6f-8a9b-1c2d3e4f5a6b', shapes: three, target: 2, mode: 'hide_all' };
    // Older cards: rectangles, numbered in order, no group, zones never edited (version 0).
    expect(parseCardOcclusion(JSON.stringify(stored))).toEqual({ ...stored, shapes: three.map((s, i) => ({ ...s, kind: 'rect', ordinal: i + 1 })), group: null, version: 0 });
    expect(parseCardOcclusion(JSON.stringify({ ...stored, version: 3 }))!.version).toBe(3);
    expect(parseCardOcclusion(JSON.stringify({ ...stored, version: -1 }))).toBeNull();
    const kept = { ...stored, shapes: [{ ...three[0]!, kind: 'ellipse' as const, ordinal: 4 }, three[1]!, { ...three[2]!, ordinal: 1 }], group: 'g1' };
    expect(parseCardOcclusion(JSON.stringify(kept))!.shapes.map((s) => [s.kind, s.ordinal])).toEqual([['ellipse', 4], ['rect', 2], ['rect', 1]]);
    expect(parseCardOcclusion(JSON.stringify({ ...kept, shapes: [{ ...three[0]!, ordinal: 2 }, { ...three[1]!, ordinal: 2 }] }))).toBeNull();
    expect(parseCardOcclusion(JSON.stringify({ ...kept, shapes: [{ ...three[0]!, kind: 'star' }] , target: 0 }))).toBeNull();
    expect(parseCardOcclusion(JSON.stringify({ ...stored, image: 'https://tracker.example/pixel.png' }))).toBeNull();
    expect(parseCardOcclusion(JSON.stringify({ ...stored, target: 3 }))).toBeNull();
    expect(parseCardOcclusion(JSON.stringify({ ...stored, shapes: [shape(0.9, 0, 0.2, 0.2)], target: 0 }))).toBeNull();
    expect(parseCardOcclusion(JSON.stringify({ ...stored, mode: 'other' }))).toBeNull();
    expect(parseCardOcclusion('not json')).toBeNull();
    expect(parseCardOcclusion(null)).toBeNull();
  });
  it('asks the header (or a default question) and answers the label (or the shape’s number)', () => {
    expect(occlusionCardText(three, 0, ' Quel os ? ')).toEqual({ question: 'Quel os ?', answer: 'A' });
    expect(occlusionCardText([shape(0, 0, 0.5, 0.5)], 0, '')).toEqual({ question: 'Que cache la zone masquée ?', answer: 'Zone 1 sur 1' });
  });
});
