/** SQL of the daily reminder run: candidates, due counts, subscriptions, bookkeeping. */

export interface ReminderCandidate {
  id: number;
  time_zone: string | null;
  reminder_day: string | null;
  data: string | null;
}

/** Everyone with at least one Web Push subscription, with their preferences. */
export async function reminderCandidates(d1: D1Database): Promise<ReminderCandidate[]> {
  const rows = await d1
    .prepare(
      `SELECT u.id, u.time_zone, u.reminder_day, p.data FROM users u
       LEFT JOIN user_preferences p ON p.user_id = u.id
       WHERE EXISTS (SELECT 1 FROM push_tokens t WHERE t.user_id = u.id AND t.p256dh IS NOT NULL)`,
    )
    .all<ReminderCandidate>();
  return rows.results;
}

/** Cards due at `now` per person (neither suspended nor buried), for the given people (those with none are absent). */
export async function dueCounts(d1: D1Database, userIds: number[], now: number): Promise<Map<number, number>> {
  const rows = await d1
    .prepare('SELECT user_id, COUNT(*) AS n FROM flashcards WHERE user_id IN (SELECT value FROM json_each(?1)) AND due <= ?2 AND suspended = 0 AND (buried_until IS NULL OR buried_until <= ?2) GROUP BY user_id')
    .bind(JSON.stringify(userIds), now)
    .all<{ user_id: number; n: number }>();
  return new Map(rows.results.map((r) => [r.user_id, r.n]));
}

export interface SubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export async function subscriptionsOf(d1: D1Database, userIds: number[]): Promise<SubscriptionRow[]> {
  const rows = await d1
    .prepare('SELECT id, user_id, token AS endpoint, p256dh, auth FROM push_tokens WHERE user_id IN (SELECT value FROM json_each(?1)) AND p256dh IS NOT NULL AND auth IS NOT NULL')
    .bind(JSON.stringify(userIds))
    .all<SubscriptionRow>();
  return rows.results;
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
