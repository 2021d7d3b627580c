/** The Anki package export as the tests read it: requested through the API, opened with fflate and sql.js. */
import { unzipSync, strFromU8 } from 'fflate';
import type { Database } from 'sql.js';
import { expect } from 'vitest';
import { loadSqlite } from '../../worker/src/services/sqlite-wasm';
import type { TestUser } from './helpers';

export async function exportApkg(user: TestUser, options: unknown = {}) {
  const { SELF } = await import('cloudflare:test');
  return SELF.fetch('http://astrolabe.test/api/export-import/export/apkg', {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(options),
  });
}

export async function openPackage(res: Response) {
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const SQL = await loadSqlite();
  const db = new SQL.Database(files['collection.anki2']);
  return { files, db, media: JSON.parse(strFromU8(files.media!)) as Record<string, string> };
}

export function rows(db: Database, sql: string): Record<string, any>[] {
  const [result] = db.exec(sql);
  if (!result) return [];
  return result.values.map((v) => Object.fromEntries(result.columns.map((c, i) => [c, v[i]])));
}
