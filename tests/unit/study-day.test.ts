import { describe, expect, it } from 'vitest';
import { addDays, currentStreak, dayNumberKey, historyOffsetPeriods, isValidTimeZone, offsetPeriods, resolveTimeZone, studyDayBounds, studyDayKey, studyDayNumber, studyDayStart, studyDaysFrom } from '@domain/study-day';

const t = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('study days (04:00 rollover in the person’s time zone)', () => {
  it('puts a review at 02:00 local in the previous study day, one at 04:00 in the new one', () => {
    expect(studyDayKey(t('2026-06-10T02:00:00+02:00'), 'Europe/Paris')).toBe('2026-06-09');
    expect(studyDayKey(t('2026-06-10T03:59:59+02:00'), 'Europe/Paris')).toBe('2026-06-09');
    expect(studyDayKey(t('2026-06-10T04:00:00+02:00'), 'Europe/Paris')).toBe('2026-06-10');
  });

  it('gives the same instant a different day on each side of a time-zone boundary', () => {
    const instant = t('2026-06-10T03:30:00Z');
    expect(studyDayKey(instant, 'UTC')).toBe('2026-06-09');
    expect(studyDayKey(instant, 'Europe/Paris')).toBe('2026-06-10');
    expect(studyDayKey(instant, 'America/New_York')).toBe('2026-06-09');
    expect(studyDayKey(instant, 'Pacific/Auckland')).toBe('2026-06-10');
    // Half-hour offset: 04:00 in Kolkata is 22:30 UTC the evening before.
    expect(studyDayStart('2026-06-10', 'Asia/Kolkata')).toBe(t('2026-06-09T22:30:00Z'));
  });

  it('makes the spring-forward study day 23 hours long and the fall-back one 25 (Paris)', () => {
    const spring = studyDayBounds(t('2026-03-28T12:00:00Z'), 'Europe/Paris');
    expect(spring).toEqual({ key: '2026-03-28', start: t('2026-03-28T03:00:00Z'), end: t('2026-03-29T02:00:00Z') });
    expect(spring.end - spring.start).toBe(23 * HOUR);
    const autumn = studyDayBounds(t('2026-10-24T12:00:00Z'), 'Europe/Paris');
    expect(autumn).toEqual({ key: '2026-10-24', start: t('2026-10-24T02:00:00Z'), end: t('2026-10-25T03:00:00Z') });
    expect(autumn.end - autumn.start).toBe(25 * HOUR);
    // 02:30 local on the night of the change still belongs to the day before.
    expect(studyDayKey(t('2026-10-25T02:30:00+01:00'), 'Europe/Paris')).toBe('2026-10-24');
  });

  it('handles a southern-hemisphere DST change and the date line', () => {
    // Sydney leaves DST on 2026-04-05 at 03:00 local (back to 02:00).
    const day = studyDayBounds(t('2026-04-04T12:00:00Z'), 'Australia/Sydney');
    expect(day.key).toBe('2026-04-04');
    expect(day.end - day.start).toBe(25 * HOUR);
    expect(studyDayKey(t('2026-06-10T15:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-06-11');
    expect(studyDayKey(t('2026-06-10T15:00:00Z'), 'Pacific/Pago_Pago')).toBe('2026-06-10');
  });

  it('lists consecutive days whose bounds agree with studyDayStart, across both DST changes', () => {
    const days = studyDaysFrom('2026-03-20', 230, 'Europe/Paris');
    expect(days).toHaveLength(230);
    for (const [i, day] of days.entries()) {
      expect(day.key).toBe(addDays('2026-03-20', i));
      expect(day.start).toBe(studyDayStart(day.key, 'Europe/Paris'));
      expect(day.end).toBe(studyDayStart(addDays(day.key, 1), 'Europe/Paris'));
    }
  });

  it('validates time-zone names and falls back to UTC', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(resolveTimeZone(undefined)).toBe('UTC');
    expect(resolveTimeZone('not a zone')).toBe('UTC');
    expect(resolveTimeZone('America/Sao_Paulo')).toBe('America/Sao_Paulo');
  });
});

describe('current streak', () => {
  const days = (...keys: string[]) => new Set(keys);
  it('counts back from today when today has reviews', () => {
    expect(currentStreak(days('2026-06-08', '2026-06-09', '2026-06-10'), '2026-06-10')).toBe(3);
  });
  it('counts back from yesterday while today is not studied yet', () => {
    expect(currentStreak(days('2026-06-08', '2026-06-09'), '2026-06-10')).toBe(2);
  });
  it('is broken by a missed day, and zero without reviews', () => {
    expect(currentStreak(days('2026-06-07', '2026-06-09', '2026-06-10'), '2026-06-10')).toBe(2);
    expect(currentStreak(days('2026-06-07'), '2026-06-10')).toBe(0);
    expect(currentStreak(days(), '2026-06-10')).toBe(0);
  });
  it('crosses month and year ends', () => {
    expect(currentStreak(days('2025-12-30', '2025-12-31', '2026-01-01'), '2026-01-01')).toBe(3);
  });
});

describe('offset periods', () => {
  it('split a year of Paris time at the two DST changes, to the minute', () => {
    const periods = offsetPeriods(t('2026-01-01T00:00:00Z'), t('2027-01-01T00:00:00Z'), 'Europe/Paris');
    expect(periods).toEqual([
      { start: t('2026-01-01T00:00:00Z'), end: t('2026-03-29T01:00:00Z'), offset: HOUR },
      { start: t('2026-03-29T01:00:00Z'), end: t('2026-10-25T01:00:00Z'), offset: 2 * HOUR },
      { start: t('2026-10-25T01:00:00Z'), end: t('2027-01-01T00:00:00Z'), offset: HOUR },
    ]);
    expect(offsetPeriods(t('2026-01-01T00:00:00Z'), t('2027-01-01T00:00:00Z'), 'Asia/Kolkata')).toHaveLength(1);
  });

  it('give every quarter-hour the same study day as studyDayKey, across DST changes and zones', () => {
    for (const zone of ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata']) {
      const from = t('2026-03-01T00:00:00Z');
      const periods = offsetPeriods(from, t('2026-11-30T00:00:00Z'), zone);
      for (let instant = from; instant < t('2026-11-30T00:00:00Z'); instant += 15 * 60_000 * 37) {
        const period = periods.find((p) => instant >= p.start && instant < p.end)!;
        expect(dayNumberKey(studyDayNumber(instant, period.offset)), `${zone} ${new Date(instant).toISOString()}`).toBe(studyDayKey(instant, zone));
      }
    }
  });
});

describe('history offset periods', () => {
  it('cover all of time, with the real DST changes inside', () => {
    const periods = historyOffsetPeriods(t('2026-06-10T00:00:00Z'), 'Europe/Paris');
    expect(periods[0]!.start).toBe(0);
    expect(periods.at(-1)!.end).toBe(Number.MAX_SAFE_INTEGER);
    for (let i = 1; i < periods.length; i++) expect(periods[i]!.start).toBe(periods[i - 1]!.end);
    expect(periods.map((p) => p.start)).toContain(t('2026-10-25T01:00:00Z'));
    expect(periods.map((p) => p.start)).toContain(t('2027-03-28T01:00:00Z'));
  });
});
