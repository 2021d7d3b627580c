/** The browser's IANA time zone ('Europe/Paris'), or UTC when the browser cannot tell. */
export function browserTimeZone(): string {
  // Every API call sends it: building a DateTimeFormat for it each time cost ~3 ms a call on a
  // slow phone. Read again once the clock's offset moves (the device travelled, or DST).
  const offset = new Date().getTimezoneOffset();
  if (cached?.offset === offset) return cached.zone;
  cached = { offset, zone: readTimeZone() };
  return cached.zone;
}
let cached: { offset: number; zone: string } | undefined;

/**
 * Temporal tells the zone at no cost where the browser has it (0.1 ms); the first
 * `Intl.DateTimeFormat()` of a page costs 15-35 ms, 75-135 ms on a phone (4x CPU), right when
 * the page's first calls leave.
 */
function readTimeZone(): string {
  try {
    const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal;
    return temporal?.Now?.timeZoneId?.() || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // The browser cannot tell.
    return 'UTC';
  }
}
