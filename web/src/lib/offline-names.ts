/**
 * What the page and the service worker (web/sw/) must agree on about the offline read
 * copies: the cache's name (logout deletes it) and the header a copy carries, which says
 * when it was saved and so that it came from this device, not from the server.
 */
export const OFFLINE_READS_CACHE = 'astrolabe-reads';
export const SAVED_AT_HEADER = 'x-astrolabe-saved-at';
