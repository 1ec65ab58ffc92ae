import { QUICKSTART_FEEDBACK_FLAG } from '@portal/contract';

import type { Database } from '../../db/connect.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { demoUser, type DemoUser } from '../../db/demo-users.ts';
import { accounts, products, quickstarts, trials, type InstallationAddress } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/identity.ts';

/**
 * Demo data for the quick-start wizard's feedback panel: Juniper Florists, a second customer
 * in an opt-in trial on a voip3 cloud phone, with the quick-start feedback flag on (the
 * wizard shows "Share feedback!" instead of its steps). The quickstart e2e spec's feedback
 * tests use customers like it that the sandbox's customer factory makes. Seeded by seed.ts in
 * its transaction, after the other demo data, so earlier ids stay.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The feedback customer's trial ends this long after the first start. */
export const DEMO_FEEDBACK_TRIAL_LENGTH_MS = 10 * DAY_MS;

const juniperAddress: InstallationAddress = {
  summary_line: '5 Bridge Street, York, YO1 6DD',
  line_one: '5 Bridge Street',
  line_two: '',
  city: 'York',
  county: 'North Yorkshire',
  post_code: 'YO1 6DD',
};

/** The Juniper user with its password hash; slow, so seed.ts starts it before its transaction. */
export function quickstartDemoUser(): Promise<DemoUser> {
  return demoUser(demoLogins.trialFeedback);
}

/** A customer like Juniper Florists (the demo's, or one the sandbox makes under another company name). */
export async function seedQuickstartDemo(
  tx: Pick<Database, 'insert'>,
  user: DemoUser,
  now: Date,
  company = 'Juniper Florists',
): Promise<void> {
  const [juniper] = await tx.insert(accounts).values({ name: company }).returning();
  if (!juniper) throw new Error(`seed: ${company} not inserted`);
  await tx
    .insert(users)
    .values({ ...user, accountId: juniper.id, featureFlags: [{ name: QUICKSTART_FEEDBACK_FLAG, enabled: true }] });
  const [phone] = await tx
    .insert(products)
    .values({
      accountId: juniper.id,
      kind: 'voip',
      tariffVersion: 'TARIFF_V3',
      supplier: 3,
      status: 'live',
      channel: 'Self Sign Up',
      showProductPages: true,
      productDetail: 'Cloud phone - 1 user (trial)',
      installationAddress: juniperAddress,
      confirmedDate: now.toISOString().slice(0, 10),
    })
    .returning();
  if (!phone) throw new Error('seed: quickstart demo product not inserted');
  await tx.insert(trials).values({
    productId: phone.id,
    kind: 'OPT_IN',
    startedAt: now,
    endsAt: new Date(now.getTime() + DEMO_FEEDBACK_TRIAL_LENGTH_MS),
    statusEntry: now,
  });
  await tx.insert(quickstarts).values({
    productId: phone.id,
    showPopup: true,
    sectionsCompleted: { watch_getting_started: true, download_apps: true, make_your_first_call: false },
  });
}
