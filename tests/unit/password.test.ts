import { describe, expect, it } from 'vitest';
import { constantTimeEqual, hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../../worker/src/lib/password';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Secret123!');
    expect(await verifyPassword('Secret123!', stored)).toBe(true);
    expect(await verifyPassword('Secret123?', stored)).toBe(false);
  });

  it('never exceeds the production Workers ceiling of 100,000 iterations', async () => {
    const stored = await hashPassword('Secret123!', 500_000);
    expect(stored.split('$')[1]).toBe(String(PBKDF2_ITERATIONS));
    const tooMany = stored.replace(`$${PBKDF2_ITERATIONS}$`, '$200000$');
    expect(await verifyPassword('Secret123!', tooMany)).toBe(false);
  });

  it('compares byte strings of any content and length', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
  });
});
