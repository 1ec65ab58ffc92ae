import type { AudioStorage } from '../../audio/storage.ts';
import type { Inserts } from '../../db/connect.ts';
import { seedAcmeLike } from '../../db/demo-acme.ts';
import type { SeedTransaction } from '../../db/demo-customers.ts';
import type { DemoUser } from '../../db/demo-users.ts';
import { numberInventory } from '../../db/schema/numbers.ts';
import { seedSeats } from '../users/index.ts';
import { seedPhoneNumbers } from './demo-seed.ts';

/**
 * Demo data of the phone numbers area: the number inventory (several area codes, all three
 * ratings), and for the e2e suite copies of Acme whose sites hold 21 numbers (a second page).
 * Every number is from Ofcom's drama ranges (0113 496 0xxx, 0161 496 0xxx, ...), never a real
 * subscriber's, and none is on a demo site.
 */

const AREAS = [
  { areaCode: '0113', area: 'Leeds', prefix: '01134960' },
  { areaCode: '0161', area: 'Manchester', prefix: '01614960' },
  { areaCode: '0121', area: 'Birmingham', prefix: '01214960' },
  { areaCode: '0117', area: 'Bristol', prefix: '01174960' },
  { areaCode: '0141', area: 'Glasgow', prefix: '01414960' },
] as const;

/** Memorable endings are gold, nearly memorable ones silver, the rest free (included). */
const GOLD_ENDINGS = ['000', '100', '200', '300', '400', '500', '600', '700', '800', '900', '111', '222'];
const SILVER_ENDINGS = ['123', '234', '345', '456', '567', '678', '789', '050', '150', '250'];
const FREE_ENDINGS = ['017', '028', '039', '041', '052', '063', '074', '085', '096', '107', '118', '129'];

/**
 * The inventory's rows: per area code 12 gold, 10 silver and 12 free numbers; and Reading with
 * two gold numbers only, so some searches find nothing (an error with a message, spec 001 section 5).
 */
function demoInventory() {
  return [
    ...AREAS.flatMap(({ areaCode, area, prefix }) => [
      ...GOLD_ENDINGS.map((end) => ({ number: `${prefix}${end}`, areaCode, area, rating: 'GOLD' as const })),
      ...SILVER_ENDINGS.map((end) => ({ number: `${prefix}${end}`, areaCode, area, rating: 'SILVER' as const })),
      ...FREE_ENDINGS.map((end) => ({ number: `${prefix}${end}`, areaCode, area, rating: 'FREE' as const })),
    ]),
    { number: '01184960000', areaCode: '0118', area: 'Reading', rating: 'GOLD' as const },
    { number: '01184960999', areaCode: '0118', area: 'Reading', rating: 'GOLD' as const },
  ];
}

export async function seedNumberInventory(tx: Inserts): Promise<void> {
  await tx.insert(numberInventory).values(demoInventory());
}

/**
 * A customer like Acme with 21 numbers, for the numbers e2e spec: Acme's six (the first six given), then 15 more;
 * Tom has 3 (the most), the last 13 ring no one. Four more users than Acme's three, so the phone has room for the
 * numbers the spec buys (a phone holds 3 numbers a user and 2 more: numberCeiling). `numbers` are 21 numbers no
 * product has.
 */
export async function seedManyNumbersCustomer(
  tx: SeedTransaction,
  audio: AudioStorage,
  customer: { user: DemoUser; company: string; numbers: readonly string[]; emailDomain: string },
  now: Date,
): Promise<void> {
  const { user, company, numbers, emailDomain } = customer;
  if (numbers.length !== 21) throw new Error('seed: a customer with many numbers needs 21 numbers');
  const n = (k: number) => numbers[k - 1]!;
  const { cloudPhoneId, voipUserIds } = await seedAcmeLike(
    tx,
    audio,
    { user, company, numbers: { leeds: [n(1), n(2), n(3)], london: [n(4), n(5), n(6)] } },
    now,
  );
  await seedPhoneNumbers(
    tx,
    Array.from({ length: 15 }, (_, k) => ({
      productId: cloudPhoneId,
      number: n(7 + k),
      label: `Line ${7 + k}`,
      voipUserId: k < 2 ? voipUserIds.tom : null,
    })),
  );
  const more = ['Sam Reed', 'Jo Patel', 'Kit Evans', 'Ash Moore'].map((name, k) => {
    const [firstName = '', lastName = ''] = name.split(' ');
    return {
      productId: cloudPhoneId,
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@${emailDomain}`,
      extension: String(203 + k),
    };
  });
  await seedSeats(tx, more);
}
