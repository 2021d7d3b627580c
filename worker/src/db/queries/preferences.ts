/** SQL for a person's preferences and Web Push subscriptions. */
import { preferencesFromJson, type Preferences } from '../../domain/preferences';
import { MAX_PUSH_SUBSCRIPTIONS } from '../../domain/push-endpoints';
import { firstRow, query, type SqlColumns } from '../rows';
import type { userPreferences } from '../schema';

type PreferencesData = SqlColumns<typeof userPreferences, 'data'>;

export async function readPreferences(d1: D1Database, userId: number): Promise<Preferences> {
  const row = await firstRow(query<PreferencesData>(d1.prepare('SELECT data FROM user_preferences WHERE user_id = ?').bind(userId)));
  return preferencesFromJson(row?.data);
}

/**
 * Saves the fields a client sent over the stored ones (JSON merge patch, in one statement):
 * a field not sent keeps its stored value, so a client that knows fewer fields than this
 * server (the spec's list has no `new_cards_per_day`) saves without erasing the others.
 * Answers the preferences now in force.
 */
export async function updatePreferences(d1: D1Database, userId: number, changes: Partial<Preferences>, now: number): Promise<Preferences> {
  const row = await firstRow(
    query<PreferencesData>(
      d1
        .prepare(
          `INSERT INTO user_preferences (user_id, data, updated_at) VALUES (?1, ?2, ?3)
           ON CONFLICT (user_id) DO UPDATE SET
             data = json_patch(CASE WHEN json_valid(data) THEN data ELSE '{}' END, excluded.data),
             updated_at = excluded.updated_at
           RETURNING data`,
        )
        .bind(userId, JSON.stringify(changes), now),
    ),
  );
  return preferencesFromJson(row?.data);
}

/** Back to the defaults: the stored row goes, so later default changes reach this person too. */
export async function clearPreferences(d1: D1Database, userId: number): Promise<void> {
  await d1.prepare('DELETE FROM user_preferences WHERE user_id = ?').bind(userId).run();
}

export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Keeps a subscription (a re-subscription refreshes its keys) and the person's time zone, atomically. */
export async function savePushSubscription(d1: D1Database, userId: number, sub: PushSubscriptionRow, timeZone: string | null, now: number) {
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO push_tokens (user_id, token, p256dh, auth, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (user_id, token) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth`,
      )
      .bind(userId, sub.endpoint, sub.p256dh, sub.auth, now),
    // At most MAX_PUSH_SUBSCRIPTIONS per person, the newest kept: one reminder never fans out further.
    d1
      .prepare('DELETE FROM push_tokens WHERE user_id = ?1 AND id NOT IN (SELECT id FROM push_tokens WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2)')
      .bind(userId, MAX_PUSH_SUBSCRIPTIONS),
    d1.prepare('UPDATE users SET time_zone = COALESCE(?2, time_zone) WHERE id = ?1').bind(userId, timeZone),
  ]);
}
