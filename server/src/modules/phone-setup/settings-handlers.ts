import type { FastifyRequest } from 'fastify';

import {
  addOnClass,
  currentForwarding,
  holidayClashMessage,
  phoneSetupMessages as messages,
  SITE_ADD_ONS,
  type BankHolidayRegion,
  type BankHolidays,
  type Forwarding,
  type Holiday,
  type SiteAddOn,
} from '@portal/contract';
import { londonTime } from '@portal/editor-core';

import { upcomingBankHolidays } from '../../bank-holidays/bank-holidays.ts';
import { detailError, fieldError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { ownedVoipProduct } from '../products/index.ts';
import { siteNumbers } from '../site/index.ts';
import { internationalCalling, internationalTariffs, setInternationalTariff } from './international.ts';
import {
  addHoliday,
  addHolidaysWhereFree,
  callForwardingsOf,
  changePhoneSettings,
  deleteHoliday,
  holidaysOf,
  phoneSettingsOf,
  setSiteAddOn,
  siteAddOnsOf,
  updateCallForwarding,
  updateHoliday,
  type ForwardingRow,
  type HolidayRow,
  type HolidayWrite,
} from './phone-settings-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the advanced call forward (the forwardings list and its editing) is on: PORTAL_ADVANCED_CALL_FORWARD, off by default. */
    advancedCallForward: boolean;
  }
}

const toHoliday = (row: HolidayRow): Holiday => ({
  id: row.id,
  name: row.name,
  start_date: row.startDate,
  end_date: row.endDate,
});

function written(result: HolidayWrite): Holiday {
  if (result.clash)
    throw fieldError(
      'start_date',
      holidayClashMessage({ start_date: result.clash.startDate, end_date: result.clash.endDate }),
    );
  return toHoliday(result.row);
}

const toForwarding = (row: ForwardingRow): Forwarding => ({
  id: row.id,
  forwardType: row.forwardType,
  destination: row.destination,
  activated: row.activated,
  isEditable: row.isEditable,
});

const catalogue = (id: number) => SITE_ADD_ONS.find((a) => a.id === id);

/** Every catalogue add-on with whether the site has it (the catalogue's order). */
async function siteAddOnList(request: FastifyRequest, productId: number): Promise<SiteAddOn[]> {
  const owned = new Map((await siteAddOnsOf(request.server.db, productId)).map((row) => [row.addonId, row.quantity]));
  return SITE_ADD_ONS.map((addOn) => ({
    addon_id: addOn.id,
    display_name: addOn.name,
    description: addOn.description,
    group: addOn.group,
    standard_price: addOn.standard_price,
    label: addOnClass(addOn.name),
    enabled: owned.has(addOn.id),
    quantity: owned.get(addOn.id) ?? 0,
  }));
}

async function bankHolidays(
  request: FastifyRequest,
  productId: number,
  region: BankHolidayRegion | null,
): Promise<BankHolidays> {
  if (!region) return { region: null, holidays: [] };
  const schedule = await holidaysOf(request.server.db, productId);
  const covered = (date: string) => schedule.some((row) => row.startDate <= date && date <= row.endDate);
  const today = londonTime(request.server.now()).date;
  return { region, holidays: upcomingBankHolidays(region, today).map((h) => ({ ...h, in_schedule: covered(h.date) })) };
}

