import type { InstallationAddress } from '@portal/contract';

import type { AudioStorage } from '../audio/storage.ts';
import { encodeWav, melodyMs, melodySamples } from '../audio/wav.ts';
import { seedAudioFile } from '../modules/audio/index.ts';
import {
  demoAudio,
  demoSimpleCallFlowData,
  mainOfficeHoursFlow,
  outOfHoursToMobileFlow,
  salesLineDraftFlow,
} from '../modules/call-flows/demo-flows.ts';
import { seedCallFlows, seedSimpleCallFlow } from '../modules/call-flows/index.ts';
import { FIRST_EXTENSION } from '../modules/customers/index.ts';
import { seedPhoneNumbers } from '../modules/numbers/index.ts';
import { seedDefaultPhoneSettings } from '../modules/phone-setup/index.ts';
import { seatIdOn, seedSeatAddOns, seedSeats } from '../modules/users/index.ts';
import { cloudPhoneOf, seedCustomer, type SeedTransaction } from './demo-customers.ts';
import type { DemoUser } from './demo-users.ts';

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
  tx: SeedTransaction,
  audio: AudioStorage,
  customer: AcmeLikeCustomer,
  now: Date,
): Promise<AcmeLikeIds> {
  const { user, company, numbers, supplier = 3 } = customer;
  const live = { status: 'live', channel: 'Self Sign Up', installationAddress: acmeAddress } as const;
  // Alex is the first seat, on extension 200.
  const made = await seedCustomer(
    tx,
    {
      company,
      user: { ...user, phone: ALEX_MOBILE },
      cloudPhone: {
        supplier,
        productDetail: 'Cloud phone - 3 users',
        installationAddress: acmeAddress,
        asSeeded: { status: 'live', channel: 'Self Sign Up', confirmedDate: '2024-03-04', advancedCallFlows: true },
        firstSeat: { firstName: 'Alex', lastName: 'Morgan', email: user.email },
      },
      products: [
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
      ],
    },
    now,
  );
  const productId = cloudPhoneOf(made);
  const [alex, priya, tom] = await seatIdsOf(tx, productId);
  // Their add-ons (contract/src/users.ts ADD_ONS): Alex records calls for 3 years and has Pro video 1-14
  // (a 'Call us to upgrade' one, so it shows '(Included)'); Priya has UC Express; Tom has none.
  await seedSeatAddOns(tx, [
    { voipUserId: alex, addOnId: 102 },
    { voipUserId: alex, addOnId: 302 },
    { voipUserId: priya, addOnId: 201 },
  ]);

  // The first number of a site is its pilot number; some others ring one user directly.
  const [main, sales, accountsLine] = numbers.leeds;
  const [london, emergency, unlabelled] = numbers.london;
  await seedPhoneNumbers(tx, [
    { productId, number: main, label: 'Main line' },
    { productId, number: sales, label: 'Sales', voipUserId: priya },
    { productId, number: accountsLine, label: 'Accounts', voipUserId: tom },
    { productId, number: london, label: 'London office', voipUserId: alex },
    { productId, number: emergency, label: 'Emergency call-outs' },
    { productId, number: unlabelled, label: null },
  ]);

  // A custom flow is active; the simple call flow is set up but off.
  const flows = [mainOfficeHoursFlow(main), outOfHoursToMobileFlow(main, ALEX_MOBILE), salesLineDraftFlow(unlabelled)];
  await seedCallFlows(tx, productId, flows, now);
  await seedSimpleCallFlow(tx, productId, now, { enable: false, data: demoSimpleCallFlowData() });

  // Voicemail and hold music start as the defaults: the default greeting, the built-in melody.
  await seedDefaultPhoneSettings(tx, [productId], now);

  // The bytes go in first: a failed write rolls the rows back, and a repeated first start rewrites the same bytes.
  for (const file of demoAudio) {
    const wav = encodeWav(melodySamples(file.notes));
    const storageKey = `${productId}/${file.storedFilename}`;
    await audio.put(storageKey, wav);
    await seedAudioFile(tx, {
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
  return { accountId: made.accountId, cloudPhoneId: productId, voipUserIds: { alex, priya, tom } };
}

/** Alex (the first seat customers.create made), then Priya and Tom: their voip user ids. */
async function seatIdsOf(tx: SeedTransaction, productId: number): Promise<[number, number, number]> {
  const alex = await seatIdOn(tx, productId, FIRST_EXTENSION);
  const [priya, tom] = await seedSeats(tx, [
    { productId, firstName: 'Priya', lastName: 'Shah', email: 'priya@acme-plumbing.example', extension: '201' },
    { productId, firstName: 'Tom', lastName: 'Walsh', email: 'tom@acme-plumbing.example', extension: '202' },
  ]);
  return [alex, priya!, tom!];
}
