/**
 * 'Delete my account' (Privacy tab): after the password is confirmed, everything
 * delete-all removes (rows, R2 files, live-room states), then the account row itself,
 * whose foreign keys cascade to whatever remains (sessions, reviews, push subscriptions).
 * The person's tokens stop working at once: every request looks the account up.
 */
import { deleteUser } from '../db/queries/users';
import { ApiError } from '../lib/errors';
import { verifyPassword } from '../lib/password';
import { deleteAllUserData } from './delete-all';

export const WRONG_PASSWORD = 'Incorrect password';

export async function deleteAccount(props: { d1: D1Database; bucket: R2Bucket; userId: number; passwordHash: string; password: string }) {
  if (!(await verifyPassword(props.password, props.passwordHash))) {
    throw new ApiError(422, 'validation_error', WRONG_PASSWORD, {});
  }
  await deleteAllUserData({ d1: props.d1, bucket: props.bucket, userId: props.userId });
  await deleteUser(props.d1, props.userId);
}
