import { beforeEach, describe, expect, it } from 'vitest';

import {
  clearDraft,
  DRAFT_NUMBER_TTL_MS,
  emptyDraft,
  furthestSection,
  mayShowSection,
  readStoredDraft,
  resumeDraft,
  saveDraft,
  selfSignupRedirect,
  SIGNUP_DRAFT_KEY,
  type SignupDraft,
} from './draft.ts';

const now = new Date('2026-01-10T12:00:00Z');
const withNumber = (supplier: 2 | 3, date: Date): SignupDraft => ({
  ...emptyDraft(supplier, date),
  features_to_use: ['Lower costs'],
  needs: { is_set: true, features_to_use: ['Lower costs'] },
  chosen_number: '01134960001',
  chosen_number_rating: 'FREE',
  number: { is_set: true, chosen_number: '01134960001' },
  details: { is_set: true },
});

describe('the self sign-up draft', () => {
  beforeEach(() => localStorage.clear());

  it('is saved under a versioned key on each update and cleared at the end', () => {
    expect(SIGNUP_DRAFT_KEY).toMatch(/\.v\d+$/);
    const saved = saveDraft(withNumber(2, now), now);
    expect(JSON.parse(localStorage.getItem(SIGNUP_DRAFT_KEY) ?? '{}')).toMatchObject({
      chosen_number: '01134960001',
      date: now.toISOString(),
    });
    expect(readStoredDraft()).toEqual(saved);
    clearDraft();
    expect(readStoredDraft()).toBeNull();
    localStorage.setItem(SIGNUP_DRAFT_KEY, '{not json');
    expect(readStoredDraft()).toBeNull();
  });

  it('keeps its number within 24 hours for the same supplier', () => {
    const resumed = resumeDraft(withNumber(2, now), 2, new Date(now.getTime() + DRAFT_NUMBER_TTL_MS));
    expect(resumed.chosen_number).toBe('01134960001');
    expect(resumed.number.is_set).toBe(true);
  });

  it('loses its number when older than 24 hours, and goes back to the number page', () => {
    const resumed = resumeDraft(withNumber(2, now), 2, new Date(now.getTime() + DRAFT_NUMBER_TTL_MS + 1));
    expect(resumed).toMatchObject({
      chosen_number: null,
      number: { is_set: false, chosen_number: null },
      details: { is_set: false },
      needs: { is_set: true },
    });
    expect(furthestSection(resumed)).toBe('number');
  });

  it('loses its number when the supplier changed from 2 to 3, not from 3 to 2', () => {
    expect(resumeDraft(withNumber(2, now), 3, now)).toMatchObject({ supplier: 3, chosen_number: null });
    expect(resumeDraft(withNumber(3, now), 2, now)).toMatchObject({ supplier: 2, chosen_number: '01134960001' });
  });

  it('keeps everything once the customer exists', () => {
    const customer = { ...withNumber(2, now), product_id: 7 };
    expect(resumeDraft(customer, 3, new Date(now.getTime() + 2 * DRAFT_NUMBER_TTL_MS)).chosen_number).toBe(
      '01134960001',
    );
  });

  it('lets a page show only once the sections before it are set', () => {
    expect(mayShowSection(null, 'needs')).toBe(true);
    expect(mayShowSection(null, 'number')).toBe(false);
    const needsOnly = { ...emptyDraft(2, now), needs: { is_set: true, features_to_use: [] } };
    expect(mayShowSection(needsOnly, 'number')).toBe(true);
    expect(mayShowSection(needsOnly, 'details')).toBe(false);
    expect(mayShowSection(withNumber(2, now), 'started')).toBe(true);
  });

  it('sends every page to the trial journey while the sign-up redirect to trial flag is on; else a page not reached to the first', () => {
    const on = { signup_redirect_to_trial: true, voip3_signup: true };
    const off = { signup_redirect_to_trial: false, voip3_signup: true };
    expect(selfSignupRedirect('signup-voip3', 'needs', null, on)).toBe('/trial/signup');
    expect(selfSignupRedirect('signup', 'started', withNumber(2, now), on)).toBe('/trial/signup');
    expect(selfSignupRedirect('signup', 'needs', null, off)).toBeNull();
    expect(selfSignupRedirect('signup', 'details', withNumber(2, now), off)).toBeNull();
    expect(selfSignupRedirect('signup-voip3-b', 'details', null, off)).toBe('/signup-voip3-b/needs');
    expect(selfSignupRedirect('signup', 'nowhere', withNumber(2, now), off)).toBe('/signup/needs');
    // Flags that cannot be read: the pages show.
    expect(selfSignupRedirect('signup', 'needs', null, null)).toBeNull();
  });

  it('sends the voip3 journeys to /signup while the VoIP3 sign-up flag is off; /signup itself shows', () => {
    const closed = { signup_redirect_to_trial: false, voip3_signup: false };
    expect(selfSignupRedirect('signup-voip3', 'needs', null, closed)).toBe('/signup/needs');
    expect(selfSignupRedirect('signup-voip3-b', 'details', withNumber(3, now), closed)).toBe('/signup/needs');
    expect(selfSignupRedirect('signup-voip3', undefined, null, closed)).toBe('/signup/needs');
    expect(selfSignupRedirect('signup', 'needs', null, closed)).toBeNull();
    // A sign-up already started (its customer made before the flag went off) sets its PIN where it is.
    const started = { ...withNumber(3, now), details: { is_set: true }, user_verified: true };
    expect(selfSignupRedirect('signup-voip3', 'started', started, closed)).toBeNull();
    // The trial redirect, on as well, wins.
    expect(selfSignupRedirect('signup-voip3', 'needs', null, { ...closed, signup_redirect_to_trial: true })).toBe(
      '/trial/signup',
    );
  });
});
