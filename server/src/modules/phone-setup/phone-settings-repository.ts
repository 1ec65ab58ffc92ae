import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import { FORWARD_TYPES, holidayClash, type HolidayInput } from '@portal/contract';

import type { Database, Deletes, Inserts, Reads } from '../../db/connect.ts';
import { callForwardings, holidaySchedules, phoneSiteSettings, siteAddOns } from '../../db/schema/phone-setup.ts';
import * as customers from '../customers/index.ts';

export type HolidayRow = typeof holidaySchedules.$inferSelect;
export type SettingsRow = typeof phoneSiteSettings.$inferSelect;
export type ForwardingRow = typeof callForwardings.$inferSelect;
type SettingsChanges = Partial<Omit<SettingsRow, 'productId' | 'updatedAt'>>;

/** Adding or changing a holiday: the row, or the entry it clashes with. */
export type HolidayWrite = { row: HolidayRow; clash?: undefined } | { row?: undefined; clash: HolidayRow };

const asEntry = (row: HolidayRow) => ({ id: row.id, start_date: row.startDate, end_date: row.endDate });

// Holiday schedule, divert, forwardings and site add-ons of a cloud phone.

// Writes to one product's schedule wait for each other, so two overlapping adds cannot both pass the clash check.
const lockProduct = (tx: Reads, productId: number) => customers.lockProduct(tx, productId);

const listHolidays = (db: Reads, productId: number) =>
  db
    .select()
    .from(holidaySchedules)
    .where(eq(holidaySchedules.productId, productId))
    .orderBy(asc(holidaySchedules.startDate), asc(holidaySchedules.id));

export const holidaysOf = (db: Reads, productId: number): Promise<HolidayRow[]> => listHolidays(db, productId);

/** Adds a holiday unless it shares a day with another entry. */
export function addHoliday(
  db: Pick<Database, 'transaction'>,
  productId: number,
  input: HolidayInput,
): Promise<HolidayWrite> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const existing = await listHolidays(tx, productId);
    const clash = holidayClash(input, existing.map(asEntry));
    if (clash) return { clash: existing.find((row) => row.id === clash.id)! };
    const [row] = await tx
      .insert(holidaySchedules)
      .values({ productId, name: input.name ?? '', startDate: input.start_date, endDate: input.end_date })
      .returning();
    if (!row) throw new Error('holiday not inserted');
    return { row };
  });
}

/** Adds each range that clashes with nothing (bank holidays); answers how many were added. */
export async function addHolidaysWhereFree(
  db: Pick<Database, 'transaction'>,
  productId: number,
  inputs: readonly HolidayInput[],
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const entries = (await listHolidays(tx, productId)).map(asEntry);
    const fresh = inputs.filter((input) => !holidayClash(input, entries));
    if (fresh.length === 0) return 0;
    await tx.insert(holidaySchedules).values(
      fresh.map((input) => ({
        productId,
        name: input.name ?? '',
        startDate: input.start_date,
        endDate: input.end_date,
      })),
    );
    return fresh.length;
  });
}

/** Changes a holiday; undefined when the product has no such entry. */
export function updateHoliday(
  db: Pick<Database, 'transaction'>,
  productId: number,
  id: number,
  input: HolidayInput,
): Promise<HolidayWrite | undefined> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const existing = await listHolidays(tx, productId);
    if (!existing.some((row) => row.id === id)) return undefined;
    const clash = holidayClash(input, existing.map(asEntry), id);
    if (clash) return { clash: existing.find((row) => row.id === clash.id)! };
    const [row] = await tx
      .update(holidaySchedules)
      .set({
        startDate: input.start_date,
        endDate: input.end_date,
        ...(input.name !== undefined && { name: input.name }),
      })
      .where(and(eq(holidaySchedules.id, id), eq(holidaySchedules.productId, productId)))
      .returning();
    return row ? { row } : undefined;
  });
}

