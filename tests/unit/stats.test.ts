import { describe, expect, it } from 'vitest';
import { statsWindows, successRate, minutesOf, roundedMean } from '@domain/stats';

const t = (iso: string) => Date.parse(iso);

describe('dashboard windows', () => {
  it('counts windows in study days of the person’s zone', () => {
    const now = t('2026-06-10T03:30:00Z');
    expect(statsWindows(now, 'UTC')).toEqual({
      todayKey: '2026-06-09',
      todayStart: t('2026-06-09T04:00:00Z'),
      todayEnd: t('2026-06-10T04:00:00Z'),
      tomorrowEnd: t('2026-06-11T04:00:00Z'),
      next7End: t('2026-06-17T04:00:00Z'),
      next30End: t('2026-07-10T04:00:00Z'),
      last30Start: t('2026-05-11T04:00:00Z'),
      last7Start: t('2026-06-03T04:00:00Z'),
    });
    const paris = statsWindows(now, 'Europe/Paris');
    expect(paris.todayKey).toBe('2026-06-10');
    expect(paris.todayEnd).toBe(t('2026-06-11T02:00:00Z'));
  });

  it('keeps 04:00 local across a DST change inside a window', () => {
    // Paris moves its clocks on 29 March: the 30-day window opening before it still starts at 04:00 local.
    const w = statsWindows(t('2026-04-10T12:00:00Z'), 'Europe/Paris');
    expect(w.last30Start).toBe(t('2026-03-12T03:00:00Z'));
    expect(w.todayStart).toBe(t('2026-04-10T02:00:00Z'));
  });
});

describe('figures', () => {
  it('success rate is the share of answers other than Again, one decimal, null without answers', () => {
    expect(successRate(4, 1)).toBe(75);
    expect(successRate(3, 1)).toBe(66.7);
    expect(successRate(0, 0)).toBeNull();
  });
  it('rounds means and minutes', () => {
    expect(roundedMean(31.123456)).toBe(31.12);
    expect(roundedMean(null)).toBeNull();
    expect(minutesOf(90_000)).toBe(1.5);
  });
});
