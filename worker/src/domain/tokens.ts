import { SignJWT, jwtVerify } from 'jose';

/**
 * Access tokens: HS256 JWTs signed with JWT_SECRET. The algorithm is pinned, `exp`
 * is always set and checked, and so are issuer and audience. The party server verifies
 * the same tokens with the same secret. Clock-free: callers pass `now`.
 */
export const TOKEN_ISSUER = 'astrolabe';
export const TOKEN_AUDIENCE = 'astrolabe-app';
export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function issueAccessToken(secret: string, user: { id: number; username: string }, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ username: user.username })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(keyOf(secret));
}

/** The user id a token names, or null for an invalid, expired, tampered or unsigned token. */
export async function verifyAccessToken(secret: string, token: string, nowMs: number): Promise<number | null> {
  if (!secret) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
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
