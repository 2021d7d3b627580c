/**
 * Rows created inside a batch. A batch that creates a row and then writes rows pointing at
 * it (tags of a new concept, cards of a new session, mentions of a new block) cannot know
 * the new id before it runs. Each new row gets its `uid` from the Worker instead (the same
 * 32 hex digits as the uid triggers of migration 0013), so later statements of the batch
 * find it by the unique (user_id, uid) index — as many new rows per batch as needed — and
 * the INSERT's `RETURNING id` hands the id to the caller.
 */
export function newUid(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** SQL for the id of the person's row with that uid (a number and hex digits: safe to inline). */
export function idByUid(table: 'concepts' | 'study_sessions' | 'note_blocks', userId: number, uid: string): string {
  if (!/^[0-9a-f]{32}$/.test(uid) || !Number.isSafeInteger(userId)) throw new Error('idByUid: not a uid');
  return `(SELECT id FROM ${table} WHERE user_id = ${userId} AND uid = '${uid}')`;
}
