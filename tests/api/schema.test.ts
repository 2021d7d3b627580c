/**
 * The drizzle schema (worker/src/db/schema.ts) must tell the truth about the database the
 * migrations build: same tables, columns (type, NOT NULL, default, primary key), indexes
 * (columns, uniqueness, partial), foreign keys — and the objects drizzle cannot declare
 * (FTS5 tables, triggers) listed by name in `sqlOnlyObjects`. The test database here is
 * the one every API test uses: migrations/ applied to a fresh D1 (tests/api/setup.ts).
 */
import { env } from 'cloudflare:test';
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../worker/src/db/schema';

interface TableShape {
  columns: string[];
  indexes: string[];
  foreignKeys: string[];
}

const literal = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (is(value, SQL)) return value.queryChunks.map((chunk) => (typeof chunk === 'object' && chunk && 'value' in chunk ? (chunk.value as string[]).join('') : String(chunk))).join('');
  return JSON.stringify(value);
};

const column = (name: string, type: string, notNull: boolean, dflt: string | null, pk: boolean) =>
  `${name} ${type.toLowerCase()}${notNull || pk ? ' not null' : ''}${dflt === null ? '' : ` default ${dflt}`}${pk ? ' pk' : ''}`;

/** What drizzle declares, in the same words as `describeDatabase`. */
function describeSchema(): Map<string, TableShape> {
  const tables = new Map<string, TableShape>();
  for (const table of Object.values(schema)) {
    if (!is(table, SQLiteTable)) continue;
    const config = getTableConfig(table);
    const compositeKey = new Set(config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)));
    tables.set(config.name, {
      columns: config.columns.map((c) => column(c.name, c.getSQLType(), c.notNull, literal(c.default), c.primary || compositeKey.has(c.name))).sort(),
      indexes: config.indexes
        .map((i) => {
          const names = i.config.columns.map((c) => (is(c, SQL) ? '<expression>' : (c as { name: string }).name));
          return `${i.config.name} ${i.config.unique ? 'unique ' : ''}(${names.join(', ')})${i.config.where ? ' partial' : ''}`;
        })
        .sort(),
      foreignKeys: config.foreignKeys
        .map((fk) => {
          const ref = fk.reference();
          return `${ref.columns.map((c) => c.name).join(', ')} -> ${getTableConfig(ref.foreignTable).name}(${ref.foreignColumns.map((c) => c.name).join(', ')}) on delete ${(fk.onDelete ?? 'no action').toLowerCase()}`;
        })
        .sort(),
    });
  }
  return tables;
}

interface PragmaColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

/** What the migrated database holds, read from `sqlite_schema` and its pragmas. */
async function describeDatabase() {
  const objects = (await env.DB.prepare("SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'").all<{ type: string; name: string; sql: string | null }>()).results;
  const virtualTables = objects.filter((o) => o.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(o.sql ?? '')).map((o) => o.name);
  const isShadow = (name: string) => virtualTables.some((v) => name.startsWith(`${v}_`));
  const plainTables = objects.filter((o) => o.type === 'table' && !virtualTables.includes(o.name) && !isShadow(o.name)).map((o) => o.name);
  const tables = new Map<string, TableShape>();
  for (const name of plainTables) {
    const pragma = async <T,>(what: string, of = name) => (await env.DB.prepare(`PRAGMA ${what}("${of}")`).all<T>()).results;
    const columns = await pragma<PragmaColumn>('table_info');
    const indexList = (await pragma<{ name: string; unique: number; origin: string; partial: number }>('index_list')).filter((i) => i.origin === 'c');
    const indexes = await Promise.all(
      indexList.map(async (i) => {
        const parts = await pragma<{ seqno: number; name: string | null }>('index_info', i.name);
        const names = parts.sort((a, b) => a.seqno - b.seqno).map((p) => p.name ?? '<expression>');
        return `${i.name} ${i.unique ? 'unique ' : ''}(${names.join(', ')})${i.partial ? ' partial' : ''}`;
      }),
    );
    const keys = await pragma<{ id: number; seq: number; table: string; from: string; to: string; on_delete: string }>('foreign_key_list');
    const byId = new Map<number, typeof keys>();
    for (const key of keys) byId.set(key.id, [...(byId.get(key.id) ?? []), key]);
    tables.set(name, {
      columns: columns.map((c) => column(c.name, c.type, c.notnull === 1, c.dflt_value, c.pk > 0)).sort(),
      indexes: indexes.sort(),
      foreignKeys: [...byId.values()]
        .map((parts) => {
          const [first, ...rest] = parts.sort((a, b) => a.seq - b.seq);
          const sorted = [first!, ...rest];
          return `${sorted.map((p) => p.from).join(', ')} -> ${first!.table}(${sorted.map((p) => p.to).join(', ')}) on delete ${first!.on_delete.toLowerCase()}`;
        })
        .sort(),
    });
  }
  const named = (type: string) => objects.filter((o) => o.type === type).map((o) => o.name).sort();
  return { tables, virtualTables: virtualTables.sort(), triggers: named('trigger') };
}

describe('the drizzle schema and the migrated database', () => {
  it('declare the same tables, each with the same columns, indexes and foreign keys', async () => {
    const declared = describeSchema();
    const { tables } = await describeDatabase();
    expect(Object.fromEntries(declared)).toEqual(Object.fromEntries(tables));
  });

  it('list every FTS5 table and trigger the migrations create', async () => {
    const { virtualTables, triggers } = await describeDatabase();
    expect([...schema.sqlOnlyObjects.virtualTables].sort()).toEqual(virtualTables);
    expect(Object.values(schema.sqlOnlyObjects.triggers).flat().sort()).toEqual(triggers);
  });
});
