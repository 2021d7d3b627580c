import { describe, expect, it } from 'vitest';
import { issueAccessToken, TOKEN_TTL_SECONDS, verifyAccessToken } from '../../worker/src/domain/tokens';

const SECRET = 'unit-test-secret-unit-test-secret';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('access tokens', () => {
  it('round-trips the user id while the token is fresh', async () => {
    const token = await issueAccessToken(SECRET, { id: 42, username: 'ada' }, NOW);
    expect(await verifyAccessToken(SECRET, token, NOW + 1000)).toBe(42);
  });

  it('expires after the TTL, judged by the clock it is given', async () => {
    const token = await issueAccessToken(SECRET, { id: 42, username: 'ada' }, NOW);
    expect(await verifyAccessToken(SECRET, token, NOW + (TOKEN_TTL_SECONDS - 10) * 1000)).toBe(42);
    expect(await verifyAccessToken(SECRET, token, NOW + (TOKEN_TTL_SECONDS + 10) * 1000)).toBeNull();
  });

  it('refuses another secret, an empty secret, and garbage', async () => {
    const token = await issueAccessToken(SECRET, { id: 42, username: 'ada' }, NOW);
    expect(await verifyAccessToken('another-secret-another-secret-xx', token, NOW)).toBeNull();
    expect(await verifyAccessToken('', token, NOW)).toBeNull();
    for (const junk of ['', 'abc', 'a.b.c', `${token}x`]) expect(await verifyAccessToken(SECRET, junk, NOW)).toBeNull();
  });
});
