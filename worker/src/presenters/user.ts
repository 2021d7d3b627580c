import type { users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

/** The fields of a user that may leave the server: never the hash. */
export function presentUser(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    created_at: new Date(user.createdAt).toISOString(),
  };
}
