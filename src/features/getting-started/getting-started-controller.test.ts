import { describe, expect, it, vi } from 'vitest';

import { gettingStartedMessages, type GettingStartedDetails, type InstallationAddress } from '@portal/contract';

import {
  createGettingStartedController,
  LOADING_CLEAR_DELAY_MS,
  resumeStep,
  type GettingStartedApi,
} from './getting-started-controller.ts';

const brighton: InstallationAddress = {
  summary_line: 'Suite 3, 40 North Road, Brighton, BN1 1YE',
  line_one: 'Suite 3, 40 North Road',
  line_two: '',
  city: 'Brighton',
  county: 'East Sussex',
  post_code: 'BN1 1YE',
};
const user = (id: number, first_name: string, extension: string) => ({
  id,
  first_name,
  last_name: 'Shaw',
  email: `${first_name}@nova.example`,
  extension,
});
const fresh: GettingStartedDetails = {
  product_id: 5,
  product_detail: 'Cloud phone - 3 users',
  is_show_welcome: true,
  users: [user(11, 'riley', '200'), user(12, 'priya', '201'), user(13, 'tom', '202')],
  user_ids: [],
  pin_set: false,
  installation_address: brighton,
};

/** A controller whose calls succeed unless told, with timers run by hand. */
function setUp(details: GettingStartedDetails = fresh, overrides: Partial<GettingStartedApi> = {}) {
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  const api = {
    saveUsers: vi.fn(async (ids: number[]) => ({ user_ids: ids })),
    setPin: vi.fn(async () => ({ pin_set: true })),
    saveAddress: vi.fn(async (address) => ({
      installation_address: { ...address, summary_line: `${address.line_one}, ${address.city}, ${address.post_code}` },
    })),
    complete: vi.fn(async () => ({ product_id: 5, is_show_welcome: false })),
    completed: vi.fn(),
    errorText: (error: unknown) => (error instanceof Error ? error.message : 'failed'),
    ...overrides,
  } satisfies GettingStartedApi;
  const controller = createGettingStartedController({
    details,
    api,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => ((timer as (typeof timers)[number]).cleared = true),
  });
  const runTimers = () => {
    for (const timer of timers.splice(0)) if (!timer.cleared) timer.run();
  };
  return { controller, api, timers, runTimers, get: () => controller.state.getState() };
}

describe('resumeStep', () => {
  it('resumes at the first step not done, and starts over for a product already completed', () => {
    expect(resumeStep(fresh)).toBe('users');
    expect(resumeStep({ ...fresh, user_ids: [11] })).toBe('pin');
    expect(resumeStep({ ...fresh, user_ids: [11], pin_set: true })).toBe('address');
    expect(resumeStep({ ...fresh, user_ids: [11], pin_set: true, is_show_welcome: false })).toBe('users');
  });
});

