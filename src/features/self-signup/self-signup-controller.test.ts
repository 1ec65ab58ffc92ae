import { beforeEach, describe, expect, it, vi } from 'vitest';

import { selfSignupMessages, type LeadDetails } from '@portal/contract';

import { ApiError } from '../../lib/api-error.ts';
import type { SelfSignupCalls } from './api/self-signup-api.ts';
import { readStoredDraft } from './draft.ts';
import { createSelfSignupController } from './self-signup-controller.ts';

const now = () => new Date('2026-01-10T12:00:00Z');
const details = {
  first_name: 'Robin',
  last_name: 'Hale',
  business_name: 'Hale Joinery',
  email_address: 'robin@hale.example',
  mobile_number: '07700900123',
};
const numberGone = () =>
  new ApiError({ kind: 'http', status: 400, data: { chosen_number: [selfSignupMessages.numberUnavailable] } });
const lead = { ssu_details_token: 'token-1', customer_details_completed: true } as LeadDetails;

/** The controller over calls the test gives (the rest refuse), with its failures recorded by stage. */
function controllerWith(calls: Partial<SelfSignupCalls>) {
  const failed: Array<[string, string]> = [];
  const refuse = () => Promise.reject(new Error('not called in this test'));
  const all = new Proxy(calls, {
    get: (target, name) => target[name as keyof SelfSignupCalls] ?? refuse,
  }) as SelfSignupCalls;
  const controller = createSelfSignupController({
    supplier: 2,
    calls: all,
    now,
    onFailed: (stage, message) => failed.push([stage, message]),
  });
  return { controller, failed };
}

describe('the self sign-up controller: the chosen number', () => {
  beforeEach(() => localStorage.clear());

  it("keeps the numbers area's number with its rating and place in the saved draft", () => {
    const { controller } = controllerWith({});
    controller.chooseNeeds(['Lower costs']);
    controller.chooseNumber({ number: '01214960017', area: 'Birmingham', rating: 'FREE' });
    expect(readStoredDraft()).toMatchObject({
      chosen_number: '01214960017',
      chosen_number_rating: 'FREE',
      chosen_number_area: 'Birmingham',
      number: { is_set: true },
    });
  });

  it('sends the chosen number with the details; a number gone meanwhile is tracked by stage and dropped, so the number step asks again', async () => {
    const createLead = vi
      .fn<SelfSignupCalls['createLead']>()
      .mockRejectedValueOnce(numberGone())
      .mockResolvedValue(lead);
    const { controller, failed } = controllerWith({ createLead });
    controller.chooseNeeds(['Lower costs']);
    controller.chooseNumber({ number: '01214960017', area: 'Birmingham', rating: 'FREE' });
    expect(await controller.submitDetails(details)).toBe(false);
    expect(createLead).toHaveBeenCalledWith(expect.objectContaining({ chosen_number: '01214960017', supplier: 2 }));
    expect(failed).toEqual([['create-lead', selfSignupMessages.numberUnavailable]]);
    expect(controller.getState().fieldErrors.chosen_number).toBe(selfSignupMessages.numberUnavailable);
    expect(readStoredDraft()).toMatchObject({ chosen_number: null, number: { is_set: false } });

    controller.chooseNumber({ number: '01214960028', area: 'Birmingham', rating: 'FREE' });
    expect(await controller.submitDetails(details)).toBe(true);
    expect(createLead).toHaveBeenLastCalledWith(expect.objectContaining({ chosen_number: '01214960028' }));
  });

  it('at verify-pin, a number someone reserved first is dropped too; an existing address opens the welcome dialog', async () => {
    const verifyPin = vi
      .fn<SelfSignupCalls['verifyPin']>()
      .mockRejectedValueOnce(numberGone())
      .mockRejectedValueOnce(
        new ApiError({ kind: 'http', status: 409, data: { detail: selfSignupMessages.existingUser } }),
      );
    const { controller, failed } = controllerWith({ createLead: () => Promise.resolve(lead), verifyPin });
    controller.chooseNumber({ number: '01214960017', area: 'Birmingham', rating: 'FREE' });
    await controller.submitDetails(details);
    expect(await controller.verifyPin('123456')).toBe(false);
    expect(controller.getState().draft).toMatchObject({
      chosen_number: null,
      number: { is_set: false },
      ssu_details_token: 'token-1',
    });
    expect(await controller.verifyPin('123456')).toBe(false);
    expect(controller.getState().existingUserStep).toBe('welcome');
    expect(failed.map(([stage]) => stage)).toEqual(['verify-pin', 'verify-pin']);
  });
});

describe('the self sign-up controller: the portal password', () => {
  beforeEach(() => localStorage.clear());

  it('sets it with the sign-up key, shows the field messages of a refusal, then says which address to sign in with', async () => {
    const verifyPin = vi
      .fn<SelfSignupCalls['verifyPin']>()
      .mockResolvedValue({ key: 'session-key', product_id: 7, account_id: 3, user_verified: true });
    const createPassword = vi
      .fn<SelfSignupCalls['createPassword']>()
      .mockRejectedValueOnce(
        new ApiError({ kind: 'http', status: 400, data: { new_password1: ['Use 10 characters or more'] } }),
      )
      .mockResolvedValue({ detail: selfSignupMessages.passwordSet, email: 'robin@hale.example' });
    const { controller, failed } = controllerWith({
      createLead: () => Promise.resolve(lead),
      verifyPin,
      createPassword,
    });
    // Nothing to set it for before the customer exists.
    expect(
      await controller.createPassword({
        new_password1: 'a long walk by the river',
        new_password2: 'a long walk by the river',
      }),
    ).toBe(false);
    await controller.submitDetails(details);
    await controller.verifyPin('482916');
    expect(await controller.createPassword({ new_password1: 'short', new_password2: 'short' })).toBe(false);
    expect(controller.getState()).toMatchObject({
      fieldErrors: { new_password1: 'Use 10 characters or more' },
      passwordSetFor: null,
    });
    expect(
      await controller.createPassword({
        new_password1: 'a long walk by the river',
        new_password2: 'a long walk by the river',
      }),
    ).toBe(true);
    expect(createPassword).toHaveBeenLastCalledWith('session-key', {
      new_password1: 'a long walk by the river',
      new_password2: 'a long walk by the river',
    });
    expect(controller.getState()).toMatchObject({ fieldErrors: {}, passwordSetFor: 'robin@hale.example' });
    expect(failed).toEqual([['create-password', 'Use 10 characters or more']]);
  });
});
