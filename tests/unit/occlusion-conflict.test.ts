import { describe, expect, it } from 'vitest';
import { editedShapes, type CardOcclusion } from '@domain/image-occlusion';
import { resolveStaleZones, staleOcclusionOf } from '../../web/src/features/flashcards/occlusion-conflict';

const shape = (ordinal: number | undefined, left: number, label: string) => ({ kind: 'rect' as const, ...(ordinal ? { ordinal } : {}), left, top: 0.1, width: 0.1, height: 0.1, label });
const image = '/api/v1/files/1/0b5f3c1e-2a4d-4e6f-8a9b-1c2d3e4f5a6b';
// Elsewhere, zone 2 was removed and a zone 3 added: the group is now at version 2.
const newer: CardOcclusion = { image, shapes: [shape(1, 0.1, 'Coin'), shape(3, 0.7, 'Ailleurs')], target: 0, mode: 'hide_all', group: 'g', version: 2 };
// The person, from version 1, moved zone 2 and drew a new one.
const mine = { shapes: [shape(1, 0.2, 'Mon coin'), shape(2, 0.5, 'Ma zone'), shape(undefined, 0.8, 'Nouvelle')], mode: 'hide_one' as const, version: 1 };
// As the page's client throws it (ApiRequestError: status, detail, the whole envelope).
const refused = (body: Record<string, unknown> | null, status = 409) => Object.assign(new Error('changé'), { status, detail: 'changé', body });

describe('a save of the zones refused because they changed elsewhere', () => {
  it('reads the newer version from the 409 stale_occlusion envelope, and nothing else', () => {
    expect(staleOcclusionOf(refused({ code: 'stale_occlusion', detail: 'x', occlusion: newer }))).toMatchObject({ version: 2, shapes: [{ ordinal: 1 }, { ordinal: 3 }] });
    expect(staleOcclusionOf(refused({ code: 'stale_occlusion', detail: 'x' }))).toBeNull();
    expect(staleOcclusionOf(refused({ code: 'stale_occlusion', occlusion: { ...newer, image: 'https://tracker.example/x.png' } }))).toBeNull();
    expect(staleOcclusionOf(refused({ code: 'unknown_shape', occlusion: newer }, 422))).toBeNull();
    expect(staleOcclusionOf(new Error('réseau'))).toBeNull();
  });
  it('"Garder mes zones" saves every zone the person drew over the newer version, which the server accepts', () => {
    const kept = resolveStaleZones('keep', mine, newer);
    expect(kept.version).toBe(2);
    expect(kept.mode).toBe('hide_one');
    expect(kept.shapes.map((s) => [s.label, s.left, s.ordinal])).toEqual([
      ['Mon coin', 0.2, 1],
      // Zone 2 no longer exists in the newer version: it is saved as a new zone, not refused.
      ['Ma zone', 0.5, undefined],
      ['Nouvelle', 0.8, undefined],
    ]);
    expect(editedShapes(newer.shapes, mine.shapes)).toBeNull();
    expect(editedShapes(newer.shapes, kept.shapes)!.map((s) => s.label)).toEqual(['Mon coin', 'Ma zone', 'Nouvelle']);
  });
  it('"Charger les nouvelles" replaces the editor’s zones and mode with the newer ones', () => {
    expect(resolveStaleZones('load', mine, newer)).toEqual({ shapes: newer.shapes, mode: 'hide_all', version: 2 });
  });
});
