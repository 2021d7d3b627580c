/**
 * The access token lives in two local-storage entries: the token and its expiry
 * (seconds since the epoch, read from the token's `exp`). A token counts as expired when
 * less than 60 s remain.
 */
const TOKEN_KEY = 'astrolabe.access_token';
const EXPIRY_KEY = 'astrolabe.token_expires_at';
export const EXPIRY_MARGIN_SECONDS = 60;

export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

export function isExpired(token: string, nowMs = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp === null || exp - nowMs / 1000 < EXPIRY_MARGIN_SECONDS;
}

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(EXPIRY_KEY, String(tokenExpiry(token) ?? ''));
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(EXPIRY_KEY);
}
