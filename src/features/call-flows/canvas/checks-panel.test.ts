import { describe, expect, it } from 'vitest';

import type { SiteUser } from '@portal/contract';
import { coverageWarnings, setArgs } from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { coverageUsers } from './checks-panel.tsx';

const user = (id: number, first: string, extension: string, has_phone_or_app?: boolean): SiteUser => ({
  id,
  first_name: first,
  last_name: 'Smith',
  email: `${first.toLowerCase()}@example.co.uk`,
  extension,
  ...(has_phone_or_app !== undefined && { has_phone_or_app }),
});

describe('coverage users from the site answer', () => {
  it('knows who has a phone or app, leaves out users without an extension, and counts the unknown as reachable', () => {
    const users = coverageUsers([
      user(1, 'Ann', '200', true),
      user(2, 'Ben', '201', false),
      user(3, 'Cat', 'Not Assigned', false),
      user(4, 'Dan', '203'),
    ]);
    expect(users).toEqual([
      { extension: '200', name: 'Ann Smith', reachable: true },
      { extension: '201', name: 'Ben Smith', reachable: false },
      { extension: '203', name: 'Dan Smith', reachable: true },
    ]);
  });

  it('makes the transfer whose members all have no phone or app a warning, and one reachable member clears it', () => {
    const site = [user(1, 'Ann', '200', true), user(2, 'Ben', '201', false), user(3, 'Cal', '202', false)];
    const ringing = (members: string[]) => apply(sampleFlow(), setArgs('n5', { target: members }))!.flow;
    const unreachable = coverageWarnings(ringing(['201', '202']), { users: coverageUsers(site) }).filter(
      (w) => w.code === 'nobody_reachable',
    );
    expect(unreachable).toHaveLength(1);
    expect(unreachable[0]?.text).toMatch(/Transfer rings Ben Smith and Cal Smith, who have no phone or app/);
    expect(
      coverageWarnings(ringing(['200', '201']), { users: coverageUsers(site) }).filter(
        (w) => w.code === 'nobody_reachable',
      ),
    ).toEqual([]);
  });
});
