import { describe, expect, it } from 'vitest';

import { passwordMessages } from './passwords.ts';
import { CreatePasswordRequest, signupMessages } from './signup.ts';

const details = {
  token: 'a-journey-token-of-the-sign-up',
  password1: 'a-long-enough-password-1',
  password2: 'a-long-enough-password-1',
  pin: '482916',
  mobile_number: '07700 900982',
};
const problems = (input: Record<string, unknown>) =>
  Object.fromEntries(
    (CreatePasswordRequest.safeParse(input).error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );

describe('the trial details form', () => {
  it('accepts good details', () => {
    expect(CreatePasswordRequest.safeParse(details).success).toBe(true);
  });

  it('reports every problem at once: a PIN problem does not hide the password mismatch or a bad postcode', () => {
    const found = problems({
      ...details,
      pin: '123456',
      password2: 'something-else-entirely',
      business_postcode: 'nope',
    });
    expect(Object.keys(found).sort()).toEqual(['business_postcode', 'password2', 'pin']);
    expect(found.password2).toBe(passwordMessages.mismatch);
    expect(found.business_postcode).toBe(signupMessages.postcodeInvalid);
  });

  it('says nothing of a mismatch while a password is itself missing', () => {
    expect(problems({ ...details, password2: '' })).toEqual({ password2: passwordMessages.confirmRequired });
  });
});
