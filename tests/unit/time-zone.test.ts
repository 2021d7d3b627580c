/**
 * The time zone sent with every API call (web/src/lib/time-zone.ts, time-zone-reader.ts): told by Temporal where
 * the browser has it; elsewhere the zone read last in this browser is sent at once while the
 * clock keeps its offsets, and read for real once the page is idle.
 */
import { describe, expect, it } from 'vitest';
import { timeZoneReader, type TimeZoneSources } from '../../web/src/lib/time-zone-reader';

/** A browser without Temporal whose zone is `zone` and whose clock has `offsets`, with its storage and its idle tasks. */
function browser(zone: string, offsets: string, stored: string | null = null) {
  const state = { zone, offsets, stored, reads: 0, idle: [] as (() => void)[] };
  const sources: TimeZoneSources = {
    quick: () => null,
    read: () => {
      state.reads += 1;
      return state.zone;
    },
    offsets: () => state.offsets,
    kept: () => state.stored,
    keep: (entry) => void (state.stored = entry),
    later: (task) => void state.idle.push(task),
  };
  return { state, page: () => timeZoneReader(sources) };
}

describe('the time zone sent to the server', () => {
  it('is read at once the first time, then sent from what the browser kept while the page starts, and checked once the page is idle', () => {
    const { state, page } = browser('Europe/Paris', '-60,-60,-120');
    const first = page();
    expect(first()).toBe('Europe/Paris');
    expect(first()).toBe('Europe/Paris');
    expect(state.reads).toBe(1);

    const next = page();
    expect(next()).toBe('Europe/Paris');
    expect(state.reads).toBe(1);
    state.idle.splice(0).forEach((task) => task());
    expect(state.reads).toBe(2);
    expect(next()).toBe('Europe/Paris');
  });

  it('is read at once on the next page after a move to a zone with other offsets', () => {
    const { state, page } = browser('Europe/Paris', '-60,-60,-120');
    page()();
    state.zone = 'America/New_York';
    state.offsets = '300,300,240';
    const next = page();
    expect(next()).toBe('America/New_York');
    expect(state.idle).toEqual([]);
  });

  it('follows a move to a zone with the same offsets from the moment the page is idle, and on the next page', () => {
    const { state, page } = browser('Europe/Paris', '-60,-60,-120');
    page()();
    state.zone = 'Europe/Berlin';
    const next = page();
    // The same days are counted in both: the kept name goes until the check.
    expect(next()).toBe('Europe/Paris');
    state.idle.splice(0).forEach((task) => task());
    expect(next()).toBe('Europe/Berlin');
    const after = page();
    expect(after()).toBe('Europe/Berlin');
  });

  it('is read again within a page once the clock changes its offset (summer time, travel)', () => {
    const { state, page } = browser('Europe/Paris', '-60,-60,-120');
    const reader = page();
    reader();
    state.zone = 'Europe/London';
    state.offsets = '0,0,-60';
    expect(reader()).toBe('Europe/London');
  });

  it('is what Temporal tells, where the browser has it, without the costly read', () => {
    const { state } = browser('Europe/Paris', '-60,-60,-120');
    const reader = timeZoneReader({ quick: () => 'Asia/Tokyo', read: () => (state.reads++, 'UTC'), offsets: () => '-540,-540,-540', kept: () => null, keep: () => undefined, later: () => undefined });
    expect(reader()).toBe('Asia/Tokyo');
    expect(state.reads).toBe(0);
  });

  it('is UTC when the browser cannot tell, and a kept entry that is not ours is read again', () => {
    const reader = timeZoneReader({ quick: () => null, read: () => { throw new Error('no Intl'); }, offsets: () => '0,0,0', kept: () => 'Europe/Paris', keep: () => undefined, later: () => undefined });
    expect(reader()).toBe('UTC');
  });
});
