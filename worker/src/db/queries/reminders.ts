/** SQL of the daily reminder run: candidates, due counts, subscriptions, bookkeeping. */
import { allRows, query, type SqlColumns } from '../rows';
import type { flashcards, pushTokens, userPreferences, users } from '../schema';

/** A person with their stored preferences (null when they never saved any). */
export type ReminderCandidate = SqlColumns<typeof users, 'id' | 'time_zone' | 'reminder_day'> & { data: SqlColumns<typeof userPreferences, 'data'>['data'] | null };

/** Everyone with at least one Web Push subscription, with their preferences. */
export async function reminderCandidates(d1: D1Database): Promise<ReminderCandidate[]> {
  return allRows(
    query<ReminderCandidate>(
      d1.prepare(
        `SELECT u.id, u.time_zone, u.reminder_day, p.data FROM users u
         LEFT JOIN user_preferences p ON p.user_id = u.id
         WHERE EXISTS (SELECT 1 FROM push_tokens t WHERE t.user_id = u.id AND t.p256dh IS NOT NULL)`,
      ),
    ),
  );
}

/** Cards due at `now` per person (neither suspended nor buried), for the given people (those with none are absent). */
export async function dueCounts(d1: D1Database, userIds: number[], now: number): Promise<Map<number, number>> {
  const rows = await allRows(
    query<SqlColumns<typeof flashcards, 'user_id'> & { n: number }>(
      d1
        .prepare('SELECT user_id, COUNT(*) AS n FROM flashcards WHERE user_id IN (SELECT value FROM json_each(?1)) AND due <= ?2 AND suspended = 0 AND (buried_until IS NULL OR buried_until <= ?2) GROUP BY user_id')
        .bind(JSON.stringify(userIds), now),
    ),
  );
  return new Map(rows.map((r) => [r.user_id, r.n]));
}

type PushToken = SqlColumns<typeof pushTokens, 'id' | 'user_id' | 'token' | 'p256dh' | 'auth'>;

/** A Web Push subscription with both its keys (the statement reads only those). */
export type SubscriptionRow = Pick<PushToken, 'id' | 'user_id'> & { endpoint: PushToken['token']; p256dh: NonNullable<PushToken['p256dh']>; auth: NonNullable<PushToken['auth']> };

export function subscriptionsOf(d1: D1Database, userIds: number[]): Promise<SubscriptionRow[]> {
  return allRows(
    query<SubscriptionRow>(
      d1
        .prepare('SELECT id, user_id, token AS endpoint, p256dh, auth FROM push_tokens WHERE user_id IN (SELECT value FROM json_each(?1)) AND p256dh IS NOT NULL AND auth IS NOT NULL')
        .bind(JSON.stringify(userIds)),
    ),
  );
}

/** Records the reminders sent (local day per person) and drops the expired subscriptions, atomically. */
export async function recordReminderRun(d1: D1Database, reminded: { userId: number; day: string }[], goneSubscriptionIds: number[]) {
  const byDay = new Map<string, number[]>();
  for (const r of reminded) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r.userId]);
  const statements = [...byDay].map(([day, ids]) =>
    d1.prepare('UPDATE users SET reminder_day = ?1 WHERE id IN (SELECT value FROM json_each(?2))').bind(day, JSON.stringify(ids)),
  );
  if (goneSubscriptionIds.length) statements.push(deleteSubscriptionsStatement(d1, goneSubscriptionIds));
  if (statements.length) await d1.batch(statements);
}

/** Drops subscriptions the push service said are gone (404/410). */
export function deleteSubscriptionsStatement(d1: D1Database, ids: number[]) {
  return d1.prepare('DELETE FROM push_tokens WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(ids));
}
