/**
 * Password hashing with PBKDF2-SHA256 through WebCrypto. Production Workers refuse more
 * than 100,000 iterations, so that is both the default and the ceiling. The parameters
 * are stored with the hash (`pbkdf2-sha256$<iterations>$<salt>$<hash>`) so that they
 * can be raised later without invalidating old hashes.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SCHEME = 'pbkdf2-sha256';
const KEY_BYTES = 32;

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

async function derive(password: string, salt: BufferSource, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, KEY_BYTES * 8);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(new ArrayBuffer(16)));
  const hash = await derive(password, salt, Math.min(iterations, PBKDF2_ITERATIONS));
  return `${SCHEME}$${Math.min(iterations, PBKDF2_ITERATIONS)}$${toB64(salt)}$${toB64(hash)}`;
}

/** Compares in time that depends only on the length, never on where the bytes differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterText);
  if (scheme !== SCHEME || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return false;
  const expected = fromB64(hashText ?? '');
  const actual = await derive(password, fromB64(saltText ?? ''), iterations);
  return constantTimeEqual(actual, expected);
}

/** A hash of nothing, verified against when the account does not exist so timing does not tell. */
export const DUMMY_HASH = `${SCHEME}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
