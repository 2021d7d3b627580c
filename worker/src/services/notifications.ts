/**
 * Progress and achievement notifications. A finished study session makes its
 * events (domain/notification-events.ts) for someone who wants them and has a push
 * subscription; they wait in `notifications` until the person's `notification_frequency`
 * lets them go (domain/notification-schedule.ts): at once after the session, hourly, or in
 * the daily digest at the reminder time. Everything waiting goes as one push per device.
 * The 15-minute cron flushes what is due; events of a kind the person turned off
 * meanwhile are dropped, never sent later.
 */
import { digestMessage, sessionEvents, type NotificationKind } from '../domain/notification-events';
import { shouldFlush } from '../domain/notification-schedule';
import { preferencesFromJson, type Preferences } from '../domain/preferences';
import { localClock } from '../domain/reminders';
import { resolveTimeZone, studyDayKey } from '../domain/study-day';
import { database } from '../db/database';
import type { Env } from '../env';
import { chunks } from '../lib/chunks';
import { readPreferences } from '../db/queries/preferences';
import { deleteSubscriptionsStatement, subscriptionsOf } from '../db/queries/reminders';
import {
  markNotificationsDoneStatement,
  queueNotificationsStatement,
  recordDigestDayStatement,
  totalReviews,
  waitingNotifications,
} from '../db/queries/notifications';
import type { StudySessionRow } from '../db/queries/study-session-progress';
import { currentStreakDays } from './dashboard-stats';
import { pushDeliveryOf, sendPush, type PushDelivery } from './push';
import { SEND_BATCH } from './reminders';

/** A waiting event older than this is dropped rather than sent late (a push service that keeps failing). */
export const STALE_AFTER_MS = 3 * 86_400_000;

const wants = (prefs: Preferences, kind: NotificationKind) =>
  prefs.notifications_enabled && (kind === 'progress' ? prefs.progress_notifications : prefs.achievement_notifications);

/** After a session has ended: queue its events and, for `immediate`, send them. */
export async function notifySessionEnd(env: Env, userId: number, timeZone: string | null, session: StudySessionRow, now: number): Promise<void> {
  const d1 = database(env);
  const prefs = await readPreferences(d1, userId);
  if (!wants(prefs, 'progress') && !wants(prefs, 'achievement')) return;
  const zone = resolveTimeZone(timeZone);
  const [streakDays, total] = await Promise.all([currentStreakDays(d1, userId, now, zone), totalReviews(d1, userId)]);
  const events = sessionEvents({
    sessionId: session.id,
    cardsReviewed: session.cards_reviewed,
    ratingSum: session.rating_sum,
    streakDays,
    dayKey: studyDayKey(now, zone),
    totalReviews: total,
  }).filter((e) => wants(prefs, e.kind));
  if (!events.length) return;
  await queueNotificationsStatement(d1, userId, events, now).run();
  const delivery = pushDeliveryOf(env);
  if (prefs.notification_frequency === 'immediate' && delivery) await flushNotifications(d1, delivery, now, userId);
}

export interface NotificationFlushSummary {
  people: number;
  sent: number;
  gone: number;
  failed: number;
  dropped: number;
}

interface WaitingItem {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
}

/** Sends what is due of the waiting notifications (everyone's, or one person's). */
export async function flushNotifications(d1: D1Database, delivery: PushDelivery, now: number, userId?: number): Promise<NotificationFlushSummary> {
  const done: number[] = [];
  const due: { userId: number; items: WaitingItem[]; digestDay: string | null }[] = [];
  for (const person of await waitingNotifications(d1, userId)) {
    const prefs = preferencesFromJson(person.data);
    const items = JSON.parse(person.items) as WaitingItem[];
    const wanted = items.filter((i) => wants(prefs, i.kind));
    done.push(...items.filter((i) => !wanted.includes(i)).map((i) => i.id));
    if (!wanted.length) continue;
    const stale = person.oldest < now - STALE_AFTER_MS;
    if (stale) {
      done.push(...wanted.map((i) => i.id));
      continue;
    }
    const flush = shouldFlush({
      frequency: prefs.notification_frequency,
      now,
      oldestQueuedAt: person.oldest,
      timeZone: person.time_zone,
      reminderTime: prefs.daily_reminder_time,
      lastDigestDay: person.digest_day,
    });
    if (!flush) continue;
    const digestDay = prefs.notification_frequency === 'daily' ? localClock(now, person.time_zone).localDay : null;
    due.push({ userId: person.user_id, items: wanted, digestDay });
  }
  const dropped = done.length;

  const byUser = new Map(due.map((d) => [d.userId, d]));
  const subscriptions = [];
  for (const ids of chunks([...byUser.keys()], 2000)) subscriptions.push(...(await subscriptionsOf(d1, ids)));
  const delivered = new Set<number>();
  const gone: number[] = [];
  let sent = 0;
  let failed = 0;
  for (const batch of chunks(subscriptions, SEND_BATCH)) {
    const outcomes = await Promise.all(batch.map((s) => sendPush(s, digestMessage(byUser.get(s.user_id)!.items), delivery, 'astrolabe-news')));
    outcomes.forEach((outcome, i) => {
      const s = batch[i]!;
      if (outcome === 'sent') (sent += 1), delivered.add(s.user_id);
      else if (outcome === 'gone') gone.push(s.id);
      else failed += 1;
    });
  }
  // Delivered to at least one device → done. No device left at all → done (nowhere to go).
  // Only failures → left waiting for the next run.
  const reachable = new Set(subscriptions.filter((s) => !gone.includes(s.id)).map((s) => s.user_id));
  const digestDays = new Map<string, number[]>();
  for (const d of due) {
    if (!delivered.has(d.userId) && reachable.has(d.userId)) continue;
    done.push(...d.items.map((i) => i.id));
    if (d.digestDay && delivered.has(d.userId)) digestDays.set(d.digestDay, [...(digestDays.get(d.digestDay) ?? []), d.userId]);
  }
  const statements = [];
  if (done.length) statements.push(markNotificationsDoneStatement(d1, done, now));
  for (const [day, ids] of digestDays) statements.push(recordDigestDayStatement(d1, ids, day));
  if (gone.length) statements.push(deleteSubscriptionsStatement(d1, gone));
  if (statements.length) await d1.batch(statements);
  return { people: due.length, sent, gone: gone.length, failed, dropped };
}
