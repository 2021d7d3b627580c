/**
 * Study days: the calendar the statistics count in. A study day runs from 04:00 to
 * 04:00 local time in the person's time zone (Anki's rollover), so a review at 02:00
 * still belongs to the evening before. Days are named by the local date they start on
 * ('YYYY-MM-DD'). Local wall-clock arithmetic keeps days right across DST changes: a
 * study day is 23 or 25 hours long on those dates.
 */
export const DAY_ROLLOVER_HOUR = 4;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The time zone to count in: the one the browser sent if valid, else UTC. */
export function resolveTimeZone(zone: string | null | undefined): string {
  return isValidTimeZone(zone) ? zone : 'UTC';
}

/**
 * Formatters by zone name as the client sent it. Intl takes a name in any case, so one zone
 * has thousands of valid spellings: the map is emptied past a few hundred rather than let grow.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 512;
function formatter(zone: string) {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(zone, found);
  }
  return found;
}

/** Local wall-clock time of an instant, expressed as if it were UTC milliseconds. */
function wallClock(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const ms = ((instant % 1000) + 1000) % 1000;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!, ms);
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
export function zoneOffset(instant: number, zone: string): number {
  return wallClock(instant, zone) - instant;
}

/** The instant at which a local wall-clock time occurs (the later one if it falls in a DST gap). */
function instantOfWallClock(wall: number, zone: string): number {
  let guess = wall - zoneOffset(wall, zone);
  guess = wall - zoneOffset(guess, zone);
  return guess;
}

const keyOf = (wall: number) => new Date(wall).toISOString().slice(0, 10);

/** The study day an instant belongs to. */
export function studyDayKey(instant: number, zone: string): string {
  return keyOf(wallClock(instant, zone) - DAY_ROLLOVER_HOUR * HOUR);
}

/** The day `offset` days after (or before, if negative) a day key. */
export function addDays(dayKey: string, offset: number): string {
  return keyOf(Date.parse(`${dayKey}T00:00:00Z`) + offset * DAY);
}

/**
 * The instant a study day starts (04:00 local on its date). Each costs two time-zone
 * lookups and never changes, and answers ask for the same days over and over (load
 * balancing asks for every day of a fuzz range): the recent ones are kept.
 */
export function studyDayStart(dayKey: string, zone: string): number {
  const cacheKey = `${zone}|${dayKey}`;
  const cached = dayStarts.get(cacheKey);
  if (cached !== undefined) return cached;
  const start = instantOfWallClock(Date.parse(`${dayKey}T00:00:00Z`) + DAY_ROLLOVER_HOUR * HOUR, zone);
  if (dayStarts.size >= DAY_START_CACHE_SIZE) dayStarts.delete(dayStarts.keys().next().value!);
  dayStarts.set(cacheKey, start);
  return start;
}

const DAY_START_CACHE_SIZE = 1024;
const dayStarts = new Map<string, number>();

/** Today's study day at `now`: its key and its [start, end) instants. */
export function studyDayBounds(now: number, zone: string) {
  const key = studyDayKey(now, zone);
  return { key, start: studyDayStart(key, zone), end: studyDayStart(addDays(key, 1), zone) };
}

/**
 * Consecutive study days with at least one review, counted back from today. A day not
 * yet studied does not break the streak until it is over: with no review yet today, the
 * streak counts back from yesterday.
 */
