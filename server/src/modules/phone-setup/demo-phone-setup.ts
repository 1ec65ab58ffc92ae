import { londonTime } from '@portal/editor-core';

import type { Inserts } from '../../db/connect.ts';
import { holidaySchedules, phoneSiteSettings, siteAddOns } from '../../db/schema/phone-setup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The London date `days` after `now`. */
const dayFrom = (now: Date, days: number) => londonTime(new Date(now.getTime() + days * DAY_MS)).date;

/** Add-on ids of contract SITE_ADD_ONS used by the demo. */
const ADD_ON = { siteRecording: 501, fraudGuard: 502, crm: 504, ultdIntl: 511, intl500: 512, intl1000: 513 } as const;

/** The demo's holiday schedule for a phone: one past, one coming (a few days), one single day further on. */
export function demoHolidays(productId: number, now: Date) {
  return [
    { productId, name: 'Office move', startDate: dayFrom(now, -40), endDate: dayFrom(now, -38) },
    { productId, name: 'Team away days', startDate: dayFrom(now, 45), endDate: dayFrom(now, 47) },
    { productId, name: 'Stocktake', startDate: dayFrom(now, 90), endDate: dayFrom(now, 90) },
  ];
}

/**
 * Phone setup's demo: Acme has holidays past and coming, England and Wales bank
 * holidays offered, site add-ons (recording, fraud guard) and INTL Saver 500m; Harbour Freight's
 * Southampton phone has a temporary divert on and ULTD INTL Saver with the CRM integration; its
 * Portsmouth phone INTL Saver 1000m; Corner Cafe has not passed the identity checks international
 * calling needs.
 */
export async function seedPhoneSetupDemo(
  tx: Inserts,
  phones: { acme: number; southampton: number; portsmouth: number; cornerCafe: number },
  now: Date,
): Promise<void> {
  await tx
    .insert(holidaySchedules)
    .values([...demoHolidays(phones.acme, now), ...demoHolidays(phones.southampton, now)]);
  await tx.insert(phoneSiteSettings).values([
    { productId: phones.acme, bankHolidayRegion: 'england-and-wales' },
    { productId: phones.southampton, divertDestination: '07700900456', bankHolidayRegion: 'england-and-wales' },
    { productId: phones.cornerCafe, kycPassed: false },
  ]);
  await tx.insert(siteAddOns).values([
    { productId: phones.acme, addonId: ADD_ON.siteRecording },
    { productId: phones.acme, addonId: ADD_ON.fraudGuard },
    { productId: phones.acme, addonId: ADD_ON.intl500 },
    { productId: phones.southampton, addonId: ADD_ON.ultdIntl },
    { productId: phones.southampton, addonId: ADD_ON.crm },
    { productId: phones.portsmouth, addonId: ADD_ON.intl1000 },
  ]);
}

/**
 * The sandbox's phone-setup customers (db/demo-factory.ts), made for each test of the phone-setup e2e spec
 * that changes holidays, the divert or add-ons: like Acme, with one holiday coming, Fraud guard and no divert.
 */
export async function seedPhoneSetupCustomer(tx: Inserts, productId: number, now: Date): Promise<void> {
  await tx
    .insert(holidaySchedules)
    .values({ productId, name: 'Team away days', startDate: dayFrom(now, 45), endDate: dayFrom(now, 47) });
  await tx.insert(siteAddOns).values([{ productId, addonId: ADD_ON.fraudGuard }]);
}
