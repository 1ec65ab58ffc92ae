import { describe, expect, it } from 'vitest';

import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('stores scrypt parameters, salt and hash, and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
    expect(await hashPassword('correct horse battery staple')).not.toBe(stored); // fresh salt
  });

  it('never matches a malformed or unreasonable hash', async () => {
    const stored = await hashPassword('secret');
    const [, , , , salt, hash] = stored.split('$');
    for (const bad of [
      '',
      'secret',
      `bcrypt$32768$8$1$${salt}$${hash}`,
      `scrypt$1000$8$1$${salt}$${hash}`,
      `scrypt$${2 ** 24}$8$1$${salt}$${hash}`,
      `scrypt$32768$8$1$${salt}$AAAA`,
    ]) {
      expect(await verifyPassword('secret', bad), bad).toBe(false);
    }
    expect(await verifyDummyPassword('secret')).toBe(false);
  });
});
