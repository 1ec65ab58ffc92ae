import { count, sql } from 'drizzle-orm';
import { MANAGE_OTHER_USERS } from '@portal/contract';
import type { AudioStorage } from '../audio/storage.ts';
import { encodeWav, melodyMs, melodySamples } from '../audio/wav.ts';
import { defaultSimpleCallFlowData, SIMPLE_CALL_FLOW_NAME } from '../modules/call-flows/simple.ts';
import type { Database } from './connect.ts';
import { demoAudio, demoSimpleCallFlowData, mainOfficeHoursFlow, outOfHoursToMobileFlow, salesLineDraftFlow } from '../modules/call-flows/demo-flows.ts';
import { demoLogins } from './demo-logins.ts';
import { buyNowDemoUsers, seedBuyNowDemo, seedShellDemo, shellDemoUsers } from '../modules/trial/demo-shell.ts';
import { notificationDemoUser, seedNotificationDemo } from '../modules/notifications/demo-notifications.ts';
import { seedStaffDemo, staffDemoUsers } from '../modules/staff/demo-staff.ts';
import { profileDemoUsers, seedProfileDemo } from '../modules/profile/demo-profile.ts';
import { quickstartDemoUser, seedQuickstartDemo } from '../modules/trial/demo-quickstart.ts';
import { demoUser } from './demo-users.ts';
import {
  accounts,
  audioFiles,
  callFlows,
  holdMusicSettings,
  phoneNumbers,
  products,
  simpleCallFlows,
  trials,
  users,
  voicemailSettings,
  voipUsers,
  type InstallationAddress,
} from './schema/index.ts';

/** The demo trial ends this long after the first start. */
export const DEMO_TRIAL_LENGTH_MS = 2 * 24 * 60 * 60 * 1000;

// Any constant; it only has to be the same in every process that may seed at once.
const SEED_LOCK = 727_001;

