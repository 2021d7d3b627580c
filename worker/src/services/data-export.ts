/**
 * The JSON backup: a preview of what it holds, and the file itself, streamed
 * section by section and page by page so a large account never sits whole in the
 * Worker's memory (a page of rows at a time).
 */
import { EXPORT_FORMAT, FORMAT_VERSION, SECTION_NAMES } from '../domain/data-format';
import { EXPORT_PAGE_CHARS, EXPORT_START, countUserData, readAccountHeader, readExportPage } from '../db/queries/data';
import { breathe } from '../lib/breathe';

const PAGE_SIZE = 5000;
/** Average bytes per exported row, measured on realistic data; the preview's estimate. */
const BYTES_PER = { concept: 1500, flashcard: 420, review: 560, other: 200 };

export async function exportPreview(d1: D1Database, userId: number) {
  const counts = await countUserData(d1, userId);
  const bytes =
    counts.concepts * BYTES_PER.concept +
    counts.flashcards * BYTES_PER.flashcard +
    counts.reviews * BYTES_PER.review +
    (counts.study_sessions + counts.constellations + counts.notes + counts.blocks + counts.links) * BYTES_PER.other +
    1024;
  const visible = {
    concepts: counts.concepts,
    flashcards: counts.flashcards,
    reviews: counts.reviews,
    study_sessions: counts.study_sessions,
    constellations: counts.constellations,
    notes: counts.notes,
  };
  return {
    counts: visible,
    total_items: Object.values(visible).reduce((a, b) => a + b, 0),
    estimated_file_size_mb: Math.max(0.01, Math.round((bytes / 1024 / 1024) * 100) / 100),
    estimated_bytes: bytes,
  };
}

/**
 * The backup as a byte stream: the header, then each section as a JSON array written one
 * page at a time as the reader pulls. Errors reach the reader as a broken stream.
 */
export function exportStream(d1: D1Database, userId: number, now: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* pieces(): AsyncGenerator<string> {
    const { account, preferences } = await readAccountHeader(d1, userId);
    const head = { format: EXPORT_FORMAT, format_version: FORMAT_VERSION, exported_at: new Date(now).toISOString(), account, preferences };
    yield JSON.stringify(head).slice(0, -1);
    for (const section of SECTION_NAMES) {
      yield `,\n${JSON.stringify(section)}:[`;
      let after = EXPORT_START;
      let limit = PAGE_SIZE;
      for (let first = true; ; first = false) {
        const { rows, chars, more, next } = await readExportPage(d1, userId, section, after, limit);
        if (!rows.length) break;
        yield (first ? '\n' : ',\n') + rows.join(',\n');
        if (!more) break;
        await breathe();
        after = next;
        // The next page asks for about as many rows as fill one page of this size.
        limit = Math.max(1, Math.min(PAGE_SIZE, Math.ceil((EXPORT_PAGE_CHARS / (chars / rows.length)) * 1.25)));
      }
      yield ']';
    }
    yield '\n}\n';
  }
  const iterator = pieces();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}
