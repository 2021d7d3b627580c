/** SQL of progress and achievement notifications: queueing, waiting rows, bookkeeping. */
import type { NotificationEvent } from '../../domain/notification-events';
import { allRows, firstRow, query, type SqlColumns } from '../rows';
import type { notifications, userPreferences, users } from '../schema';

/** Queues events for a person who has a push subscription; an event already known is ignored. */
export function queueNotificationsStatement(d1: D1Database, userId: number, events: NotificationEvent[], now: number) {
  return d1
    .prepare(
      `INSERT OR IGNORE INTO notifications (user_id, kind, event_key, title, body, url, created_at)
       SELECT ?1, e.value ->> 'kind', e.value ->> 'key', e.value ->> 'title', e.value ->> 'body', e.value ->> 'url', ?2
       FROM json_each(?3) e
       WHERE EXISTS (SELECT 1 FROM push_tokens t WHERE t.user_id = ?1 AND t.p256dh IS NOT NULL)`,
    )
    .bind(userId, now, JSON.stringify(events));
}

export type WaitingNotifications = SqlColumns<typeof notifications, 'user_id'> &
  SqlColumns<typeof users, 'time_zone' | 'digest_day'> & {
    /** The person's preferences (JSON), null when never saved. */
    data: SqlColumns<typeof userPreferences, 'data'>['data'] | null;
    oldest: SqlColumns<typeof notifications, 'created_at'>['created_at'];
    /** JSON array of { id, kind, title, body, url }, oldest first. */
    items: string;
  };

/** Everyone with waiting notifications (or only `userId`), with what the flush needs. */
export async function waitingNotifications(d1: D1Database, userId?: number): Promise<WaitingNotifications[]> {
  return allRows(
    query<WaitingNotifications>(
      d1
        .prepare(
          `SELECT n.user_id, u.time_zone, u.digest_day, p.data, MIN(n.created_at) AS oldest,
             json_group_array(json_object('id', n.id, 'kind', n.kind, 'title', n.title, 'body', n.body, 'url', n.url)) AS items
           FROM (SELECT * FROM notifications WHERE sent_at IS NULL AND (?1 IS NULL OR user_id = ?1) ORDER BY created_at, id) n
           JOIN users u ON u.id = n.user_id
           LEFT JOIN user_preferences p ON p.user_id = n.user_id
           GROUP BY n.user_id`,
        )
        .bind(userId ?? null),
    ),
  );
}

/** Marks notifications done (sent, or dropped because the person turned them off). */
export function markNotificationsDoneStatement(d1: D1Database, ids: number[], now: number) {
  return d1.prepare('UPDATE notifications SET sent_at = ?1 WHERE id IN (SELECT value FROM json_each(?2)) AND sent_at IS NULL').bind(now, JSON.stringify(ids));
}

export function recordDigestDayStatement(d1: D1Database, userIds: number[], day: string) {
  return d1.prepare('UPDATE users SET digest_day = ?1 WHERE id IN (SELECT value FROM json_each(?2))').bind(day, JSON.stringify(userIds));
}

/** The person's answers in all. */
export async function totalReviews(d1: D1Database, userId: number): Promise<number> {
  const row = await firstRow(query<{ n: number }>(d1.prepare('SELECT COUNT(*) AS n FROM review_logs WHERE user_id = ?').bind(userId)));
  return row?.n ?? 0;
}