const acmeAddress: InstallationAddress = {
  summary_line: 'Unit 4, Canal Wharf, Leeds, LS11 5PZ',
  line_one: 'Unit 4, Canal Wharf',
  line_two: 'Water Lane',
  city: 'Leeds',
  county: 'West Yorkshire',
  post_code: 'LS11 5PZ',
};

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
  const hasUsers = async (tx: Pick<Database, 'select'>) => ((await tx.select({ n: count() }).from(users))[0]?.n ?? 0) > 0;
  if (await hasUsers(db)) return false;

  // Hashing is slow, so it happens before the transaction takes its lock.
  const shellUsers = shellDemoUsers();
  const notificationUser = notificationDemoUser();
  const staffUsers = staffDemoUsers();
  const profileUsers = profileDemoUsers();
  const quickstartUser = quickstartDemoUser();
  const buyNowUsers = buyNowDemoUsers();
  const [customer, staff, trial, buyNow] = await Promise.all([
    demoUser(demoLogins.customer),
    demoUser(demoLogins.staff),
    demoUser(demoLogins.trial),
    demoUser(demoLogins.buyNow),
  ]);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasUsers(tx)) return false;

    const [acme, brightDesk, cornerCafe] = await tx
      .insert(accounts)
      .values([{ name: 'Acme Plumbing Ltd' }, { name: 'BrightDesk Studio' }, { name: 'Corner Cafe' }])
      .returning();
    if (!acme || !brightDesk || !cornerCafe) throw new Error('seed: accounts not inserted');

    await tx.insert(users).values([
      { ...customer, accountId: acme.id, phone: '07700900123' },
      { ...staff, isStaff: true, permissions: [MANAGE_OTHER_USERS] },
      { ...trial, accountId: brightDesk.id },
      { ...buyNow, accountId: cornerCafe.id },
    ]);

    const cloudPhone = { kind: 'voip', tariffVersion: 'TARIFF_V3', supplier: 3, status: 'live', showProductPages: true } as const;
    const [acmePhone, , , trialPhone, cafePhone] = await tx
      .insert(products)
      .values([
        {
          ...cloudPhone,
          accountId: acme.id,
          channel: 'Self Sign Up',
          productDetail: 'Cloud phone - 3 users',
          installationAddress: acmeAddress,
          confirmedDate: '2024-03-04',
          advancedCallFlows: true,
        },
        {
          accountId: acme.id,
          kind: 'telco',
          subKind: 'broadband',
          supplier: 1,
          status: 'live',
          channel: 'Self Sign Up',
          productDetail: 'Business Broadband 80 Mbps',
          installationAddress: acmeAddress,
          confirmedDate: '2024-03-11',
        },
        {
          accountId: acme.id,
          kind: 'telco',
          subKind: 'fibre',
          supplier: 1,
          status: 'live',
          channel: 'Self Sign Up',
          productDetail: 'Business Fibre 1 Gbps',
          installationAddress: acmeAddress,
          confirmedDate: '2024-06-20',
        },
        {
          ...cloudPhone,
          accountId: brightDesk.id,
          channel: 'Self Sign Up',
          productDetail: 'Cloud phone - 1 user (trial)',
          installationAddress: brightDeskAddress,
          confirmedDate: now.toISOString().slice(0, 10),
        },
        {
          ...cloudPhone,
          accountId: cornerCafe.id,
          channel: 'Buy Now',
          productDetail: 'Cloud phone - 1 user',
          confirmedDate: '2025-01-15',
        },
      ])
      .returning();
    if (!acmePhone || !trialPhone || !cafePhone) throw new Error('seed: products not inserted');

    await tx.insert(trials).values({
      productId: trialPhone.id,
      kind: 'OPT_IN',
      startedAt: now,
      endsAt: new Date(now.getTime() + DEMO_TRIAL_LENGTH_MS),
      showQuickstartPopup: true,
      // The getting-started video is watched: the quick start opens at the next step.
      quickstartPopupSectionsCompleted: Object.fromEntries(
        ['watch_getting_started', 'download_apps', 'make_your_first_call', 'set_up_call_flows', 'upgrade', 'helpful_links'].map(
          (step) => [step, step === 'watch_getting_started'],
        ),
      ),
      statusEntry: now,
    });

    const [alex, priya, tom] = await tx
      .insert(voipUsers)
      .values([
        { productId: acmePhone.id, firstName: 'Alex', lastName: 'Morgan', email: demoLogins.customer.email, extension: '200' },
        { productId: acmePhone.id, firstName: 'Priya', lastName: 'Shah', email: 'priya@acme-plumbing.example', extension: '201' },
        { productId: acmePhone.id, firstName: 'Tom', lastName: 'Walsh', email: 'tom@acme-plumbing.example', extension: '202' },
        { productId: trialPhone.id, firstName: 'Jordan', lastName: 'Blake', email: demoLogins.trial.email, extension: '200' },
        { productId: cafePhone.id, firstName: 'Chris', lastName: 'Ellis', email: demoLogins.buyNow.email, extension: '200' },
      ])
      .returning();
    if (!alex || !priya || !tom) throw new Error('seed: voip users not inserted');

    // Ofcom's drama ranges (01632 960xxx, 020 7946 0xxx): never a real subscriber.
    // The first number of a site is its pilot number; some others ring one user directly.
    await tx.insert(phoneNumbers).values([
      { productId: acmePhone.id, number: '01632960101', label: 'Main line' },
      { productId: acmePhone.id, number: '01632960102', label: 'Sales', voipUserId: priya.id },
      { productId: acmePhone.id, number: '01632960103', label: 'Accounts', voipUserId: tom.id },
      { productId: acmePhone.id, number: '02079460101', label: 'London office', voipUserId: alex.id },
      { productId: acmePhone.id, number: '02079460102', label: 'Emergency call-outs' },
      { productId: acmePhone.id, number: '02079460103', label: null },
      { productId: trialPhone.id, number: '01632960201', label: 'Studio' },
      { productId: cafePhone.id, number: '01632960301', label: 'Cafe' },
    ]);

    // Call flows: Acme has a custom flow active; the others answer with their simple call flow.
    const flows = [
      mainOfficeHoursFlow('01632960101'),
      outOfHoursToMobileFlow('01632960101', '07700900123'),
      salesLineDraftFlow('02079460103'),
    ];
    await tx
      .insert(callFlows)
      .values(flows.map((flow) => ({ productId: acmePhone.id, name: flow.name, enable: flow.enable, data: flow.data, createdAt: now, updatedAt: now })));
    await tx.insert(simpleCallFlows).values([
      { productId: acmePhone.id, enable: false, name: SIMPLE_CALL_FLOW_NAME, data: demoSimpleCallFlowData(), updatedAt: now },
      { productId: trialPhone.id, enable: true, name: SIMPLE_CALL_FLOW_NAME, data: defaultSimpleCallFlowData(), updatedAt: now },
      { productId: cafePhone.id, enable: true, name: SIMPLE_CALL_FLOW_NAME, data: defaultSimpleCallFlowData(), updatedAt: now },
    ]);

    // Voicemail and hold music start as the defaults: the default greeting, the built-in melody.
    const cloudPhones = [acmePhone, trialPhone, cafePhone].map((phone) => ({ productId: phone.id, updatedAt: now }));
    await tx.insert(voicemailSettings).values(cloudPhones);
    await tx.insert(holdMusicSettings).values(cloudPhones);

    // The bytes go in first: a failed write rolls the rows back, and a repeated first start rewrites the same bytes.
    for (const file of demoAudio) {
      const wav = encodeWav(melodySamples(file.notes));
      const storageKey = `${acmePhone.id}/${file.storedFilename}`;
      await audio.put(storageKey, wav);
      await tx.insert(audioFiles).values({
        productId: acmePhone.id,
        storedFilename: file.storedFilename,
        kind: 'call_flow',
        subKind: file.subKind,
        callFlowFilename: file.storedFilename,
        name: file.name,
        durationMs: melodyMs(file.notes),
        contentType: 'audio/wav',
        sizeBytes: wav.length,
        storageKey,
        createdAt: now,
      });
    }
    await seedShellDemo(tx, await shellUsers, now);
    await seedNotificationDemo(tx, await notificationUser, acme.id, now);
    await seedStaffDemo(tx, await staffUsers);
    await seedProfileDemo(tx, await profileUsers);
    await seedBuyNowDemo(tx, await buyNowUsers, now);
    await seedQuickstartDemo(tx, await quickstartUser, now);
    return true;
  });
}
