import { describe, expect, it } from 'vitest';

import { StaffEmail } from '@portal/contract';

/** The message the admin dialog's fields show (its form checks the contract's StaffEmail). */
function staffEmailError(value: string): string | undefined {
  const result = StaffEmail.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('the admin dialog e-mail rule (contract StaffEmail, spec 000 section 5)', () => {
  it('asks for an e-mail when there is none', () => {
    for (const value of ['', '   ', '\t'])
      expect(staffEmailError(value), JSON.stringify(value)).toBe('Email is a required field');
  });

  it('refuses what is not an e-mail address', () => {
    for (const value of [
      'taylor',
      'taylor@',
      '@willow.example',
      'taylor@willow',
      'tay lor@willow.example',
      'a@b@c.example',
      `${'a'.repeat(250)}@x.example`,
    ]) {
      expect(staffEmailError(value), value).toBe('Email is invalid');
    }
  });

  it('accepts an e-mail address, with spaces around it', () => {
    for (const value of ['taylor@willow-accountancy.example', '  Taylor.Quinn+support@Willow.co.uk  ']) {
      expect(staffEmailError(value), value).toBeUndefined();
    }
  });
});
