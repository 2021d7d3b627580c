/**
 * The access token lives in two local-storage entries: the token and its expiry
 * (seconds since the epoch, read from the token's `exp`). A token counts as expired when
 * less than 60 s remain.
 */
const TOKEN_KEY = 'astrolabe.access_token';
const EXPIRY_KEY = 'astrolabe.token_expires_at';
export const EXPIRY_MARGIN_SECONDS = 60;

function claims(token: string): { exp?: unknown; sub?: unknown } {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; sub?: unknown };
  } catch {
    return {};
  }
}

export function tokenExpiry(token: string): number | null {
  const { exp } = claims(token);
  return typeof exp === 'number' ? exp : null;
}

/** The user id the token names (its `sub`), or null. */
export function tokenUserId(token: string): number | null {
  const id = Number(claims(token).sub);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
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
