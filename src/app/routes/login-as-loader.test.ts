import { describe, expect, it } from 'vitest';

import { MANAGE_OTHER_USERS } from '@portal/contract';

import { canSwitchUsers } from './login-as-loader.ts';

const user = (over: {
  is_staff?: boolean;
  permissions?: string[];
  logged_in_as?: { email: string; name: string; permissions: string[] } | null;
}) => ({
  is_staff: false,
  permissions: [],
  logged_in_as: null,
  ...over,
});

describe('who may sign in as another user (spec 000 section 6)', () => {
  it('is staff with the role, or a staff member already switched', () => {
    expect(canSwitchUsers(user({ is_staff: true, permissions: [MANAGE_OTHER_USERS] }))).toBe(true);
    expect(
      canSwitchUsers(
        user({
          logged_in_as: { email: 'support@portal.example', name: 'Sam Rivers', permissions: [MANAGE_OTHER_USERS] },
        }),
      ),
    ).toBe(true);
  });

  it('is not the role without the staff flag, the staff flag without the role, or nobody', () => {
    expect(canSwitchUsers(user({ permissions: [MANAGE_OTHER_USERS] }))).toBe(false);
    expect(canSwitchUsers(user({ is_staff: true, permissions: ['something else'] }))).toBe(false);
    expect(canSwitchUsers(undefined)).toBe(false);
  });
});
