import { describe, expect, it } from 'vitest';
import { shouldFlush } from '../../worker/src/domain/notification-schedule';

const at = (iso: string) => Date.parse(iso);
const base = { timeZone: 'Europe/Paris', reminderTime: '09:00', lastDigestDay: null };

describe('progress/achievement notification batching', () => {
  it('sends immediate events at once', () => {
    const now = at('2026-01-15T10:05:00Z');
    expect(shouldFlush({ ...base, frequency: 'immediate', now, oldestQueuedAt: now })).toBe(true);
  });

  it('batches "batched" (hourly) events until the next hour', () => {
    const queued = at('2026-01-15T10:05:00Z');
    expect(shouldFlush({ ...base, frequency: 'batched', now: at('2026-01-15T10:45:00Z'), oldestQueuedAt: queued })).toBe(false);
    expect(shouldFlush({ ...base, frequency: 'batched', now: at('2026-01-15T11:00:00Z'), oldestQueuedAt: queued })).toBe(true);
  });

  it('sends the daily digest at each person’s own reminder time, once per local day (Paris and Auckland)', () => {
    const instant = at('2026-01-15T08:00:00Z'); // 09:00 Paris, 21:00 Auckland
    const queued = at('2026-01-15T07:00:00Z');
    expect(shouldFlush({ ...base, frequency: 'daily', now: instant, oldestQueuedAt: queued })).toBe(true);
    expect(shouldFlush({ ...base, frequency: 'daily', now: instant, oldestQueuedAt: queued, lastDigestDay: '2026-01-15' })).toBe(false);
    expect(shouldFlush({ ...base, frequency: 'daily', timeZone: 'Pacific/Auckland', now: instant, oldestQueuedAt: queued, lastDigestDay: '2026-01-15' })).toBe(false);
    expect(shouldFlush({ ...base, frequency: 'daily', timeZone: 'Pacific/Auckland', now: at('2026-01-15T20:00:00Z'), oldestQueuedAt: queued, lastDigestDay: '2026-01-15' })).toBe(true);
  });

  it('keeps what happens after today’s reminder time for tomorrow’s digest', () => {
    const queued = at('2026-01-15T10:00:00Z'); // 11:00 in Paris, after its 09:00
    expect(shouldFlush({ ...base, frequency: 'daily', now: at('2026-01-15T10:15:00Z'), oldestQueuedAt: queued })).toBe(false);
    expect(shouldFlush({ ...base, frequency: 'daily', now: at('2026-01-16T07:45:00Z'), oldestQueuedAt: queued, lastDigestDay: '2026-01-15' })).toBe(false);
    expect(shouldFlush({ ...base, frequency: 'daily', now: at('2026-01-16T08:00:00Z'), oldestQueuedAt: queued, lastDigestDay: '2026-01-15' })).toBe(true);
  });
});
