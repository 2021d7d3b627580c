/** The browser's IANA time zone ('Europe/Paris'), or UTC when the browser cannot tell. */
export function browserTimeZone(): string {
  // Every API call sends it: building a DateTimeFormat for it each time cost ~3 ms a call on a
  // slow phone. Read again once the clock's offset moves (the device travelled, or DST).
  const offset = new Date().getTimezoneOffset();
  if (cached?.offset === offset) return cached.zone;
  let zone = 'UTC';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // The browser cannot tell.
  }
  cached = { offset, zone };
  return zone;
}
let cached: { offset: number; zone: string } | undefined;
