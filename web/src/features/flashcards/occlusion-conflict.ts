/**
 * A save of the zones refused because they changed elsewhere (409 `stale_occlusion`, whose
 * envelope carries the newer version): the editor keeps what the person drew and offers a
 * choice, 'Garder mes zones' (save theirs again, over the newer version) or 'Charger les
 * nouvelles' (replace them with the newer ones). Nothing is dropped before that choice.
 */
import { checkOcclusion, shapesOverNewer, type CardOcclusion, type OcclusionMode, type OcclusionShape } from '@domain/image-occlusion';

export const STALE_ZONES_TEXT = 'Ces zones ont été modifiées ailleurs pendant que vous les éditiez. Vos zones sont toujours là : gardez-les (elles remplaceront la nouvelle version) ou chargez les nouvelles (les vôtres seront abandonnées).';

/** The zones the editor holds and the version they were made from. */
export interface ZonesDraft {
  shapes: OcclusionShape[];
  mode: OcclusionMode;
  version: number;
}

/** The newer version a refused save names, or null when the error is something else (or carries none). */
export function staleOcclusionOf(err: unknown): CardOcclusion | null {
  // An ApiRequestError (api/client.ts), read by its fields so this stays free of the page's client.
  const { status, body } = (err ?? {}) as { status?: unknown; body?: { code?: unknown; occlusion?: unknown } | null };
  if (status !== 409 || body?.code !== 'stale_occlusion') return null;
  const occlusion = body.occlusion;
  return occlusion && typeof occlusion === 'object' ? checkOcclusion(occlusion as Partial<CardOcclusion>) : null;
}

/** The editor's zones after the person's choice: theirs on top of the newer version, or the newer ones. */
export function resolveStaleZones(choice: 'keep' | 'load', draft: ZonesDraft, newer: CardOcclusion): ZonesDraft {
  const version = newer.version ?? 0;
  if (choice === 'load') return { shapes: newer.shapes.map((s) => ({ ...s })), mode: newer.mode, version };
  return { shapes: shapesOverNewer(draft.shapes, newer.shapes), mode: draft.mode, version };
}
