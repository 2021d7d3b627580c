/**
 * The daily study reminder run, called by the 15-minute cron: everyone with a
 * push subscription whose notifications and review reminders are on, whose local reminder
 * time has come today and who has not been reminded today, gets one push per subscription
 * with the number of cards due — only when something is due. Sends go out in parallel
 * batches; expired subscriptions (404/410) are deleted; the local day is recorded.
 */
import { preferencesFromJson } from '../domain/preferences';
import { reminderDueDay, reminderMessage } from '../domain/reminders';
import { dueCounts, recordReminderRun, reminderCandidates, subscriptionsOf } from '../db/queries/reminders';
import { chunks } from '../lib/chunks';
import { sendPush, type PushDelivery } from './push';

export const SEND_BATCH = 100;
/** D1 binds at most 100 parameters, but json_each takes one; keep id lists to a sane size per query. */
const QUERY_CHUNK = 2000;

export interface ReminderRunSummary {
  candidates: number;
  due: number;
  sent: number;
  gone: number;
  failed: number;
}

export async function runDailyReminders(d1: D1Database, delivery: PushDelivery, now: number): Promise<ReminderRunSummary> {
  const candidates = await reminderCandidates(d1);
  const dueToday = new Map<number, string>();
  for (const c of candidates) {
    const prefs = preferencesFromJson(c.data);
    if (!prefs.notifications_enabled || !prefs.review_reminders) continue;
    const day = reminderDueDay({ now, timeZone: c.time_zone, reminderTime: prefs.daily_reminder_time, lastReminderDay: c.reminder_day });
    if (day) dueToday.set(c.id, day);
  }

  const counts = new Map<number, number>();
  const subscriptions = [];
  for (const ids of chunks([...dueToday.keys()], QUERY_CHUNK)) {
    for (const [id, n] of await dueCounts(d1, ids, now)) counts.set(id, n);
  }
  for (const ids of chunks([...counts.keys()], QUERY_CHUNK)) subscriptions.push(...(await subscriptionsOf(d1, ids)));

  const gone: number[] = [];
  let sent = 0;
  let failed = 0;
  for (const batch of chunks(subscriptions, SEND_BATCH)) {
    const outcomes = await Promise.all(batch.map((s) => sendPush(s, reminderMessage(counts.get(s.user_id)!), delivery, 'daily-reminder')));
    outcomes.forEach((outcome, i) => {
      if (outcome === 'gone') gone.push(batch[i]!.id);
      else if (outcome === 'sent') sent += 1;
      else failed += 1;
    });
  }
  await recordReminderRun(d1, [...counts.keys()].map((userId) => ({ userId, day: dueToday.get(userId)! })), gone);
  return { candidates: candidates.length, due: counts.size, sent, gone: gone.length, failed };
}
