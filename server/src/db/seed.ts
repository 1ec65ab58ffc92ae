import { sql } from 'drizzle-orm';

import type { InstallationAddress } from '@portal/contract';

import type { AudioStorage } from '../audio/storage.ts';
import { seedBillingDemo } from '../modules/billing/demo-billing.ts';
import { seedSimpleCallFlow } from '../modules/call-flows/index.ts';
import { seedCallLog } from '../modules/call-log/demo-calls.ts';
import { ACME_DEMO_CONTACTS, seedDemoContacts } from '../modules/contacts/demo-contacts.ts';
import { seedQuickstart, seedTrial } from '../modules/customers/index.ts';
import { seedAcmeHardware } from '../modules/hardware/demo-hardware.ts';
import { seedStaffMember, userCount } from '../modules/identity/index.ts';
import { notificationDemoUser, seedNotificationDemo } from '../modules/notifications/demo-notifications.ts';
import { seedOrderHistory } from '../modules/notifications/demo-orders.ts';
import { seedNumberInventory } from '../modules/numbers/demo-numbers.ts';
import { seedPhoneNumbers } from '../modules/numbers/index.ts';
import { seedPhoneSetupDemo } from '../modules/phone-setup/demo-phone-setup.ts';
import { seedDefaultPhoneSettings } from '../modules/phone-setup/index.ts';
import {
  seedDefaultProductDetails,
  seedProductDetailsCustomer,
} from '../modules/product-details/demo-product-details.ts';
import { profileDemoUsers, seedProfileDemo } from '../modules/profile/demo-profile.ts';
import { seedShopCatalogue } from '../modules/shop/demo-shop.ts';
import { seedStaffDemo, staffDemoUsers } from '../modules/staff/demo-staff.ts';
import { quickstartDemoUser, seedQuickstartDemo } from '../modules/trial/demo-quickstart.ts';
import { buyNowDemoUsers, seedBuyNowDemo, seedShellDemo, shellDemoUsers } from '../modules/trial/demo-shell.ts';
import type { Database, Reads } from './connect.ts';
import { ACME_NUMBERS, seedAcmeLike } from './demo-acme.ts';
import { cloudPhoneOf, seedCustomer } from './demo-customers.ts';
import { demoLogins } from './demo-logins.ts';
import { demoUser } from './demo-users.ts';

/** The demo trial ends this long after the first start. */
export const DEMO_TRIAL_LENGTH_MS = 2 * 24 * 60 * 60 * 1000;

// Any constant; it only has to be the same in every process that may seed at once.
const SEED_LOCK = 727_001;

const brightDeskAddress: InstallationAddress = {
  summary_line: '2nd Floor, 18 Market Street, Bristol, BS1 3DH',
  line_one: '2nd Floor, 18 Market Street',
  line_two: '',
  city: 'Bristol',
  county: 'City of Bristol',
  post_code: 'BS1 3DH',
};

/**
 * Inserts the demo data when the database has no users yet (the first start), in one
 * transaction, and the demo audio files into `audio`. Answers whether it seeded. Safe when
 * several processes start at once.
 */
