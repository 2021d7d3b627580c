/**
 * The FSRS parameters an Anki collection's presets carry (Anki ≥ 23.10 keeps a preset's
 * optimised parameters in its deck options). They are offered to the person after an
 * import, never saved by it: the person may already have parameters of their own.
 * Pure: no I/O.
 */
import { CLAMP_PARAMETERS, migrateParameters, W17_W18_Ceiling } from 'ts-fsrs';
import { fsrsParamsProblem } from './fsrs-params';
import { protobufFields } from './anki-import';

/** One preset: when it was last changed (s) and its parameter lists, newest FSRS version first. */
export interface AnkiPreset {
  mtime: number;
  lists: number[][];
}

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)) : []);

/** A schema-11 preset (`col.dconf`'s values): `fsrsParams6`, `fsrsParams5`, then `fsrsWeights` (FSRS-4.5 or 5). */
export function presetFromDconf(conf: unknown): AnkiPreset {
  const c = (conf && typeof conf === 'object' ? conf : {}) as Record<string, unknown>;
  return { mtime: Number(c.mod) || 0, lists: [numbers(c.fsrsParams6), numbers(c.fsrsParams5), numbers(c.fsrsWeights)] };
}

/** A schema-18 preset (`deck_config.config`, DeckConfig.Config): `fsrs_params_6 = 6`, `fsrs_params_5 = 5`, `fsrs_params_4 = 3`, each a repeated float. */
export function presetFromConfig(mtime: number, config: Uint8Array): AnkiPreset {
  const fields = protobufFields(config);
  const floats = (field: number) =>
    fields.flatMap((f) => {
      if (f.field !== field) return [];
      if (f.float !== undefined) return [f.float];
      if (!f.bytes) return [];
      const view = new DataView(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength);
      return Array.from({ length: Math.floor(f.bytes.byteLength / 4) }, (_, i) => view.getFloat32(i * 4, true));
    });
  return { mtime, lists: [floats(6), floats(5), floats(3)] };
}

/**
 * The parameters to offer: those of the most recently changed preset that has any, as
 * FSRS-6's 21 (FSRS-5's 19 and FSRS-4.5's 17 migrated as ts-fsrs does), rounded as Anki
 * shows them and held within FSRS-6's bounds; null when no preset has any, or they are
 * not numbers FSRS can use.
 */
export function presetFsrsParams(presets: readonly AnkiPreset[]): number[] | null {
  const found = presets
    .map((p) => ({ mtime: p.mtime, list: p.lists.find((l) => [17, 19, 21].includes(l.length)) }))
    .filter((p): p is { mtime: number; list: number[] } => !!p.list)
    .sort((a, b) => b.mtime - a.mtime)[0];
  if (!found) return null;
  // Migrated FSRS-5 parameters have w19 = 0, below FSRS-6's bounds: each is clamped into them.
  const ranges = CLAMP_PARAMETERS(W17_W18_Ceiling, true);
  const migrated = found.list.length === 21 ? found.list : migrateParameters(found.list);
  const params = migrated.map((v, i) => {
    const [min = -Infinity, max = Infinity] = ranges[i] ?? [];
    return Math.min(max, Math.max(min, Math.round(v * 10_000) / 10_000));
  });
  return fsrsParamsProblem(params) === null ? params : null;
}
