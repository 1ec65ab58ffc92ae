import { QUICKSTART_FEEDBACK_FLAG, type InstallationAddress } from '@portal/contract';

import { cloudPhoneOf, seedCustomer, type SeedTransaction } from '../../db/demo-customers.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { demoUser, type DemoUser } from '../../db/demo-users.ts';
import { seedQuickstart, seedTrial } from '../customers/index.ts';

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
  tx: SeedTransaction,
  user: DemoUser,
  now: Date,
  company = 'Juniper Florists',
): Promise<void> {
  const made = await seedCustomer(
    tx,
    {
      company,
      user: { ...user, featureFlags: [{ name: QUICKSTART_FEEDBACK_FLAG, enabled: true }] },
      cloudPhone: {
        supplier: 3,
        productDetail: 'Cloud phone - 1 user (trial)',
        installationAddress: juniperAddress,
        asSeeded: { status: 'live', channel: 'Self Sign Up', confirmedDate: now.toISOString().slice(0, 10) },
        firstSeat: null,
      },
    },
    now,
  );
  const phone = cloudPhoneOf(made);
  await seedTrial(tx, phone, {
    startedAt: now,
    endsAt: new Date(now.getTime() + DEMO_FEEDBACK_TRIAL_LENGTH_MS),
    statusEntry: now,
  });
  await seedQuickstart(tx, phone, {
    showPopup: true,
    sectionsCompleted: { watch_getting_started: true, download_apps: true, make_your_first_call: false },
  });
}
