import type { AudioStorage } from '../audio/storage.ts';
import { encodeWav, melodyMs, melodySamples } from '../audio/wav.ts';
import {
  demoAudio,
  demoSimpleCallFlowData,
  mainOfficeHoursFlow,
  outOfHoursToMobileFlow,
  salesLineDraftFlow,
} from '../modules/call-flows/demo-flows.ts';
import { SIMPLE_CALL_FLOW_NAME } from '../modules/call-flows/simple.ts';
import type { Database } from './connect.ts';
import type { DemoUser } from './demo-users.ts';
import {
  accounts,
  audioFiles,
  callFlows,
  holdMusicSettings,
  phoneNumbers,
  products,
  simpleCallFlows,
  users,
  voicemailSettings,
  voipUserAddOns,
  voipUsers,
  type InstallationAddress,
} from './schema/index.ts';

/**
 * "A customer like Acme": Acme Plumbing's products, cloud-phone users, numbers, call flows,
 * voicemail, hold music and audio, under a given sign-in and company name. seed.ts makes Acme
 * itself with it, and the sandbox's customer factory (demo-factory.ts) the customers like Acme that
 * the end-to-end tests make and change.
 */

const acmeAddress: InstallationAddress = {
  summary_line: 'Unit 4, Canal Wharf, Leeds, LS11 5PZ',
  line_one: 'Unit 4, Canal Wharf',
  line_two: 'Water Lane',
  city: 'Leeds',
  county: 'West Yorkshire',
  post_code: 'LS11 5PZ',
};

/** Phone numbers are unique across the portal: each customer like Acme has six of its own. */
export interface AcmeNumbers {
  /** Main line (the pilot number), Sales (rings Priya), Accounts (rings Tom). */
  leeds: readonly [string, string, string];
  /** London office (rings Alex), Emergency call-outs, and one without a label (the draft flow's). */
  london: readonly [string, string, string];
}

/** Acme's own numbers (Ofcom's drama ranges, never a real subscriber). */
export const ACME_NUMBERS: AcmeNumbers = {
  leeds: ['01632960101', '01632960102', '01632960103'],
  london: ['02079460101', '02079460102', '02079460103'],
};

interface AcmeLikeCustomer {
  /** The signed-in user: Alex Morgan on extension 200, under this login's e-mail. */
  user: DemoUser;
  company: string;
  numbers: AcmeNumbers;
  /** The cloud phone's supplier: 3 (voip3) unless said; the users e2e spec's copies are on 2, whose locked users the start-up loads. */
  supplier?: 2 | 3;
}

/** What seedAcmeLike made, for the seed steps after it. */
interface AcmeLikeIds {
  accountId: number;
  cloudPhoneId: number;
  /** Alex's, Priya's and Tom's voip user ids. */
  voipUserIds: { alex: number; priya: number; tom: number };
}

const ALEX_MOBILE = '07700900123';

/**
 * Seeds one customer like Acme in the seed's transaction and writes its demo audio to
 * `audio`. Inserts in a fixed order (account, user, products, users, numbers, flows, settings,
 * audio), so the first Acme keeps the ids it always had.
 * @example await seedAcmeLike(tx, audio, { user, company: 'Acme Plumbing Ltd', numbers: ACME_NUMBERS }, now)
 */