export const phoneSettingsHandlers = {
  listHolidays: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    return { results: (await holidaysOf(request.server.db, product.id)).map(toHoliday) };
  },

  addHoliday: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    return written(await addHoliday(request.server.db, product.id, body));
  },

  patchHoliday: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const result = await updateHoliday(request.server.db, product.id, params.scheduleId, body);
    if (!result) throw detailError(404, messages.holidayNotFound);
    return written(result);
  },

  deleteHoliday: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    if (!(await deleteHoliday(request.server.db, product.id, params.scheduleId)))
      throw detailError(404, messages.holidayNotFound);
    return {};
  },

  getBankHolidays: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const settings = await phoneSettingsOf(request.server.db, product.id);
    return bankHolidays(request, product.id, settings.bankHolidayRegion);
  },

  addBankHolidays: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    await changePhoneSettings(request.server.db, product.id, { bankHolidayRegion: body.region });
    let added = 0;
    if (body.add) {
      const upcoming = upcomingBankHolidays(body.region, londonTime(request.server.now()).date);
      added = await addHolidaysWhereFree(
        request.server.db,
        product.id,
        upcoming.map((h) => ({ start_date: h.date, end_date: h.date, name: h.title })),
      );
    }
    return { ...(await bankHolidays(request, product.id, body.region)), added };
  },

  getDivert: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const settings = await phoneSettingsOf(request.server.db, product.id);
    return { results: { destination: settings.divertDestination ?? false } };
  },

  setDivert: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const own = await siteNumbers(request.server.db, product.id);
    // Diverting to the phone system's own number would send every call round in a loop.
    if (own.some((n) => n.number === body.destination)) throw fieldError('destination', messages.divertOwnNumber);
    const row = await changePhoneSettings(request.server.db, product.id, {
      divertDestination: body.destination,
    });
    return { results: { destination: row.divertDestination ?? false } };
  },

  removeDivert: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    await changePhoneSettings(request.server.db, product.id, { divertDestination: null });
    return { results: { destination: false as const } };
  },

  listForwardings: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const rows = (await callForwardingsOf(request.server.db, product.id)).map(toForwarding);
    // While the advanced call forward is off only the current forwarding is shown (spec 000 section 9's flag).
    const current = currentForwarding(rows);
    return {
      advanced_call_forward: request.server.advancedCallForward,
      results: request.server.advancedCallForward ? rows : current ? [current] : [],
    };
  },

  putForwarding: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    if (!request.server.advancedCallForward) throw detailError(403, messages.advancedCallForwardOff);
    const existing = (await callForwardingsOf(request.server.db, product.id)).find(
      (row) => row.id === params.forwardingID,
    );
    if (!existing) throw detailError(404, messages.forwardingNotFound);
    if (!existing.isEditable) throw detailError(403, messages.forwardingNotEditable);
    const destination = body.destination === undefined ? existing.destination : body.destination;
    const activated = body.activated ?? existing.activated;
    if (activated && existing.forwardType !== 'NA' && !destination)
      throw fieldError('destination', messages.divertInvalid);
    const row = await updateCallForwarding(request.server.db, product.id, existing.id, {
      ...(body.activated !== undefined && { activated: body.activated }),
      ...(body.destination !== undefined && { destination: body.destination }),
    });
    if (!row) throw detailError(404, messages.forwardingNotFound);
    return { results: toForwarding(row) };
  },

  listSiteAddOns: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    return { results: await siteAddOnList(request, product.id) };
  },

  patchSiteAddOn: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const addOn = catalogue(body.addon_id);
    if (!addOn) throw fieldError('addon_id', messages.addOnUnknown);
    if (addOn.group !== 'switchable') throw fieldError('addon_id', messages.addOnNotSwitchable);
    await setSiteAddOn(request.server.db, product.id, addOn.id, body.enabled);
    return { results: await siteAddOnList(request, product.id) };
  },

  getAddOnUpgradeEligibility: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const list = await siteAddOnList(request, product.id);
    return { crm_integration: !list.some((a) => a.group === 'crm' && a.enabled) };
  },

  upgradeAddOns: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const list = await siteAddOnList(request, product.id);
    const crm = list.find((a) => a.group === 'crm');
    if (!crm || crm.enabled) throw detailError(400, messages.crmNotEligible);
    await setSiteAddOn(request.server.db, product.id, crm.addon_id, true);
    return { results: await siteAddOnList(request, product.id) };
  },

  listInternationalTariffs: async ({ params, request }) => {
    await ownedVoipProduct(request, params.id);
    return { results: internationalTariffs() };
  },

  getInternationalCalling: async ({ params, request }) =>
    internationalCalling(request.server, (await ownedVoipProduct(request, params.id)).id),

  setInternationalCalling: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    await setInternationalTariff(request.server, product.id, body.tariff_id);
    return {
      ...(await internationalCalling(request.server, product.id)),
      addons: await siteAddOnList(request, product.id),
    };
  },
} satisfies Pick<
  Handlers,
  | 'listHolidays'
  | 'addHoliday'
  | 'patchHoliday'
  | 'deleteHoliday'
  | 'getBankHolidays'
  | 'addBankHolidays'
  | 'getDivert'
  | 'setDivert'
  | 'removeDivert'
  | 'listForwardings'
  | 'putForwarding'
  | 'listSiteAddOns'
  | 'patchSiteAddOn'
  | 'getAddOnUpgradeEligibility'
  | 'upgradeAddOns'
  | 'listInternationalTariffs'
  | 'getInternationalCalling'
  | 'setInternationalCalling'
>;
