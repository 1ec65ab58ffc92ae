import { addMonths } from '@portal/contract';

import type { Database, Inserts } from '../../db/connect.ts';
import { cloudPhoneOf, seedCustomer, type SeedTransaction } from '../../db/demo-customers.ts';
import type { DemoUser } from '../../db/demo-users.ts';
import { productChildren, productContracts, productTariffs } from '../../db/schema/product-details.ts';
import { seedSimpleCallFlow } from '../call-flows/index.ts';
import { everyProduct } from '../customers/index.ts';
import { seedPhoneNumbers } from '../numbers/index.ts';
import { seedDefaultPhoneSettings } from '../phone-setup/index.ts';
import { seedSeats } from '../users/index.ts';
import { contractReference, newDownloadToken } from './product-details-repository.ts';

type Tx = Inserts;
type ContractSeed = Pick<
  typeof productContracts.$inferInsert,
  'startDate' | 'endDate' | 'contractLengthMonths' | 'status'
> & { summaries?: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFrom = (now: Date) => (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

/** Inserts a product's contracts, numbered CT-{product}-1, -2, ... in the order given. */
async function insertContracts(tx: Tx, productId: number, contracts: ContractSeed[]): Promise<void> {
  if (contracts.length === 0) return;
  await tx.insert(productContracts).values(
    contracts.map(({ summaries, ...contract }, index) => ({
      productId,
      contractId: contractReference(productId, index + 1),
      ...contract,
      contractSummariesSent: summaries ?? 1,
      contractSent: contract.status !== 'VOID',
      downloadToken: newDownloadToken(),
    })),
  );
}

/** A contract of `months` ending `endsIn` days from now (negative: ended). */
const contractEnding = (now: Date, endsIn: number, months: number, status: ContractSeed['status']): ContractSeed => {
  const end = dayFrom(now)(endsIn);
  return { startDate: addMonths(end, -months), endDate: end, contractLengthMonths: months, status };
};

const meadowAddress = {
  summary_line: 'Meadow Lane Veterinary Centre, 12 Meadow Lane, Bristol, BS3 4AB',
  line_one: 'Meadow Lane Veterinary Centre',
  line_two: '12 Meadow Lane',
  city: 'Bristol',
  county: '',
  post_code: 'BS3 4AB',
};

/**
 * Meadow Lane Vets (and the e2e copies of it, `copy` 1 and up): one product of every kind, for the
 * product details pages. The cloud phone's contract ends in 20 days and the broadband's in 10
 * (renewable); the fibre's in 200 days (not yet); the phone line's end date is not known; the
 * VoIP line's contract ended two months ago; VOID contracts on the cloud phone and the fibre.
 * Numbers 0117 496 0{copy}{n}, Ofcom's drama range for Bristol.
 */
export async function seedProductDetailsCustomer(
  tx: SeedTransaction,
  user: DemoUser,
  company: string,
  copy: number,
  now: Date,
): Promise<{ accountId: number; cloudPhoneId: number }> {
  const day = dayFrom(now);
  const base = {
    status: 'live',
    channel: 'Self Sign Up',
    installationAddress: meadowAddress,
  } as const;
  // Jo is the cloud phone's first seat, on extension 200.
  const made = await seedCustomer(
    tx,
    {
      company,
      user,
      cloudPhone: {
        supplier: 2,
        productDetail: 'Cloud phone - 2 users (Meadow Lane)',
        installationAddress: meadowAddress,
        asSeeded: { status: 'live', channel: 'Self Sign Up', confirmedDate: day(-710) },
      },
      products: [
        {
          ...base,
          kind: 'voip',
          tariffVersion: 'TARIFF_V2',
          supplier: 1,
          productDetail: 'VoIP - 4 lines (old surgery)',
          confirmedDate: day(-1520),
        },
        {
          ...base,
          kind: 'telco',
          subKind: 'fibre',
          supplier: 1,
          productDetail: 'Business Fibre 900 Mbps',
          confirmedDate: day(-530),
        },
        {
          ...base,
          kind: 'telco',
          subKind: 'broadband',
          supplier: 1,
          productDetail: 'Business Broadband 80 Mbps (kennels)',
          confirmedDate: day(-355),
        },
        {
          ...base,
          kind: 'telco',
          subKind: 'phoneline',
          supplier: 1,
          productDetail: 'Business phone line (alarm)',
          confirmedDate: day(-900),
        },
        {
          ...base,
          kind: 'web',
          supplier: 1,
          productDetail: 'Website - meadowlanevets.example',
          confirmedDate: day(-200),
        },
      ],
    },
    now,
  );
  const cloudPhone = { id: cloudPhoneOf(made) };
  const [voip, fibre, broadband, phoneline, website] = made.productIds.map((id) => ({ id }));
  if (!voip || !fibre || !broadband || !phoneline || !website) throw new Error('seed: details products not inserted');

  const number = (n: number) => `0117496${String(copy * 10 + n).padStart(4, '0')}`;
  await seedSeats(tx, [
    {
      productId: cloudPhone.id,
      firstName: 'Sam',
      lastName: 'Patel',
      email: `sam.patel+${copy}@meadow-lane-vets.example`,
      extension: '201',
    },
  ]);
  await seedPhoneNumbers(tx, [
    { productId: cloudPhone.id, number: number(1), label: 'Reception' },
    { productId: cloudPhone.id, number: number(2), label: 'Out of hours' },
  ]);
  await seedSimpleCallFlow(tx, cloudPhone.id, now);
  await seedDefaultPhoneSettings(tx, [cloudPhone.id], now);

  await tx.insert(productTariffs).values([
    {
      productId: cloudPhone.id,
      tariffName: 'Cloud Phone Essentials',
      tariffPricePence: 1800,
      promoLength: 3,
      promoPricePence: 900,
      liveDate: day(-710),
      renewalTariffName: 'Cloud Phone Essentials (renewal)',
      renewalTariffPricePence: 1600,
      renewalPromoLength: 1,
      renewalPromoPricePence: 0,
    },
    {
      productId: voip.id,
      tariffName: 'VoIP Line Classic',
      tariffPricePence: 1200,
      liveDate: day(-1520),
      renewalTariffName: 'Cloud Phone Essentials',
      renewalTariffPricePence: 1800,
    },
    {
      productId: fibre.id,
      tariffName: 'Full Fibre 900',
      tariffPricePence: 6500,
      promoLength: 6,
      promoPricePence: 4500,
      liveDate: day(-530),
      renewalTariffName: 'Full Fibre 900 (renewal)',
      renewalTariffPricePence: 6000,
    },
    {
      productId: broadband.id,
      tariffName: 'Standard 80',
      tariffPricePence: 3200,
      liveDate: day(-355),
      renewalTariffName: 'Standard 80 (renewal)',
      renewalTariffPricePence: 2900,
      renewalPromoLength: 3,
      renewalPromoPricePence: 1950,
    },
    { productId: phoneline.id, tariffName: 'Business Line', tariffPricePence: 1850, liveDate: null },
    {
      productId: website.id,
      tariffName: 'Website Starter',
      tariffPricePence: 1500,
      promoLength: 2,
      promoPricePence: 0,
      liveDate: day(-200),
      renewalTariffName: 'Website Starter',
      renewalTariffPricePence: 1500,
    },
  ]);
  await tx.insert(productChildren).values([
    {
      productId: cloudPhone.id,
      productDetail: 'Additional user (Sam Patel)',
      tariffName: 'Cloud Phone User',
      tariffPricePence: 800,
      promoPricePence: 400,
      promoLength: 3,
    },
    {
      productId: cloudPhone.id,
      productDetail: 'Call recording, 3 years storage',
      tariffName: 'Call Recording 3yr',
      tariffPricePence: 350,
    },
    { productId: broadband.id, productDetail: 'Static IP address', tariffName: 'Static IP', tariffPricePence: 500 },
  ]);

  await insertContracts(tx, cloudPhone.id, [
    { startDate: day(-710), endDate: day(-700), contractLengthMonths: 24, status: 'VOID', summaries: 0 },
    { ...contractEnding(now, 20, 24, 'ACTIVE'), summaries: 2 },
  ]);
  await insertContracts(tx, voip.id, [contractEnding(now, -790, 24, 'ENDED'), contractEnding(now, -60, 24, 'ENDED')]);
  await insertContracts(tx, fibre.id, [
    contractEnding(now, 200, 24, 'ACTIVE'),
    { startDate: day(-30), endDate: null, contractLengthMonths: 12, status: 'VOID', summaries: 0 },
  ]);
  await insertContracts(tx, broadband.id, [contractEnding(now, 10, 12, 'ACTIVE')]);
  await insertContracts(tx, phoneline.id, [
    { startDate: day(-900), endDate: null, contractLengthMonths: null, status: 'ACTIVE' },
  ]);
  await insertContracts(tx, website.id, [contractEnding(now, 165, 12, 'ACTIVE')]);
  return { accountId: made.accountId, cloudPhoneId: cloudPhone.id };
}

/** The tariff every other demo product gets, by kind: name and monthly price in pence. */
const TARIFF_BY_KIND: Record<string, { name: string; pence: number }> = {
  voip: { name: 'Cloud Phone Essentials', pence: 1800 },
  fibre: { name: 'Full Fibre 500', pence: 5500 },
  broadband: { name: 'Standard 80', pence: 3200 },
  phoneline: { name: 'Business Line', pence: 1850 },
  web: { name: 'Website Starter', pence: 1500 },
};

/**
 * Every product without a tariff yet (the other demo customers' and the e2e copies') gets its
 * kind's tariff and a 24-month contract that ends in 9 months: details to show, no renewal offered.
 */
export async function seedDefaultProductDetails(tx: Pick<Database, 'insert' | 'select'>, now: Date): Promise<void> {
  const tariffed = new Set(
    (await tx.select({ productId: productTariffs.productId }).from(productTariffs)).map((row) => row.productId),
  );
  const bare = (await everyProduct(tx)).filter((product) => !tariffed.has(product.id));
  if (bare.length === 0) return;
  await tx.insert(productTariffs).values(
    bare.map((product) => {
      const tariff =
        TARIFF_BY_KIND[product.kind === 'telco' ? (product.subKind ?? '') : product.kind] ?? TARIFF_BY_KIND.voip!;
      return {
        productId: product.id,
        tariffName: tariff.name,
        tariffPricePence: tariff.pence,
        liveDate: product.confirmedDate,
        renewalTariffName: tariff.name,
        renewalTariffPricePence: tariff.pence,
      };
    }),
  );
  const contract = contractEnding(now, 275, 24, 'ACTIVE');
  await tx.insert(productContracts).values(
    bare.map((product) => ({
      productId: product.id,
      contractId: contractReference(product.id, 1),
      ...contract,
      contractSummariesSent: 1,
      contractSent: true,
      downloadToken: newDownloadToken(),
    })),
  );
}
