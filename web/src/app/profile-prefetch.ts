/**
 * The person's profile (`GET /api/users/me`) asked for while the app's code loads: boot.ts
 * starts it beside main.tsx, and the AuthProvider's first check takes the answer instead of
 * asking only once the whole route's code has loaded and rendered (half a second later on a
 * slow phone, and every signed-in screen waits for it). Browser tabs only: the native app's
 * web view gets its token from the host first.
 */
import { usersApi } from '../api/users';
import { isExpired, storedToken } from '../lib/token-store';
import { detectWebView } from '../lib/webview';
import type { CurrentUser } from '../ui/auth-context';

/** A start on a bad connection gives up waiting for the profile after this long (then counts as offline). */
export const PROFILE_WAIT_MS = 8_000;

let early: { token: string; me: Promise<CurrentUser> } | null = null;

export function prefetchProfile(): void {
  if (detectWebView()) return;
  const token = storedToken();
  if (!token || isExpired(token)) return;
  const me = usersApi.me(AbortSignal.timeout(PROFILE_WAIT_MS));
  me.catch(() => undefined); // the AuthProvider reads the failure when it takes the answer
  early = { token, me };
}

/** The profile asked for at start with this very token, once; else null (ask now). */
export function takeProfile(token: string): Promise<CurrentUser> | null {
  const taken = early;
  early = null;
  return taken?.token === token ? taken.me : null;
}
