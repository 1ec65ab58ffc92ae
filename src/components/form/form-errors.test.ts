import { describe, expect, it } from 'vitest';

import { RegisterRequest } from '@portal/contract';

import { ApiError } from '../../lib/api-error.ts';
import { issueErrors, serverErrors } from './form-errors.ts';

const fields = ['first_name', 'last_name', 'email', 'password1', 'password2'] as const;
const http = (status: number, data: unknown) => new ApiError({ kind: 'http', status, data });

describe('issueErrors', () => {
  it('gives each field the first message of the contract schema, in field order', () => {
    const result = RegisterRequest.safeParse({
      first_name: ' ',
      last_name: 'Lovelace',
      email: 'ada',
      password1: 'short',
      password2: '',
    });
    expect(result.success).toBe(false);
    expect(issueErrors(result.error!.issues, fields)).toEqual({
      fieldErrors: {
        first_name: 'Enter your first name',
        email: 'Enter an email address in the correct format, like name@example.com',
        password1: 'Password must be 10 characters or more',
        password2: 'Confirm your password',
      },
      formError: null,
    });
  });

  it('reports the mismatch on the confirmation field', () => {
    const result = RegisterRequest.safeParse({
      first_name: 'Ada',
      last_name: 'L',
      email: 'ada@example.com',
      password1: 'long enough 1',
      password2: 'long enough 2',
    });
    expect(issueErrors(result.error!.issues, fields)).toEqual({
      fieldErrors: { password2: 'Passwords do not match' },
      formError: null,
    });
  });

  it('makes an issue about anything but the fields the form message', () => {
    expect(
      issueErrors(
        [
          { path: ['token'], message: 'This link is not valid.' },
          { path: ['email'], message: 'Enter your email address' },
        ],
        fields,
      ),
    ).toEqual({
      fieldErrors: { email: 'Enter your email address' },
      formError: 'This link is not valid.',
    });
  });
});

describe('serverErrors', () => {
  it('puts field arrays beside their fields, and the rest in the summary', () => {
    expect(
      serverErrors(
        http(400, {
          password1: ['This password is too common and easy to guess.'],
          non_field_errors: ['Check the form'],
        }),
        fields,
      ),
    ).toEqual({
      fieldErrors: { password1: 'This password is too common and easy to guess.' },
      formError: 'Check the form',
    });
    expect(serverErrors(http(400, { email: ['Taken'] }), fields)).toEqual({
      fieldErrors: { email: 'Taken' },
      formError: null,
    });
  });

  it('shows a refusal about the whole request in the summary', () => {
    expect(serverErrors(http(400, { detail: 'This link has expired. Ask for a new one.' }), fields)).toEqual({
      fieldErrors: {},
      formError: 'This link has expired. Ask for a new one.',
    });
    expect(
      serverErrors(
        http(429, { detail: 'Too many requests. Wait a while, then try again.', unknown_field: ['x'] }),
        fields,
      ).formError,
    ).toBe('Too many requests. Wait a while, then try again.');
  });

  it('rewords a server failure or no answer at all', () => {
    expect(serverErrors(http(500, { detail: 'boom' }), fields).formError).toMatch(
      /^Please try again\. If the issue persists, contact customerservice@/,
    );
    expect(serverErrors(new ApiError({ kind: 'network', status: 0 }), fields).formError).toMatch(/^Please try again/);
  });
});
