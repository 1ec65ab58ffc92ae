import { describe, expect, it } from 'vitest';

import { MIN_PASSWORD_LENGTH, passwordMessages } from '@portal/contract';

import { isCommonPassword, passwordProblem } from './password-policy.ts';

describe('password policy', () => {
  it('refuses passwords shorter than the minimum', () => {
    expect(passwordProblem('a'.repeat(MIN_PASSWORD_LENGTH - 1), 'sam@example.com')).toBe(passwordMessages.tooShort);
  });

  it('refuses common passwords whatever their case', () => {
    expect(isCommonPassword('password1234')).toBe(true);
    expect(passwordProblem('PASSWORD1234', 'sam@example.com')).toBe(passwordMessages.common);
    expect(passwordProblem('1234567890', 'sam@example.com')).toBe(passwordMessages.common);
  });

  it("refuses a password containing the e-mail address's name", () => {
    expect(passwordProblem('my-robin.hood-2026', 'robin.hood@example.com')).toBe(passwordMessages.likeEmail);
  });

  it('accepts a long uncommon password', () => {
    expect(passwordProblem('harbour lantern tuesday', 'sam@example.com')).toBeNull();
    expect(isCommonPassword('harbour lantern tuesday')).toBe(false);
  });
});
