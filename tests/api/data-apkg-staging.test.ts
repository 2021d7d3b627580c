/**
 * An Anki import writes each answer of the revlog once: into the person's history, not
 * first as a staged row of its own that the switch reads back and deletes. Counted through
 * D1's own figures (`meta.rows_written` of every result) for two collections alike but
 * for their answers: the rows written for the answers, per answer, are those of its
 * history row and its indexes. The answers travel inside their card's staged row
 * (services/data-import.ts StageCards).
 */
import { env } from 'cloudflare:test';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ANKI_SCHEMA } from '../../worker/src/domain/anki';
import { importApkg } from '../../worker/src/services/apkg-import';
import { loadSqlite } from '../../worker/src/services/sqlite-wasm';
import { signUp } from './helpers';

const CRT = 1_735_700_400;
const DAY = 86_400_000;

/** A schema-11 collection of `cards` Basic cards in one deck, each answered `answers` times a few days apart. */
async function collection(cards: number, answers: number): Promise<Uint8Array> {
  const SQL = await loadSqlite();
  const db = new SQL.Database();
  db.run(ANKI_SCHEMA);
  const models = { 1: { id: 1, name: 'Basic', type: 0, flds: [{ name: 'Front', ord: 0 }, { name: 'Back', ord: 1 }], tmpls: [{ name: 'Card 1', ord: 0, qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' }] } };
  db.run("INSERT INTO col VALUES (1, ?, 0, 0, 11, 0, 0, 0, '{\"schedVer\":2}', ?, ?, '{}', '{}')", [CRT, JSON.stringify(models), JSON.stringify({ 1: { id: 1, name: 'Vocabulaire' } })]);
  for (let i = 1; i <= cards; i++) {
    db.run("INSERT INTO notes VALUES (?, ?, 1, 0, 0, '', ?, '', 0, 0, '')", [i, `g${i}`, `mot ${i}\x1fsens ${i}`]);
    db.run("INSERT INTO cards VALUES (?, ?, 1, 0, 0, 0, 2, 2, 400, 10, 2500, ?, 0, 0, 0, 0, 0, '')", [1000 + i, i, answers]);
    for (let a = 0; a < answers; a++) {
      db.run('INSERT INTO revlog VALUES (?, ?, 0, 3, 1, 0, 2500, 4000, ?)', [CRT * 1000 + (a * 3 + 1) * DAY + i, 1000 + i, a === 0 ? 0 : 1]);
    }
  }
  const bytes = db.export();
  db.close();
  return zipSync({ 'collection.anki2': bytes, media: strToU8('{}') });
}

/** D1 as the import uses it, adding up the rows the database wrote for it. */
function counting(d1: D1Database) {
  const seen = { rowsWritten: 0 };
  const add = (result: unknown) => {
    for (const r of Array.isArray(result) ? result : [result]) seen.rowsWritten += (r as D1Result | null)?.meta?.rows_written ?? 0;
  };
  const wrap = (s: D1PreparedStatement): D1PreparedStatement => {
    const bind = s.bind.bind(s);
    for (const name of ['all', 'run', 'first'] as const) {
      const real = (s[name] as (...a: unknown[]) => Promise<unknown>).bind(s);
      Object.assign(s, { [name]: async (...a: unknown[]) => { const out = await real(...a); if (name !== 'first') add(out); return out; } });
    }
    return Object.assign(s, { bind: (...values: unknown[]) => wrap(bind(...values)) });
  };
  const counted = {
    prepare: (sql: string) => wrap(d1.prepare(sql)),
    batch: async (statements: D1PreparedStatement[]) => {
      const out = await d1.batch(statements);
      add(out);
      return out;
    },
  } as unknown as D1Database;
  return { d1: counted, seen };
}

async function rowsWritten(cards: number, answers: number) {
  const user = await signUp('astage');
  const { d1, seen } = counting(env.DB);
  const result = await importApkg({ d1, bucket: env.FILES, userId: user.id, bytes: await collection(cards, answers) }, Date.now());
  expect(result.flashcards).toBe(cards);
  expect(result.reviews).toBe(cards * answers);
  return seen.rowsWritten;
}

describe('an Anki import', () => {
  it('writes each answer once, into the history, not a staged row of its own first', async () => {
    const without = await rowsWritten(60, 0);
    const withAnswers = await rowsWritten(60, 8);
    const perAnswer = (withAnswers - without) / (60 * 8);
    // Its history row and that table's four index entries: 5 (7 when each answer was also
    // staged as a row of its own, then deleted).
    expect(perAnswer).toBeLessThan(5.5);
  });
});
