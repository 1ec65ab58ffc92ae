import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api-error.ts';
import { accountServerErrors, withExtraData } from './forms.ts';

describe('the billing forms', () => {
  it("put the server's messages on the authorised contact's fields", () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      data: {
        'authorised_contact.full_name': ['Full name is a required field'],
        address_post_code: ['Postcode must be valid'],
      },
    });
    expect(accountServerErrors(error)).toEqual({
      fieldErrors: { contact_full_name: 'Full name is a required field', address_post_code: 'Postcode must be valid' },
      formError: null,
    });
  });

  it("write a refusal's extra_data over the matching fields only", () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      data: {
        sort_code: ['No'],
        extra_data: { payee_confirm_attempt: 3, payee_confirm_status: 'failed', unknown: 'x' },
      },
    });
    expect(
      withExtraData({ payee_confirm_attempt: 1, payee_confirm_status: 'confirmed', sort_code: '20-00-00' }, error),
    ).toEqual({
      payee_confirm_attempt: 3,
      payee_confirm_status: 'failed',
      sort_code: '20-00-00',
    });
    expect(withExtraData({ a: 1 }, new Error('offline'))).toEqual({ a: 1 });
  });
});
