/**
 * The reader behind `browserTimeZone()` (time-zone.ts), over what it reads and keeps: the
 * browser's sources are given by time-zone.ts, a test's by the test.
 */
export interface TimeZoneSources {
  /** The zone, where the browser tells it at no cost; else null. */
  quick(): string | null;
  /** The zone as the browser gives it now (the costly read). */
  read(): string;
  /** The clock's offsets, as `Date.getTimezoneOffset()` gives them, joined. */
  offsets(): string;
  /** The kept entry, or null; `keep` stores one (each may fail silently). */
  kept(): string | null;
  keep(entry: string): void;
  /** Runs the later check (when idle). */
  later(task: () => void): void;
}

/** The zone's reader over `sources`: `browserTimeZone()` in time-zone.ts is the page's. */
export function timeZoneReader(sources: TimeZoneSources): () => string {
  let current: { offsets: string; zone: string } | null = null;
  let checking = false;
  const readNow = (offsets: string) => {
    let zone = 'UTC';
    try {
      zone = sources.read() || 'UTC';
    } catch {
      // The browser cannot tell.
    }
    current = { offsets, zone };
    sources.keep(JSON.stringify(current));
    return zone;
  };
  return () => {
    const offsets = sources.offsets();
    if (current?.offsets === offsets) return current.zone;
    const quick = sources.quick();
    if (quick) {
      current = { offsets, zone: quick };
      return quick;
    }
    const kept = parseKept(sources.kept());
    if (!kept || kept.offsets !== offsets || checking) return readNow(offsets);
    current = kept;
    checking = true;
    sources.later(() => readNow(sources.offsets()));
    return kept.zone;
  };
}

function parseKept(text: string | null): { offsets: string; zone: string } | null {
  try {
    const kept: unknown = text ? JSON.parse(text) : null;
    if (kept && typeof kept === 'object' && 'offsets' in kept && 'zone' in kept && typeof kept.offsets === 'string' && typeof kept.zone === 'string') return { offsets: kept.offsets, zone: kept.zone };
  } catch {
    // Not ours: read again.
  }
  return null;
}
