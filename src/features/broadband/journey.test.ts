import { describe, expect, it } from 'vitest';

import type { TelcoLead } from '@portal/contract';
import { BroadbandTariff } from '@portal/contract';

import {
  allowedPages,
  createSignupStore,
  DETAILS_KEY,
  EMPTY_DETAILS,
  JOURNEY_KEY,
  loadDetails,
  type DetailsValues,
} from './journey.ts';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const HOUR = 60 * 60 * 1000;
const address = {
  address_ref: 'ALS115PZ-1',
  css_database_code: 'LS',
  postcode: 'LS11 5PZ',
  line: 'Unit 4, Canal Wharf, Water Lane, Leeds, LS11 5PZ',
};
const tariff = BroadbandTariff.parse({
  id: 'fttp-500-n1',
  name: 'Full Fibre 500',
  broadband_type: 'fttp',
  network: 'network_1',
  service: { name: '500 Mbps download, 75 Mbps upload', download_mbps: 500, upload_mbps: 75 },
  monthly_price: '45.00',
  setup_fee: '0.00',
  contract_length_months: 24,
});
const details: DetailsValues = {
  name: 'Robin Hale',
  business_name: 'Canal Bakery',
  email_address: 'robin@canal-bakery.example',
  mobile_number: '07700 900982',
  phone_number: '',
  current_provider: 'BT',
};

function setup(start = 1_000_000_000_000) {
  let now = start;
  const journeyStorage = new MemoryStorage();
  const detailsStorage = new MemoryStorage();
  const make = () => createSignupStore({ journeyStorage, detailsStorage, now: () => now });
  return { store: make(), make, journeyStorage, detailsStorage, advance: (ms: number) => (now += ms) };
}

describe('the broadband sign-up guard', () => {
  it('allows each page only once the one before it is done', () => {
    const { store } = setup();
    expect(store.allowedPages()).toEqual(['address']);
    store.chooseAddress(address);
    expect(store.allowedPages()).toEqual(['address', 'tariffs']);
    store.chooseTariff(tariff);
    expect(store.allowedPages()).toEqual(['address', 'tariffs', 'details']);
    store.saveDetails({ ...details, mobile_number: '0113 496 0000' });
    expect(store.allowedPages()).toEqual(['address', 'tariffs', 'details']);
    store.saveDetails(details);
    expect(store.allowedPages()).toEqual(['address', 'tariffs', 'details', 'summary']);
  });

  it('forgets the tariff and starts a new request when another address is chosen', () => {
    const { store } = setup();
    store.chooseAddress(address);
    store.chooseTariff(tariff);
    const request = store.getJourney().request_id;
    store.chooseAddress(address);
    expect(store.getJourney()).toMatchObject({ tariff: { id: 'fttp-500-n1' }, request_id: request });
    store.chooseAddress({ ...address, address_ref: 'ALS115PZ-2' });
    expect(store.getJourney().tariff).toBeNull();
    expect(store.getJourney().request_id).not.toBe(request);
  });

  it('allows the summary of a journey whose lead is made even without details', () => {
    const lead = { id: 1, lead_token: 'x'.repeat(32) } as TelcoLead;
    expect(allowedPages({ request_id: 'r'.repeat(16), address, tariff, lead }, null)).toContain('summary');
  });
});

describe('business details in browser storage', () => {
  it('are restored within 24 hours, by a new store on the same storage (a reload)', () => {
    const { store, make, advance } = setup();
    store.chooseAddress(address);
    store.saveDetails(details);
    advance(24 * HOUR);
    const reloaded = make();
    expect(reloaded.getDetails()).toEqual(details);
    expect(reloaded.getJourney().address).toEqual(address);
  });

  it('are dropped once older than 24 hours', () => {
    const { store, detailsStorage, advance } = setup();
    store.saveDetails(details);
    advance(24 * HOUR + 1);
    expect(store.getDetails()).toBeNull();
    expect(detailsStorage.getItem(DETAILS_KEY)).toBeNull();
  });

  it('ignores junk and dates from the future', () => {
    const storage = new MemoryStorage();
    storage.setItem(DETAILS_KEY, '{not json');
    expect(loadDetails(storage, 0)).toBeNull();
    storage.setItem(DETAILS_KEY, JSON.stringify({ date: 10 * HOUR, ...EMPTY_DETAILS }));
    expect(loadDetails(storage, 0)).toBeNull();
  });

  it('go, with the journey, when the sign-up is finished', () => {
    const { store, journeyStorage, detailsStorage } = setup();
    store.chooseAddress(address);
    store.saveDetails(details);
    store.finish();
    expect(journeyStorage.getItem(JOURNEY_KEY)).toBeNull();
    expect(detailsStorage.getItem(DETAILS_KEY)).toBeNull();
    expect(store.allowedPages()).toEqual(['address']);
  });
});
