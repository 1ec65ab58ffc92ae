import { describe, expect, it } from 'vitest';

import { storageMessages } from '@portal/contract';

import { ApiError } from './api-error.ts';
import {
  errorTextFrom,
  extractErrorText,
  genericErrorText,
  rewordedErrors,
  rewordError,
  userErrorText,
} from './error-text.ts';

const HOST = 'portal.example.co.uk';
const GENERIC = 'Please try again. If the issue persists, contact customerservice@portal.example.co.uk';

describe('extractErrorText', () => {
  it('takes the first item of an array', () => {
    expect(extractErrorText(['First problem', 'Second problem'])).toBe('First problem');
  });

  it('recurses into the first item of an array when it is nested', () => {
    expect(extractErrorText([{ detail: 'Nested detail' }])).toBe('Nested detail');
    expect(extractErrorText([['Deep']])).toBe('Deep');
  });

  it('finds nothing in an empty array', () => {
    expect(extractErrorText([])).toBeUndefined();
  });

  it.each(['detail', 'error', 'message', 'content'])('reads the %s field', (field) => {
    expect(extractErrorText({ [field]: 'Read me', other: ['Not me'] })).toBe('Read me');
  });

  it('prefers detail, then error, then message, then content', () => {
    expect(extractErrorText({ content: 'c', message: 'm', error: 'e', detail: 'd' })).toBe('d');
    expect(extractErrorText({ content: 'c', message: 'm', error: 'e' })).toBe('e');
    expect(extractErrorText({ content: 'c', message: 'm' })).toBe('m');
    expect(extractErrorText({ content: 'c' })).toBe('c');
  });

  it('reads the first item when a message field holds an array', () => {
    expect(extractErrorText({ error: ['From the list'] })).toBe('From the list');
  });

  it('falls through an empty message field to the other fields', () => {
    expect(extractErrorText({ detail: '', email: ['Enter a valid email'] })).toBe('Enter a valid email');
  });

  it('takes the first nested value of another field: array -> first item', () => {
    expect(extractErrorText({ email: ['Enter a valid email', 'Too long'], password: ['Too short'] })).toBe(
      'Enter a valid email',
    );
  });

  it('takes the first nested value of another field: string', () => {
    expect(extractErrorText({ mobile: 'Invalid mobile' })).toBe('Invalid mobile');
  });

  it('takes the first nested value of another field: object -> recurse', () => {
    expect(extractErrorText({ installation_address: { post_code: ['Postcode must be valid'] } })).toBe(
      'Postcode must be valid',
    );
    expect(extractErrorText({ outer: { detail: 'Inner detail' } })).toBe('Inner detail');
  });

  it('skips status, error_code and success', () => {
    expect(extractErrorText({ status: 'failed', error_code: 'x_code', success: 'no', name: ['Name taken'] })).toBe(
      'Name taken',
    );
    expect(extractErrorText({ status: 'failed', error_code: 'x_code', success: 'no' })).toBeUndefined();
  });

  it('skips values that hold no text', () => {
    expect(extractErrorText({ count: 3, flag: true, empty: [], nothing: null, field: ['Text'] })).toBe('Text');
  });

  it('finds nothing in non-object data', () => {
    expect(extractErrorText(undefined)).toBeUndefined();
    expect(extractErrorText(null)).toBeUndefined();
    expect(extractErrorText(500)).toBeUndefined();
    expect(extractErrorText('<html>Bad gateway</html>')).toBeUndefined();
    expect(extractErrorText({})).toBeUndefined();
  });
});

describe('errorTextFrom', () => {
  it('gives the extracted text, or the fallback when there is none', () => {
    expect(errorTextFrom({ detail: 'Not found.' }, 'Fallback')).toBe('Not found.');
    expect(errorTextFrom({ status: 'x' }, 'Fallback')).toBe('Fallback');
    expect(errorTextFrom('oops', 'Fallback')).toBe('Fallback');
  });
});