/** Removes a holiday; false when the product has no such entry. */
export async function deleteHoliday(db: Deletes, productId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(holidaySchedules)
    .where(and(eq(holidaySchedules.id, id), eq(holidaySchedules.productId, productId)))
    .returning({ id: holidaySchedules.id });
  return rows.length > 0;
}

/** The product's settings of this area, the defaults while it has none. */
export async function phoneSettingsOf(db: Reads, productId: number): Promise<SettingsRow> {
  const [row] = await db.select().from(phoneSiteSettings).where(eq(phoneSiteSettings.productId, productId));
  return (
    row ?? { productId, divertDestination: null, bankHolidayRegion: null, kycPassed: true, updatedAt: new Date(0) }
  );
}

export async function changePhoneSettings(
  db: Inserts,
  productId: number,
  changes: SettingsChanges,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(phoneSiteSettings)
    .values({ productId, ...changes })
    .onConflictDoUpdate({ target: phoneSiteSettings.productId, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('phone settings not written');
  return row;
}

/** The product's forwardings, one per type; the first read makes them (NA activated: calls ring as usual). */
export async function callForwardingsOf(
  db: Pick<Database, 'select' | 'insert'>,
  productId: number,
): Promise<ForwardingRow[]> {
  const read = () =>
    db.select().from(callForwardings).where(eq(callForwardings.productId, productId)).orderBy(asc(callForwardings.id));
  const rows = await read();
  if (rows.length === FORWARD_TYPES.length) return rows;
  await db
    .insert(callForwardings)
    .values(
      FORWARD_TYPES.map((forwardType) => ({
        productId,
        forwardType,
        activated: forwardType === 'NA',
        isEditable: true,
      })),
    )
    .onConflictDoNothing();
  return read();
}

export async function updateCallForwarding(
  db: Pick<Database, 'select' | 'update'>,
  productId: number,
  id: number,
  changes: Partial<Pick<ForwardingRow, 'activated' | 'destination'>>,
): Promise<ForwardingRow | undefined> {
  if (Object.keys(changes).length === 0) {
    const [row] = await db
      .select()
      .from(callForwardings)
      .where(and(eq(callForwardings.id, id), eq(callForwardings.productId, productId)));
    return row;
  }
  const [row] = await db
    .update(callForwardings)
    .set(changes)
    .where(and(eq(callForwardings.id, id), eq(callForwardings.productId, productId)))
    .returning();
  return row;
}

/** The add-on ids the product has, with quantities. */
export const siteAddOnsOf = (db: Reads, productId: number) =>
  db
    .select({ addonId: siteAddOns.addonId, quantity: siteAddOns.quantity })
    .from(siteAddOns)
    .where(eq(siteAddOns.productId, productId));

export async function setSiteAddOn(
  db: Pick<Database, 'insert' | 'delete'>,
  productId: number,
  addonId: number,
  enabled: boolean,
): Promise<void> {
  if (enabled) await db.insert(siteAddOns).values({ productId, addonId }).onConflictDoNothing();
  else await db.delete(siteAddOns).where(and(eq(siteAddOns.productId, productId), eq(siteAddOns.addonId, addonId)));
}

/** Takes every add-on of `group` off the product (no international tariff). */
export async function removeSiteAddOnGroup(db: Deletes, productId: number, group: readonly number[]): Promise<void> {
  await db.delete(siteAddOns).where(and(eq(siteAddOns.productId, productId), inArray(siteAddOns.addonId, [...group])));
}

/** Makes `addonId` the product's only add-on among `group` (an international tariff replaces the one before). */
export async function replaceSiteAddOnInGroup(
  db: Pick<Database, 'transaction'>,
  productId: number,
  group: readonly number[],
  addonId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(siteAddOns)
      .where(and(eq(siteAddOns.productId, productId), inArray(siteAddOns.addonId, [...group])));
    await tx.insert(siteAddOns).values({ productId, addonId });
  });
}
