/**
 * A condition that makes a D1 batch fail — and so roll back whole, a batch being one
 * transaction — when it does not hold at the moment the batch runs. This is how a write
 * is judged once: "the concept still exists", "the content is still at the version the
 * write was based on". SQLite has no RAISE outside triggers; `json()` of text that is not
 * JSON raises instead, and CASE evaluates it only when the condition is false.
 */
const GUARD_MARK = 'astrolabe-guard';

export function abortUnless(d1: D1Database, condition: string, ...binds: unknown[]): D1PreparedStatement {
  return d1.prepare(`SELECT CASE WHEN (${condition}) THEN 1 ELSE json('${GUARD_MARK}') END AS ok`).bind(...binds);
}

/** Whether a failed batch failed on a guard (and not on anything else). */
export function isGuardFailure(err: unknown): boolean {
  return /malformed JSON/i.test(String((err as Error)?.message ?? err)) || /malformed JSON/i.test(String((err as { cause?: Error })?.cause?.message ?? ''));
}

/** A write refused by a unique index (e.g. a row with that `uid` already made by a retried request). */
export function isUniqueViolation(err: unknown): boolean {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: Error })?.cause?.message ?? '');
  return /UNIQUE constraint/i.test(text);
}
