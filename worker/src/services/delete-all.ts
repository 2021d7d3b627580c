/**
 * Delete-all: every row a person owns, every object under their R2 prefix and
 * the stored state of their live rooms — nothing of anyone else. The account row stays,
 * so the person remains signed in and can start again (or restore a backup).
 *
 * The rows go first, in one batch (all or nothing); the R2 objects after, by listing the
 * person's prefix, so a failure there is repaired by running delete-all again.
 */
import { deleteAccountExtrasStatements, deleteUserRowsStatements } from '../db/queries/data';
import { userFileKey } from '../lib/r2-keys';

export const DELETE_ALL_CONFIRMATION = 'DELETE_ALL_MY_DATA';

export async function deleteAllUserData({ d1, bucket, userId }: { d1: D1Database; bucket: R2Bucket; userId: number }) {
  await d1.batch([...deleteUserRowsStatements(d1, userId), ...deleteAccountExtrasStatements(d1, userId)]);
  // userFileKey(id, '') is the person's prefix `users/{id}/`.
  const prefix = userFileKey(userId, '');
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix, cursor, limit: 1000 });
    if (listed.objects.length) await bucket.delete(listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}
