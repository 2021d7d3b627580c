/**
 * `npm run db:generate` writes a migration from the difference between db/schema.ts and
 * the latest snapshot in migrations/meta. A schema change landed with a hand-written
 * migration (and no new snapshot) would make the next generated migration repeat it; this
 * test keeps the snapshot in step. (tests/api/schema.test.ts checks schema.ts against the
 * migrated database itself.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from '../../worker/src/db/schema';

const meta = path.resolve(__dirname, '../../migrations/meta');

describe('the latest drizzle snapshot', () => {
  it('is the schema as db/schema.ts declares it, so the next generated migration holds only new changes', async () => {
    const latest = readdirSync(meta).filter((f) => f.endsWith('_snapshot.json')).sort().at(-1)!;
    const snapshot = JSON.parse(readFileSync(path.join(meta, latest), 'utf8'));
    const current = await generateSQLiteDrizzleJson(schema, snapshot.id);
    expect(await generateSQLiteMigration(snapshot, current)).toEqual([]);
  });
});
