/**
 * Row types for the raw SQL of db/queries, derived from db/schema.ts so a column's type is
 * written once. `SqlRow<typeof table>` is a table's row under its SQL (snake_case) column
 * names — what `SELECT *` hands back — and `Pick`s of it type narrower reads.
 *
 * A read that is batched with others is a `Query<Row>`: a prepared statement that carries
 * the row it reads, so `readBatch` hands back each statement's rows typed, and no service
 * casts a D1 result.
 */
import type { Table } from 'drizzle-orm';

type Columns<T extends Table> = T['_']['columns'];

/** A table's row as SQL reads it: its schema columns under their SQL names, with their types. */
export type SqlRow<T extends Table> = {
  [K in keyof Columns<T> & keyof T['$inferSelect'] as Columns<T>[K]['_']['name']]: T['$inferSelect'][K];
};

/** Some columns of a table's row, under their SQL names. */
export type SqlColumns<T extends Table, K extends keyof SqlRow<T>> = Pick<SqlRow<T>, K>;

/** The values of some columns of a table's row, in the order given (a row read as an array, `raw()`). */
export type SqlValues<T extends Table, K extends readonly (keyof SqlRow<T>)[]> = { -readonly [I in keyof K]: SqlRow<T>[K[I]] };

/** A prepared read that knows the row it reads (the row is a type only). */
export interface Query<Row> extends D1PreparedStatement {
  readonly __row?: Row;
}

/** Marks a prepared statement with the row it reads: the one place a D1 row is typed. */
export const query = <Row>(statement: D1PreparedStatement): Query<Row> => statement;

/** A prepared read whose rows come as arrays of values (`raw()`), in its SELECT list's order. */
export interface RawQuery<Values extends readonly unknown[]> extends D1PreparedStatement {
  readonly __values?: Values;
}

/** Marks a prepared statement with the values of the rows it reads as arrays. */
export const rawQuery = <Values extends readonly unknown[]>(statement: D1PreparedStatement): RawQuery<Values> => statement;

/** Every row a raw query reads, each an array of values (lighter than objects for many rows). */
export function rawRows<Values extends readonly unknown[]>(q: RawQuery<Values>): Promise<Values[]> {
  return q.raw<Values>();
}

/** Every row a query reads. */
export async function allRows<Row>(q: Query<Row>): Promise<Row[]> {
  return (await q.all<Row>()).results;
}

/** The first row a query reads, or null. */
export function firstRow<Row>(q: Query<Row>): Promise<Row | null> {
  return q.first<Row>();
}

/** The rows a query read inside a write batch (`result` is what the batch answered for `q`). */
export function rowsRead<Row>(_q: Query<Row>, result: D1Result): Row[] {
  return result.results as Row[];
}

/**
 * Runs a batch (one round trip, one transaction) and answers a reader of what its
 * statements read: `read(q)` is the rows `q` — a read, a RETURNING write or a write's
 * read-back among `statements` — read.
 */
export async function runBatch(d1: D1Database, statements: D1PreparedStatement[]) {
  const results = await d1.batch(statements);
  return <Row>(q: Query<Row>): Row[] => {
    const at = statements.indexOf(q);
    if (at < 0) throw new Error('runBatch: the statement read is not in the batch');
    return rowsRead(q, results[at]!);
  };
}

type RowsOf<Q extends readonly Query<unknown>[]> = { -readonly [K in keyof Q]: Q[K] extends Query<infer Row> ? Row[] : never };

/**
 * A read that must pass before a batch's other rows are looked at: its statement runs first
 * in the batch, and `pass` throws when its rows say no (the account check of a signed-in
 * request, read in the handler's first batch rather than in a round trip of its own).
 */
export interface BatchGuard<Row = unknown> {
  statement: Query<Row>;
  pass(rows: Row[]): void;
}

/** Runs reads in one round trip (one implicit transaction) and hands back each one's rows, once `guard` (first in the batch) passed. */
export async function readBatch<const Q extends readonly Query<unknown>[]>(d1: D1Database, queries: Q, guard?: BatchGuard): Promise<RowsOf<Q>> {
  const results = await d1.batch(guard ? [guard.statement, ...queries] : [...queries]);
  if (guard) guard.pass(results.shift()!.results);
  return results.map((r) => r.results) as RowsOf<Q>;
}
