import { describe, expect, it } from 'vitest';
import { localClock, reminderDueDay, reminderMessage } from '../../worker/src/domain/reminders';

const at = (iso: string) => Date.parse(iso);

describe('daily reminder timing', () => {
  it('reminds a person in Paris and one in Auckland each at their own 09:00, from the same instants', () => {
    // 2026-01-15 08:00 UTC is 09:00 in Paris (UTC+1) and 21:00 in Auckland (UTC+13, summer).
    const instant = at('2026-01-15T08:00:00Z');
    expect(reminderDueDay({ now: instant, timeZone: 'Europe/Paris', reminderTime: '09:00', lastReminderDay: null })).toBe('2026-01-15');
    expect(reminderDueDay({ now: instant, timeZone: 'Pacific/Auckland', reminderTime: '09:00', lastReminderDay: '2026-01-15' })).toBeNull();
    // 20:00 UTC the same day: 21:00 in Paris, 09:00 on the 16th in Auckland.
    const later = at('2026-01-15T20:00:00Z');
    expect(reminderDueDay({ now: later, timeZone: 'Pacific/Auckland', reminderTime: '09:00', lastReminderDay: '2026-01-15' })).toBe('2026-01-16');
    expect(reminderDueDay({ now: later, timeZone: 'Europe/Paris', reminderTime: '09:00', lastReminderDay: '2026-01-15' })).toBeNull();
    // 19:45 UTC is 08:45 in Auckland: not yet.
    expect(reminderDueDay({ now: at('2026-01-15T19:45:00Z'), timeZone: 'Pacific/Auckland', reminderTime: '09:00', lastReminderDay: '2026-01-15' })).toBeNull();
  });

  it('sends once per local day however many cron runs follow', () => {
    const runs = ['08:00', '08:15', '08:30', '13:00', '22:45'].map((t) => at(`2026-03-10T${t}:00Z`));
    let last: string | null = null;
    let sent = 0;
    for (const now of runs) {
      const day = reminderDueDay({ now, timeZone: 'Europe/Paris', reminderTime: '09:00', lastReminderDay: last });
      if (day) {
        sent += 1;
        last = day;
      }
    }
    expect(sent).toBe(1);
    expect(reminderDueDay({ now: at('2026-03-11T08:00:00Z'), timeZone: 'Europe/Paris', reminderTime: '09:00', lastReminderDay: last })).toBe('2026-03-11');
  });

  it('keeps local time across DST: Paris moves from UTC+1 to UTC+2 on 29 March 2026', () => {
    // 09:00 local is 08:00 UTC before the change and 07:00 UTC after it.
    expect(reminderDueDay({ now: at('2026-03-28T08:00:00Z'), timeZone: 'Europe/Paris', reminderTime: '09:00', lastReminderDay: null })).toBe('2026-03-28');
    expect(reminderDueDay({ now: at('2026-03-30T06:45:00Z'), timeZone: 'Europe/Paris', reminderTime: '09:00', lastReminderDay: null })).toBeNull();
    expect(reminderDueDay({ now: at('2026-03-30T07:00:00Z'), timeZone: 'Europe/Paris', reminderTime: '09:00', lastReminderDay: null })).toBe('2026-03-30');
  });

  it('reaches a reminder time inside the skipped hour when the clock jumps past it', () => {
    // 29 March 2026, 02:00 → 03:00 in Paris: 02:30 never happens; 01:00 UTC is 03:00 local.
    expect(reminderDueDay({ now: at('2026-03-29T00:45:00Z'), timeZone: 'Europe/Paris', reminderTime: '02:30', lastReminderDay: null })).toBeNull();
    expect(reminderDueDay({ now: at('2026-03-29T01:00:00Z'), timeZone: 'Europe/Paris', reminderTime: '02:30', lastReminderDay: null })).toBe('2026-03-29');
  });

  it('does not send twice in the repeated hour when Auckland leaves summer time (5 April 2026, 03:00 → 02:00)', () => {
    // 02:30 local happens at 13:30 UTC (UTC+13) and again at 14:30 UTC (UTC+12).
    const first = reminderDueDay({ now: at('2026-04-04T13:30:00Z'), timeZone: 'Pacific/Auckland', reminderTime: '02:30', lastReminderDay: '2026-04-04' });
    expect(first).toBe('2026-04-05');
    expect(reminderDueDay({ now: at('2026-04-04T14:30:00Z'), timeZone: 'Pacific/Auckland', reminderTime: '02:30', lastReminderDay: first })).toBeNull();
    expect(localClock(at('2026-04-04T14:30:00Z'), 'Pacific/Auckland')).toEqual({ localDay: '2026-04-05', localMinutes: 150 });
  });

  it('counts in UTC for someone without a (valid) time zone', () => {
    expect(reminderDueDay({ now: at('2026-06-01T09:00:00Z'), timeZone: null, reminderTime: '09:00', lastReminderDay: null })).toBe('2026-06-01');
    expect(reminderDueDay({ now: at('2026-06-01T08:59:00Z'), timeZone: 'Mars/Olympus', reminderTime: '09:00', lastReminderDay: null })).toBeNull();
  });

  it('says how many cards are due', () => {
    expect(reminderMessage(1).body).toBe('1 carte à réviser aujourd’hui.');
    expect(reminderMessage(12)).toMatchObject({ body: '12 cartes à réviser aujourd’hui.', url: '/study' });
  });
});
