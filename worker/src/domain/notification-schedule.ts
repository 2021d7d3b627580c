/**
 * When queued progress and achievement notifications are sent (spec §9
 * `notification_frequency`), pure and clock-free:
 * - `immediate`: at once (the request that made the event sends it);
 * - `batched`: hourly — the first cron run in a later UTC hour than the oldest waiting
 *   event sends one push for everything waiting;
 * - `daily`: one digest at the person's own reminder time, once per local day, holding what
 *   happened before that time (what happens after waits for the next day's digest).
 */
import type { NOTIFICATION_FREQUENCIES } from './preferences';
import { localClock, minutesOf, reminderDueDay } from './reminders';

export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

export interface FlushInput {
  frequency: NotificationFrequency;
  now: number;
  /** The oldest waiting event's time (ms). */
  oldestQueuedAt: number;
  timeZone: string | null | undefined;
  /** `daily_reminder_time`, HH:MM. */
  reminderTime: string;
  /** Local date of the last daily digest sent, or null. */
  lastDigestDay: string | null;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Whether the waiting events should go out now, as one push. */
export function shouldFlush(input: FlushInput): boolean {
  if (input.frequency === 'immediate') return true;
  if (input.frequency === 'batched') return Math.floor(input.now / HOUR) > Math.floor(input.oldestQueuedAt / HOUR);
  const due = reminderDueDay({ now: input.now, timeZone: input.timeZone, reminderTime: input.reminderTime, lastReminderDay: input.lastDigestDay });
  if (due === null) return false;
  // Today's digest holds what happened before today's reminder time.
  const { localMinutes } = localClock(input.now, input.timeZone);
  const todaysReminder = input.now - (localMinutes - minutesOf(input.reminderTime)) * MINUTE;
  return input.oldestQueuedAt < todaysReminder;
}
