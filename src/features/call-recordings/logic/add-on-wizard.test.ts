import { describe, expect, it } from 'vitest';

import type { Seat } from '@portal/contract';

import { ON_DEMAND, plannedChanges, STORAGE_OPTIONS, WIZARD_STEPS } from './add-on-wizard.ts';

const seat = (id: number, add_ons: string[]): Seat =>
  ({
    id,
    platform_id: `p${id}`,
    product_id: 1,
    service_plan: 'Standard',
    add_ons,
    extension: String(200 + id),
    name: `User ${id}`,
    first_name: 'User',
    last_name: String(id),
    email: `u${id}@example.test`,
    locked: false,
    numbers: [],
  }) as unknown as Seat;

describe('the recording add-on wizard', () => {
  const [threeYears, fiveYears] = STORAGE_OPTIONS;
  it('has the spec parts in order from step 0 and its add-on names', () => {
    expect(WIZARD_STEPS.slice(0, 3)).toEqual(['Recording', 'Interaction', 'Storage']);
    expect([ON_DEMAND.display_name, threeYears.display_name, fiveYears.display_name]).toEqual([
      'Call recording (on-demand)',
      'Call recording 3yr storage',
      'Call recording 5yr storage',
    ]);
  });

  it("replaces only the call-recording add-on, keeps the user's others, and never lowers a longer storage", () => {
    const changes = plannedChanges(
      [seat(1, ['UC Express']), seat(2, ['Call recording 5yr storage']), seat(3, ['Call recording 3yr storage'])],
      threeYears,
    );
    expect(changes[0]).toMatchObject({ next: [201, threeYears.id], keeps: null });
    expect(changes[1]!.next).toBeNull();
    expect(changes[1]!.keeps).toMatch(/^keeps Call recording 5yr storage/);
    expect(changes[2]).toMatchObject({ next: null, keeps: 'has Call recording 3yr storage already' });
    expect(plannedChanges([seat(3, ['Call recording 3yr storage'])], fiveYears)[0]).toMatchObject({
      next: [fiveYears.id],
      keeps: null,
    });
  });
});
