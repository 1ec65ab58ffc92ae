import { describe, expect, it } from 'vitest';

import * as journeyPaths from './journey-paths.ts';
import * as paths from './paths.ts';
import { buildRoutePath, routeName } from './route-path.ts';

describe('paths', () => {
  it('keeps each route once, in paths.ts or journey-paths.ts', () => {
    const patterns = ([...Object.values(paths), ...Object.values(journeyPaths)] as unknown[])
      .filter(
        (value): value is { pattern: string } => typeof value === 'object' && value !== null && 'pattern' in value,
      )
      .map((route) => route.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(Object.keys(journeyPaths).filter((name) => name in paths)).toEqual([]);
  });

  it('names routes the way the spec does', () => {
    expect(paths.callFlows.name).toBe('call-flows-id');
    expect(paths.voipDetails.name).toBe('voip-details-id');
    expect(paths.productPhoneDetails.name).toBe('cloud-phone-details-id');
    expect(paths.callRecordingsRecentlyDeleted.name).toBe('call-recordings-id-recently-deleted');
    expect(journeyPaths.authPasswordResetConfirm.name).toBe('auth-password_reset-uid-token');
    expect(routeName('/call-flows/custom/:id?')).toBe('call-flows-custom-id');
  });

  it('builds paths with parameters and a query', () => {
    expect(paths.callFlows.build({ id: 12 }, { tab: 'active-call-flow' })).toBe('/call-flows/12?tab=active-call-flow');
    expect(paths.billing.build({}, { id: 4 })).toBe('/billing?id=4');
    expect(paths.authLogin.build(undefined, { next: '/a?b=1#c' })).toBe('/auth/login/?next=%2Fa%3Fb%3D1%23c');
    expect(paths.index.build()).toBe('/');
  });

  it('leaves out an optional parameter that is not given and encodes values', () => {
    expect(paths.callFlowsCustom.build({})).toBe('/call-flows/custom');
    expect(paths.callFlowsCustom.build({ id: 5 })).toBe('/call-flows/custom/5');
    expect(paths.user.build({ id: 'a/b' })).toBe('/user/a%2Fb');
    expect(paths.phoneSetup.build({ id: 3 }, { tab: undefined })).toBe('/phone-setup/3');
  });

  it('refuses to build without a required parameter', () => {
    expect(() => buildRoutePath('/call-flows/:id', {})).toThrow(/Missing route parameter "id"/);
  });

  it('builds the phone setup tabs', () => {
    expect(paths.phoneSetupPage(3)).toBe('/phone-setup/3?tab=holiday-schedule');
    expect(paths.phoneSetupPage(3, 'hold-music')).toBe('/phone-setup/3?tab=hold-music');
  });

  it('builds the call-flow routes', () => {
    expect(paths.callFlowsPage(12)).toBe('/call-flows/12?tab=active-call-flow');
    expect(paths.upgrade.build({ id: 12 })).toBe('/upgrade/12');
  });
});