export async function seedIfEmpty(db: Database, audio: AudioStorage, now: Date = new Date()): Promise<boolean> {
  const hasUsers = async (tx: Reads) => (await userCount(tx)) > 0;
  if (await hasUsers(db)) return false;

  // Hashing is slow, so it happens before the transaction takes its lock.
  const shellUsers = shellDemoUsers();
  const notificationUser = notificationDemoUser();
  const staffUsers = staffDemoUsers();
  const profileUsers = profileDemoUsers();
  const quickstartUser = quickstartDemoUser();
  const buyNowUsers = buyNowDemoUsers();
  const [customer, staff, trial, buyNow, productDetails] = await Promise.all([
    demoUser(demoLogins.customer),
    demoUser(demoLogins.staff),
    demoUser(demoLogins.trial),
    demoUser(demoLogins.buyNow),
    demoUser(demoLogins.productDetails),
  ]);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasUsers(tx)) return false;

    const acme = await seedAcmeLike(
      tx,
      audio,
      { user: customer, company: 'Acme Plumbing Ltd', numbers: ACME_NUMBERS },
      now,
    );
    await seedDemoContacts(tx, acme.cloudPhoneId, ACME_DEMO_CONTACTS);
    await seedAcmeHardware(tx, acme.cloudPhoneId, acme.voipUserIds, 0);
    await seedCallLog(tx, acme.cloudPhoneId, {
      extensions: ['200', '201', '202'],
      numbers: [...ACME_NUMBERS.leeds, ...ACME_NUMBERS.london],
      days: 90,
      now,
      seed: 20,
    });
    await seedStaffMember(tx, staff);
    const brightDesk = await seedCustomer(
      tx,
      {
        company: 'BrightDesk Studio',
        user: trial,
        cloudPhone: {
          supplier: 3,
          productDetail: 'Cloud phone - 1 user (trial)',
          installationAddress: brightDeskAddress,
          asSeeded: { status: 'live', channel: 'Self Sign Up', confirmedDate: now.toISOString().slice(0, 10) },
        },
      },
      now,
    );
    const cornerCafe = await seedCustomer(
      tx,
      {
        company: 'Corner Cafe',
        user: buyNow,
        cloudPhone: {
          supplier: 3,
          productDetail: 'Cloud phone - 1 user',
          asSeeded: { status: 'live', channel: 'Buy Now', confirmedDate: '2025-01-15' },
        },
      },
      now,
    );
    const trialPhone = cloudPhoneOf(brightDesk);
    const cafePhone = cloudPhoneOf(cornerCafe);

    await seedTrial(tx, trialPhone, {
      startedAt: now,
      endsAt: new Date(now.getTime() + DEMO_TRIAL_LENGTH_MS),
      statusEntry: now,
    });
    await seedQuickstart(tx, trialPhone, {
      showPopup: true,
      // The getting-started video is watched: the quick start opens at the next step.
      sectionsCompleted: Object.fromEntries(
        [
          'watch_getting_started',
          'download_apps',
          'make_your_first_call',
          'set_up_call_flows',
          'upgrade',
          'helpful_links',
        ].map((step) => [step, step === 'watch_getting_started']),
      ),
    });

    await seedPhoneNumbers(tx, [
      { productId: trialPhone, number: '01632960201', label: 'Studio' },
      { productId: cafePhone, number: '01632960301', label: 'Cafe' },
    ]);

    // They answer with their simple call flow; voicemail and hold music are the defaults.
    await seedSimpleCallFlow(tx, trialPhone, now);
    await seedSimpleCallFlow(tx, cafePhone, now);
    await seedDefaultPhoneSettings(tx, [trialPhone, cafePhone], now);

    const harbour = await seedShellDemo(tx, await shellUsers, now);
    await seedBillingDemo(tx, { acme: acme.accountId, harbour: harbour.accountId }, now);
    await seedPhoneSetupDemo(
      tx,
      {
        acme: acme.cloudPhoneId,
        southampton: harbour.southamptonId,
        portsmouth: harbour.portsmouthId,
        cornerCafe: cafePhone,
      },
      now,
    );
    await seedNotificationDemo(tx, await notificationUser, acme.accountId, now);
    await seedOrderHistory(tx, acme.accountId, 'LS11 5PZ', now);
    await seedStaffDemo(tx, await staffUsers, now);
    await seedProfileDemo(tx, await profileUsers, now);
    await seedBuyNowDemo(tx, await buyNowUsers, now);
    await seedQuickstartDemo(tx, await quickstartUser, now);
    await seedNumberInventory(tx);
    await seedProductDetailsCustomer(tx, productDetails, 'Meadow Lane Vets', 0, now);
    await seedShopCatalogue(tx);
    // Last: every product seeded above without a tariff of its own gets its kind's.
    await seedDefaultProductDetails(tx, now);
    return true;
  });
}
