import { SignJWT, jwtVerify } from 'jose';

/**
 * Access tokens: HS256 JWTs signed with JWT_SECRET. The algorithm is pinned, `exp`
 * is always set and checked, and so are issuer and audience. The party server verifies
 * the same tokens with the same secret. Clock-free: callers pass `now`.
 */
export const TOKEN_ISSUER = 'astrolabe';
export const TOKEN_AUDIENCE = 'astrolabe-app';
export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

// Importing the HMAC key costs more than verifying with it: keep one per secret.
const keys = new Map<string, Promise<CryptoKey>>();
function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

export async function issueAccessToken(secret: string, user: { id: number; username: string }, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ username: user.username })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(await keyOf(secret));
}

/** The user id a token names, or null for an invalid, expired, tampered or unsigned token. */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Only a well-formed HS256 header reaches jose: garbage is refused without an exception. */
function headerIsHs256(token: string): boolean {
  if (!COMPACT_JWS.test(token)) return false;
  try {
    const json = atob(token.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as { alg?: unknown }).alg === 'HS256';
  } catch {
    return false;
  }
}

export async function verifyAccessToken(secret: string, token: string, nowMs: number): Promise<number | null> {
  if (!secret || !headerIsHs256(token)) return null;
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    const id = Number(payload.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
