/**
 * The daily study reminder's timing, pure and clock-free. The cron runs every
 * 15 minutes; a person is reminded once per local day, on the first run at or after their
 * `daily_reminder_time` in their own time zone. Local wall-clock comparison keeps this right
 * across DST: on a spring-forward day a time inside the skipped hour is reached when the
 * clock jumps past it, and on a fall-back day the repeated hour cannot send twice because
 * the local day is remembered.
 */
import { resolveTimeZone, zoneOffset } from './study-day';

export interface ReminderClock {
  /** The local date (yyyy-MM-dd) at `now` in the person's zone. */
  localDay: string;
  /** Minutes since local midnight at `now`. */
  localMinutes: number;
}

export function localClock(now: number, timeZone: string | null | undefined): ReminderClock {
  const wall = new Date(now + zoneOffset(now, resolveTimeZone(timeZone)));
  return { localDay: wall.toISOString().slice(0, 10), localMinutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

/** `HH:MM` → minutes since midnight. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export interface ReminderInput {
  now: number;
  timeZone: string | null | undefined;
  /** `daily_reminder_time`, HH:MM. */
  reminderTime: string;
  /** Local date of the last reminder sent, or null. */
  lastReminderDay: string | null;
}

/** The local day to record when a reminder is due now, or null when it is not. */
export function reminderDueDay({ now, timeZone, reminderTime, lastReminderDay }: ReminderInput): string | null {
  const { localDay, localMinutes } = localClock(now, timeZone);
  if (lastReminderDay === localDay) return null;
  return localMinutes >= minutesOf(reminderTime) ? localDay : null;
}

/** The notification a reminder shows (French, as the app's own screens). */
export function reminderMessage(dueCount: number) {
  return {
    title: 'Astrolabe — révisions du jour',
    body: dueCount === 1 ? '1 carte à réviser aujourd’hui.' : `${dueCount} cartes à réviser aujourd’hui.`,
    url: '/study',
  };
}
