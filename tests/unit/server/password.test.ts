import { describe, expect, it } from 'vitest';
import { hashPassword, isPasswordHash, verifyPassword } from '~/server/shared/password';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    // Three scrypt runs of 32 MB each: a fraction of a second alone, seconds beside the type-check and lint.
  }, 30_000);

  it('stores a self-describing scrypt string with a fresh salt each time', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('same password');
  });

  it('rejects malformed hashes and hashes whose parameters would be too costly', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', null)).toBe(false);
    const huge = `scrypt$${2 ** 24}$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    expect(isPasswordHash(huge)).toBe(false);
    expect(await verifyPassword('x', huge)).toBe(false);
  });
});
