/**
 * A vault's import does the same work per page whatever the vault's size: the rows the
 * database reads and the statements the import sends, counted through D1's own figures
 * (`meta.rows_read` of every result), grow with the pages, not with their square. A
 * lookup of a staged row that scans its whole section once per row (a correlated
 * subquery missing the staged rows' uid index) or a statement per page would show here
 * as the per-page figures of a four-times larger vault growing about four times.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { importVault } from '../../worker/src/services/vault-import';
import { signUp } from './helpers';

/** An Obsidian vault of `pages` notes in folders, each linking three others (one with an alias, one to a heading), with tags, a card in ten and a daily note in ten. */
function vault(pages: number): Uint8Array {
  const title = (i: number) => `Note ${i}`;
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < pages; i++) {
    if (i % 10 === 9) {
      files[`Coffre/Journal/${new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)}.md`] = strToU8(`Relu [[${title((i * 7) % pages)}]].\n`);
      continue;
    }
    const card = i % 10 === 3 ? `\n\nQuestion ${i}::Réponse ${i}\n` : '';
    const links = `[[${title((i * 7) % pages)}|alias ${i}]], [[${title((i * 13 + 1) % pages)}#Section]] et [[${title((i + 1) % pages)}]]`;
    files[`Coffre/Dossier ${i % 20}/${title(i)}.md`] = strToU8(`---\ntags: [physique${card ? ', flashcards' : ''}]\n---\nTexte de la note ${i} #lecture\n\n- ${links}\n${card}`);
  }
  return zipSync(files);
}

/** D1 as the import uses it, counting the statements sent and the rows the database read for them. */
function counting(d1: D1Database) {
  const seen = { statements: 0, rowsRead: 0 };
  const add = (result: unknown) => {
    const results = Array.isArray(result) ? result : [result];
    for (const r of results) seen.rowsRead += (r as D1Result | null)?.meta?.rows_read ?? 0;
  };
  const counted = {
    prepare(sql: string) {
      const statement = d1.prepare(sql);
      const bind = statement.bind.bind(statement);
      const wrap = (s: D1PreparedStatement): D1PreparedStatement => {
        for (const name of ['all', 'run', 'raw'] as const) {
          const real = (s[name] as (...a: unknown[]) => Promise<unknown>).bind(s);
          Object.assign(s, { [name]: async (...a: unknown[]) => { seen.statements++; const out = await real(...a); if (name !== 'raw') add(out); return out; } });
        }
        const first = s.first.bind(s);
        // `first` reads through `all` (counted once, with its meta).
        Object.assign(s, { first: async (column?: string) => (column === undefined ? ((await s.all()).results[0] ?? null) : first(column)) });
        return s;
      };
      return Object.assign(wrap(statement), { bind: (...values: unknown[]) => wrap(bind(...values)) });
    },
    async batch(statements: D1PreparedStatement[]) {
      seen.statements += statements.length;
      const out = await d1.batch(statements);
      add(out);
      return out;
    },
  } as unknown as D1Database;
  return { d1: counted, seen };
}

async function perPage(pages: number) {
  const user = await signUp('vlin');
  const { d1, seen } = counting(env.DB);
  const result = await importVault({ d1, bucket: env.FILES, userId: user.id, bytes: vault(pages) }, Date.now());
  expect(result.concepts).toBeGreaterThan(pages * 0.9);
  return { statements: seen.statements / pages, rowsRead: seen.rowsRead / pages };
}

describe('a vault import', () => {
  it('reads rows and sends statements in proportion to its pages, not to their square', async () => {
    const small = await perPage(150);
    const large = await perPage(600);
    // A linear import stays about the same per page (fixed costs only shrink); a quadratic one grows about four times.
    expect(large.rowsRead).toBeLessThan(small.rowsRead * 1.6);
    expect(large.statements).toBeLessThan(small.statements * 1.6);
    // And the work goes in statements of many rows each, not one (or more) per page.
    expect(large.statements).toBeLessThan(0.25);
  });
});
