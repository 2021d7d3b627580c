/**
 * When a queued progress/achievement notification is sent (issue 16, spec §9
 * `notification_frequency`), pure and clock-free. `immediate` goes out with the request;
 * `batched` (hourly) waits for the first cron run in a later UTC hour than the event (one summary push
 * per hour); `daily` waits for the person's own reminder time, once per local day, with the
 * same wall-clock rule as the review reminder.
 */
import type { NOTIFICATION_FREQUENCIES } from './preferences';
import { reminderDueDay } from './reminders';

export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

export interface FlushInput {
  frequency: NotificationFrequency;
  now: number;
  /** The oldest pending event's time (ms). */
  oldestQueuedAt: number;
  timeZone: string | null | undefined;
  reminderTime: string;
  /** Local date of the last daily digest sent, or null. */
  lastDigestDay: string | null;
}

const HOUR = 3_600_000;

/** Whether the queue should be flushed into one summary push now. */
export function shouldFlush(input: FlushInput): boolean {
  if (input.frequency === 'immediate') return true;
  if (input.frequency === 'batched') return Math.floor(input.now / HOUR) > Math.floor(input.oldestQueuedAt / HOUR);
  return reminderDueDay({ now: input.now, timeZone: input.timeZone, reminderTime: input.reminderTime, lastReminderDay: input.lastDigestDay }) !== null;
}
