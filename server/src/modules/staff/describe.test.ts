import { describe, expect, it } from 'vitest';

import { describeCall } from './describe.ts';

describe('an audit entry in words', () => {
  it('names what was done to what, by the name the request or its answer gives it', () => {
    expect(
      describeCall({ method: 'POST', path: '/api/v2/voip/21/call-flows/', body: { name: 'Menu', data: {} } }),
    ).toBe("created call flow 'Menu'");
    expect(
      describeCall({
        method: 'PATCH',
        path: '/api/v2/voip/21/call-flows/5/',
        body: { data: {} },
        answer: { id: 5, name: 'Menu' },
      }),
    ).toBe("changed call flow 'Menu'");
    expect(
      describeCall({
        method: 'PATCH',
        path: '/api/v2/voip/21/call-flows/5/',
        body: { enable: true },
        answer: { name: 'Menu' },
      }),
    ).toBe("enabled call flow 'Menu'");
    expect(describeCall({ method: 'DELETE', path: '/api/v2/voip/21/call-flows/5/' })).toBe('deleted call flow 5');
  });

  it('says an action and what it was done to, and a setting by its name', () => {
    expect(describeCall({ method: 'POST', path: '/api/v1/voip/21/users/7/actions/reset-pin/' })).toBe(
      'reset PIN of user 7',
    );
    expect(describeCall({ method: 'PUT', path: '/api/v3/voip/21/phone-setup/voicemail/configuration/' })).toBe(
      'changed configuration',
    );
    expect(
      describeCall({ method: 'POST', path: '/api/v1/voip/21/holiday-schedule/', body: { name: 'Christmas' } }),
    ).toBe("created holiday schedule 'Christmas'");
    expect(
      describeCall({ method: 'DELETE', path: '/api/v1/products/21/configuration/forwardings/temporary-call-divert/' }),
    ).toBe('deleted temporary call divert');
    expect(describeCall({ method: 'POST', path: '/api/v1/voip/21/contacts/import-contacts/' })).toBe(
      'imported contacts',
    );
    expect(describeCall({ method: 'GET', path: '/api/v1/voip/21/calls/call_recordings/' })).toBe(
      'viewed call recordings',
    );
    expect(describeCall({ method: 'GET', path: '/api/v3/me/' })).toBe('viewed profile');
  });
});