describe('the getting-started controller', () => {
  it('ticks every user until a choice is saved, then the saved choice', () => {
    expect(setUp().get().chosen).toEqual([11, 12, 13]);
    expect(setUp({ ...fresh, user_ids: [13, 11] }).get().chosen).toEqual([11, 13]);
  });

  it('needs at least one user, saying so, and sends nothing', async () => {
    const { controller, api, get } = setUp();
    for (const id of [11, 12, 13]) controller.toggleUser(id);
    expect(get().chosen).toEqual([]);
    await controller.submitUsers();
    expect(get().usersError).toBe(gettingStartedMessages.chooseUsers);
    expect(api.saveUsers).not.toHaveBeenCalled();
    controller.toggleUser(12);
    expect(get().usersError).toBeNull();
    controller.toggleUser(99);
    expect(get().chosen).toEqual([12]);
  });

  it('keeps the loading flag up for 500 ms after a success; a step submitted meanwhile still goes', async () => {
    const { controller, api, timers, runTimers, get } = setUp();
    controller.toggleUser(13);
    const saving = controller.submitUsers();
    expect(get().loading).toBe(true);
    await saving;
    expect(api.saveUsers).toHaveBeenCalledWith([11, 12]);
    expect(get()).toMatchObject({ step: 'pin', loading: true });
    expect(timers.map((timer) => timer.ms)).toEqual([LOADING_CLEAR_DELAY_MS]);
    expect(LOADING_CLEAR_DELAY_MS).toBe(500);
    runTimers();
    expect(get().loading).toBe(false);
    await controller.submitUsers();
    expect(get()).toMatchObject({ step: 'pin', loading: true });
    // Enter pressed on the next step within the 500 ms is not lost; the newer success restarts the wait.
    await controller.submitPin({ pin: '271828', pin_confirmation: '271828' });
    expect(api.setPin).toHaveBeenCalledTimes(1);
    expect(get()).toMatchObject({ step: 'address', loading: true });
    expect(timers.filter((timer) => !timer.cleared)).toHaveLength(1);
    runTimers();
    expect(get().loading).toBe(false);
  });

  it('refuses another call while one is on its way', async () => {
    let answer: (value: { user_ids: number[] }) => void = () => undefined;
    const { controller, api, get } = setUp(fresh, {
      saveUsers: vi.fn(() => new Promise<{ user_ids: number[] }>((resolve) => (answer = resolve))),
    });
    const saving = controller.submitUsers();
    controller.toggleUser(11);
    controller.back();
    await controller.submitUsers();
    expect(api.saveUsers).toHaveBeenCalledTimes(1);
    expect(get().chosen).toEqual([11, 12, 13]);
    answer({ user_ids: [11, 12, 13] });
    await saving;
    expect(get().step).toBe('pin');
  });

  it('Enter pressed twice sends once', async () => {
    const { controller, api } = setUp();
    await Promise.all([controller.submitUsers(), controller.submitUsers()]);
    expect(api.saveUsers).toHaveBeenCalledTimes(1);
  });

  it('a refused step keeps what was chosen, says why, and clears the flag at once', async () => {
    const { controller, get, timers } = setUp(fresh, {
      saveUsers: vi.fn(async () => Promise.reject(new Error('Choose users of this phone only'))),
    });
    controller.toggleUser(12);
    await controller.submitUsers();
    expect(get()).toMatchObject({
      step: 'users',
      chosen: [11, 13],
      loading: false,
      failure: 'Choose users of this phone only',
    });
    expect(timers).toEqual([]);
  });

  it('a refused PIN rejects for the form, which shows it, and stays on the step', async () => {
    const refusal = new Error('Sequential numbers i.e 123456 are not allowed');
    const { controller, get } = setUp(
      { ...fresh, user_ids: [11] },
      { setPin: vi.fn(async () => Promise.reject(refusal)) },
    );
    await expect(controller.submitPin({ pin: '123456', pin_confirmation: '123456' })).rejects.toBe(refusal);
    expect(get()).toMatchObject({ step: 'pin', loading: false, failure: null, pinSet: false });
  });

  it('goes back a step at a time, and a new choice of users asks for the PIN again', async () => {
    const { controller, runTimers, get } = setUp({ ...fresh, user_ids: [11, 12, 13], pin_set: true });
    expect(get().step).toBe('address');
    controller.back();
    expect(get().step).toBe('pin');
    controller.keepPin();
    expect(get().step).toBe('address');
    controller.back();
    controller.back();
    controller.back();
    expect(get().step).toBe('users');
    await controller.submitUsers();
    runTimers();
    expect(get()).toMatchObject({ step: 'pin', pinSet: true });
    controller.back();
    controller.toggleUser(13);
    await controller.submitUsers();
    runTimers();
    expect(get()).toMatchObject({ step: 'pin', pinSet: false });
    controller.keepPin();
    expect(get().step).toBe('pin');
  });

  it('confirms the address held, then completes; the caches are told', async () => {
    const { controller, api, runTimers, get } = setUp({ ...fresh, user_ids: [11], pin_set: true });
    await controller.confirmAddress();
    expect(api.saveAddress).toHaveBeenCalledWith({
      post_code: 'BN1 1YE',
      line_one: 'Suite 3, 40 North Road',
      line_two: '',
      city: 'Brighton',
      county: 'East Sussex',
    });
    expect(api.complete).toHaveBeenCalledTimes(1);
    expect(api.completed).toHaveBeenCalledTimes(1);
    expect(get()).toMatchObject({ step: 'done', loading: true });
    runTimers();
    expect(get().loading).toBe(false);
    controller.back();
    expect(get().step).toBe('done');
  });

  it('sends a changed address instead, and keeps it when completing fails', async () => {
    const complete = vi.fn().mockRejectedValueOnce(new Error('Set a PIN for your users first')).mockResolvedValue({});
    const { controller, api, get } = setUp({ ...fresh, user_ids: [11], pin_set: true }, { complete });
    controller.changeAddress(true);
    expect(get().changingAddress).toBe(true);
    const leeds = {
      post_code: 'LS11 5PZ',
      line_one: 'Unit 4, Canal Wharf',
      line_two: '',
      city: 'Leeds',
      county: 'West Yorkshire',
    };
    await controller.confirmAddress(leeds);
    expect(api.saveAddress).toHaveBeenCalledWith(leeds);
    expect(get()).toMatchObject({
      step: 'address',
      loading: false,
      failure: 'Set a PIN for your users first',
      changingAddress: false,
    });
    expect(get().address?.city).toBe('Leeds');
    await controller.confirmAddress();
    expect(api.saveAddress).toHaveBeenLastCalledWith(leeds);
    expect(get().step).toBe('done');
  });

  it('shows the finder at once when there is no address, and cannot hide it', () => {
    const { controller, get } = setUp({ ...fresh, installation_address: null });
    expect(get().changingAddress).toBe(true);
    controller.changeAddress(false);
    expect(get().changingAddress).toBe(true);
  });

  it('changes nothing after it is disposed', async () => {
    const { controller, get, runTimers } = setUp();
    const saving = controller.submitUsers();
    controller.dispose();
    await saving;
    runTimers();
    expect(get().step).toBe('users');
  });
});