describe('rewordError', () => {
  it('rewords "Invalid token."', () => {
    expect(rewordError('Invalid token.', HOST)).toBe('Please refresh the page and sign in');
  });

  it('rewords the mobile-in-use code', () => {
    expect(rewordError('mobile_number_in_use', HOST)).toBe(
      'Mobile number already in use, please enter a different mobile number',
    );
  });

  it('rewords anything else to the generic text with the host', () => {
    expect(rewordError('Database exploded', HOST)).toBe(GENERIC);
    expect(rewordError(undefined, HOST)).toBe(GENERIC);
  });

  it('uses this page host by default', () => {
    expect(rewordError('x')).toBe(
      `Please try again. If the issue persists, contact customerservice@${window.location.hostname}`,
    );
    expect(genericErrorText()).toBe(rewordError('x'));
  });
});

describe('userErrorText', () => {
  it('shows the server text of a 4xx answer as it is', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      data: { detail: 'The email address or password is incorrect.' },
    });
    expect(userErrorText(error, HOST)).toBe('The email address or password is incorrect.');
  });

  it('shows the first field error of a 400 answer', () => {
    const error = new ApiError({ kind: 'http', status: 400, data: { email: ['Enter a valid email address.'] } });
    expect(userErrorText(error, HOST)).toBe('Enter a valid email address.');
  });

  it('shows the text of a 429 answer', () => {
    const error = new ApiError({ kind: 'http', status: 429, data: { detail: 'Too many attempts.' } });
    expect(userErrorText(error, HOST)).toBe('Too many attempts.');
  });

  it('shows the text of a 409 over a storage limit and of a 507 full disk, but rewords other 5xx', () => {
    const limit = new ApiError({ kind: 'http', status: 409, data: { detail: storageMessages.tooManyCallFlows } });
    expect(userErrorText(limit, HOST)).toBe(storageMessages.tooManyCallFlows);
    const full = new ApiError({ kind: 'http', status: 507, data: { detail: storageMessages.serverFull } });
    expect(userErrorText(full, HOST)).toBe(
      'The server has run out of storage space; nothing was saved. Try again later.',
    );
    const broken = new ApiError({ kind: 'http', status: 500, data: { detail: 'Something internal.' } });
    expect(userErrorText(broken, HOST)).toBe(GENERIC);
  });

  it('rewords a 4xx answer with no text', () => {
    const error = new ApiError({ kind: 'http', status: 404, data: '<html></html>' });
    expect(userErrorText(error, HOST)).toBe(GENERIC);
  });

  it('rewords "Invalid token." even as a 4xx', () => {
    const error = new ApiError({ kind: 'http', status: 401, data: { detail: 'Invalid token.' } });
    expect(userErrorText(error, HOST)).toBe(rewordedErrors.invalidToken);
  });

  it('rewords the mobile-in-use code given as error_code', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      data: { error_code: 'mobile_number_in_use', detail: 'That number is taken' },
    });
    expect(userErrorText(error, HOST)).toBe(rewordedErrors.mobileNumberInUse);
  });

  it('rewords the mobile-in-use code given as the text', () => {
    const error = new ApiError({ kind: 'http', status: 400, data: ['mobile_number_in_use'] });
    expect(userErrorText(error, HOST)).toBe(rewordedErrors.mobileNumberInUse);
  });

  it('rewords a 5xx answer even when it holds text', () => {
    const error = new ApiError({ kind: 'http', status: 500, data: { detail: 'Traceback: KeyError' } });
    expect(userErrorText(error, HOST)).toBe(GENERIC);
  });

  it('rewords a network failure', () => {
    expect(userErrorText(new ApiError({ kind: 'network', status: 0 }), HOST)).toBe(GENERIC);
  });

  it('rewords an answer that did not match the contract', () => {
    const error = new ApiError({ kind: 'parse', status: 200, data: { detail: 'looks like text' } });
    expect(userErrorText(error, HOST)).toBe(GENERIC);
  });

  it('rewords anything that is not an ApiError', () => {
    expect(userErrorText(new Error('boom'), HOST)).toBe(GENERIC);
    expect(userErrorText('boom', HOST)).toBe(GENERIC);
  });
});