export function currentStreak(activeDays: ReadonlySet<string>, todayKey: string): number {
  let day = activeDays.has(todayKey) ? todayKey : addDays(todayKey, -1);
  let streak = 0;
  while (activeDays.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

export interface StudyDay {
  key: string;
  start: number;
  end: number;
}

/**
 * `count` consecutive study days from `firstKey`, with their [start, end) instants.
 * Time-zone lookups are the slow part, so offsets are looked up once a week: when the
 * offset is the same at both ends of a week, every day inside uses it (no zone changes
 * its offset twice within a week); otherwise each day of that week is looked up.
 */
export function studyDaysFrom(firstKey: string, count: number, zone: string): readonly StudyDay[] {
  // Day bounds never change, so recent answers are kept (the dashboard asks for the same range on every load).
  const cacheKey = `${zone}|${firstKey}|${count}`;
  const cached = rangeCache.get(cacheKey);
  if (cached) return cached;
  const days = computeStudyDays(firstKey, count, zone);
  if (rangeCache.size >= RANGE_CACHE_SIZE) rangeCache.delete(rangeCache.keys().next().value!);
  rangeCache.set(cacheKey, days);
  return days;
}

const RANGE_CACHE_SIZE = 64;
const rangeCache = new Map<string, StudyDay[]>();

function computeStudyDays(firstKey: string, count: number, zone: string): StudyDay[] {
  const base = Date.parse(`${firstKey}T00:00:00Z`) + DAY_ROLLOVER_HOUR * HOUR;
  const wall = (i: number) => base + i * DAY;
  const starts: number[] = new Array(count + 1);
  const exact = (i: number) => (starts[i] = instantOfWallClock(wall(i), zone));
  const WEEK = 7;
  exact(0);
  for (let a = 0; a < count; a += WEEK) {
    const b = Math.min(a + WEEK, count);
    exact(b);
    const offsetA = wall(a) - starts[a]!;
    if (wall(b) - starts[b]! === offsetA) for (let i = a + 1; i < b; i++) starts[i] = wall(i) - offsetA;
    else for (let i = a + 1; i < b; i++) exact(i);
  }
  const days: StudyDay[] = [];
  for (let i = 0; i < count; i++) days.push({ key: addDays(firstKey, i), start: starts[i]!, end: starts[i + 1]! });
  return days;
}

/** A stretch of time over which a zone keeps one UTC offset. */
export interface OffsetPeriod {
  start: number;
  end: number;
  /** ms to add to an instant to get local wall-clock time. */
  offset: number;
}

const MINUTE = 60_000;

/**
 * The zone's offset periods covering [from, to): usually one per half-year. Found by
 * comparing offsets a week apart and narrowing down to the minute where they differ, so
 * SQL can turn any instant in a period into its study day with plain arithmetic:
 * floor((instant + offset - 4 h) / 1 day) — see studyDayNumber.
 */
export function offsetPeriods(from: number, to: number, zone: string): readonly OffsetPeriod[] {
  // Same bounds, same answer: a person's dashboard asks for the same range all day.
  const cacheKey = `${zone}|${from}|${to}`;
  const cached = periodCache.get(cacheKey);
  if (cached) return cached;
  const periods = computeOffsetPeriods(from, to, zone);
  if (periodCache.size >= RANGE_CACHE_SIZE) periodCache.delete(periodCache.keys().next().value!);
  periodCache.set(cacheKey, periods);
  return periods;
}

const periodCache = new Map<string, OffsetPeriod[]>();

function computeOffsetPeriods(from: number, to: number, zone: string): OffsetPeriod[] {
  const periods: OffsetPeriod[] = [];
  let start = from;
  let offset = zoneOffset(from, zone);
  let probe = from;
  while (probe < to) {
    const next = Math.min(probe + 7 * DAY, to);
    const nextOffset = zoneOffset(next, zone);
    if (nextOffset === offset) {
      probe = next;
      continue;
    }
    // The change lies in (probe, next]: narrow it to the minute.
    let low = probe;
    let high = next;
    while (high - low > MINUTE) {
      const mid = low + Math.max(MINUTE, Math.floor((high - low) / 2 / MINUTE) * MINUTE);
      if (zoneOffset(mid, zone) === offset) low = mid;
      else high = mid;
    }
    periods.push({ start, end: high, offset });
    start = high;
    offset = zoneOffset(high, zone);
    probe = high;
  }
  periods.push({ start, end: to, offset });
  return periods;
}

/** Days since the epoch of the study day an instant falls in, given the offset in force then. */
export const studyDayNumber = (instant: number, offset: number) => Math.floor((instant + offset - DAY_ROLLOVER_HOUR * HOUR) / DAY);
export const dayNumberKey = (dayNumber: number) => keyOf(dayNumber * DAY);

/** Answers before this are not expected; they still count, with the zone's 2015 offset. */
const HISTORY_START = Date.UTC(2015, 0, 1);
const END_OF_TIME = Number.MAX_SAFE_INTEGER;

/**
 * Offset periods covering all of time for statistics over a person's whole history: the
 * real periods from 2015 to the end of next year (remembered, so computed about once a
 * year per zone), stretched at both ends so that no instant falls outside.
 */
export function historyOffsetPeriods(now: number, zone: string): OffsetPeriod[] {
  const until = Date.UTC(new Date(now).getUTCFullYear() + 2, 0, 1);
  const periods = offsetPeriods(HISTORY_START, until, zone).map((p) => ({ ...p }));
  periods[0]!.start = 0;
  periods[periods.length - 1]!.end = END_OF_TIME;
  return periods;
}