export async function seedAcmeLike(
  tx: Pick<Database, 'insert'>,
  audio: AudioStorage,
  customer: AcmeLikeCustomer,
  now: Date,
): Promise<AcmeLikeIds> {
  const { user, company, numbers, supplier = 3 } = customer;
  const [account] = await tx.insert(accounts).values({ name: company }).returning();
  if (!account) throw new Error(`seed: account ${company} not inserted`);
  await tx.insert(users).values({ ...user, accountId: account.id, phone: ALEX_MOBILE });

  const live = {
    accountId: account.id,
    status: 'live',
    channel: 'Self Sign Up',
    installationAddress: acmeAddress,
  } as const;
  const [cloudPhone] = await tx
    .insert(products)
    .values([
      {
        ...live,
        kind: 'voip',
        tariffVersion: 'TARIFF_V3',
        supplier,
        showProductPages: true,
        productDetail: 'Cloud phone - 3 users',
        confirmedDate: '2024-03-04',
        advancedCallFlows: true,
      },
      {
        ...live,
        kind: 'telco',
        subKind: 'broadband',
        supplier: 1,
        productDetail: 'Business Broadband 80 Mbps',
        confirmedDate: '2024-03-11',
      },
      {
        ...live,
        kind: 'telco',
        subKind: 'fibre',
        supplier: 1,
        productDetail: 'Business Fibre 1 Gbps',
        confirmedDate: '2024-06-20',
      },
    ])
    .returning();
  if (!cloudPhone) throw new Error(`seed: ${company} products not inserted`);

  const productId = cloudPhone.id;
  const [alex, priya, tom] = await tx
    .insert(voipUsers)
    .values([
      { productId, firstName: 'Alex', lastName: 'Morgan', email: user.email, extension: '200' },
      { productId, firstName: 'Priya', lastName: 'Shah', email: 'priya@acme-plumbing.example', extension: '201' },
      { productId, firstName: 'Tom', lastName: 'Walsh', email: 'tom@acme-plumbing.example', extension: '202' },
    ])
    .returning();
  if (!alex || !priya || !tom) throw new Error(`seed: ${company} voip users not inserted`);
  // Their add-ons (contract/src/users.ts ADD_ONS): Alex records calls for 3 years and has Pro video 1-14
  // (a 'Call us to upgrade' one, so it shows '(Included)'); Priya has UC Express; Tom has none.
  await tx.insert(voipUserAddOns).values([
    { voipUserId: alex.id, addOnId: 102 },
    { voipUserId: alex.id, addOnId: 302 },
    { voipUserId: priya.id, addOnId: 201 },
  ]);

  // The first number of a site is its pilot number; some others ring one user directly.
  const [main, sales, accountsLine] = numbers.leeds;
  const [london, emergency, unlabelled] = numbers.london;
  await tx.insert(phoneNumbers).values([
    { productId, number: main, label: 'Main line' },
    { productId, number: sales, label: 'Sales', voipUserId: priya.id },
    { productId, number: accountsLine, label: 'Accounts', voipUserId: tom.id },
    { productId, number: london, label: 'London office', voipUserId: alex.id },
    { productId, number: emergency, label: 'Emergency call-outs' },
    { productId, number: unlabelled, label: null },
  ]);

  // A custom flow is active; the simple call flow is set up but off.
  const flows = [mainOfficeHoursFlow(main), outOfHoursToMobileFlow(main, ALEX_MOBILE), salesLineDraftFlow(unlabelled)];
  await tx.insert(callFlows).values(
    flows.map((flow) => ({
      productId,
      name: flow.name,
      enable: flow.enable,
      data: flow.data,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await tx
    .insert(simpleCallFlows)
    .values({ productId, enable: false, name: SIMPLE_CALL_FLOW_NAME, data: demoSimpleCallFlowData(), updatedAt: now });

  // Voicemail and hold music start as the defaults: the default greeting, the built-in melody.
  await tx.insert(voicemailSettings).values({ productId, updatedAt: now });
  await tx.insert(holdMusicSettings).values({ productId, updatedAt: now });

  // The bytes go in first: a failed write rolls the rows back, and a repeated first start rewrites the same bytes.
  for (const file of demoAudio) {
    const wav = encodeWav(melodySamples(file.notes));
    const storageKey = `${productId}/${file.storedFilename}`;
    await audio.put(storageKey, wav);
    await tx.insert(audioFiles).values({
      productId,
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
  return {
    accountId: account.id,
    cloudPhoneId: productId,
    voipUserIds: { alex: alex.id, priya: priya.id, tom: tom.id },
  };
}
