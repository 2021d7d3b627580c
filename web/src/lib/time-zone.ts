/**
 * The browser's IANA time zone ('Europe/Paris'), sent with every API call. Where the browser
 * has Temporal it tells the zone at no cost (`Temporal.Now.timeZoneId()`, 0.1 ms). Elsewhere
 * the read (`Intl.DateTimeFormat().resolvedOptions()`) costs 15-35 ms the first time in a page,
 * and 75-135 ms on a phone (4x CPU), right when the page's first calls leave: so the zone read
 * last is kept in this browser with the clock's offsets, and a new page sends the kept zone at
 * once when its clock still has those offsets, then reads the zone for real once it is idle.
 *
 * The rule for a person who changed time zone: the offsets kept are the clock's offset now
 * and on 1 January and 1 July; a zone with other offsets (another country, other summer
 * time rules) is read at once, before the first call. A zone with the very same offsets
 * counts the same days (Paris and Berlin): its calls send the kept name until the page is
 * idle, and the zone read then is sent from the next call on, and kept for the next page.
 */
import { timeZoneReader } from './time-zone-reader';
import { whenIdle } from './when-idle';

const KEY = 'astrolabe.time-zone';
/** The zone is read for real at the latest this long after a page sent the kept one. */
const CHECK_WAIT_MS = 10_000;

/** Read again once the clock's offset moves (the device travelled, or summer time began). */
function clockOffsets(): string {
  const year = new Date().getFullYear();
  return [new Date(), new Date(year, 0, 1), new Date(year, 6, 1)].map((d) => d.getTimezoneOffset()).join(',');
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The browser's IANA time zone, or UTC when the browser cannot tell. */
export const browserTimeZone = timeZoneReader({
  quick: () => (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal?.Now?.timeZoneId?.() ?? null,
  read: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
  offsets: clockOffsets,
  kept: () => {
    try {
      return storage()?.getItem(KEY) ?? null;
    } catch {
      return null;
    }
  },
  keep: (entry) => {
    try {
      storage()?.setItem(KEY, entry);
    } catch {
      // No storage: read again on the next page.
    }
  },
  later: (task) => void whenIdle(task, CHECK_WAIT_MS),
});
