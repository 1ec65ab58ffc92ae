import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MANAGE_OTHER_USERS } from '@portal/contract';
import type { CallFlowSummary, StoredCallFlow } from '@portal/contract';
import { createFlow, presetHours } from '@portal/editor-core';

import { setToken } from '../../lib/token-storage.ts';
import { installFakeFetch, sampleMe, sampleNavigation, type RecordedCall } from '../../test/fake-fetch.ts';
import { cleanupApp, renderApp as renderAppWith, resetAppState } from '../../test/render-app.tsx';
import { draftKey } from './index.ts';

// The pages are lazy chunks; under a loaded test run their first import can take seconds.
configure({ asyncUtilTimeout: 10_000 });

// The canvas is its own piece of work with its own tests; here it only has to be there.
vi.mock('./canvas/index.ts', () => ({
  CallFlowCanvas: () => <div role="region" aria-label="Call flow canvas" />,
}));

const PRODUCT = 12;
const base = `/api/v2/voip/${PRODUCT}/call-flows/`;

const validFlow = createFlow({ publicNumbers: ['01632960123'] });
function stored(id: string, name: string, overrides: Partial<StoredCallFlow> = {}): StoredCallFlow {
  return {
    id,
    name,
    enable: false,
    data: validFlow.data,
    version: 3,
    updated_at: '2025-03-04T10:00:00Z',
    ...overrides,
  };
}
const summary = ({ data: _data, ...flow }: StoredCallFlow, valid = true): CallFlowSummary => ({ ...flow, valid });

const site = {
  product_id: PRODUCT,
  pilot_number: { number: '01632960123' },
  supplier: 3,
  installation_address: null,
  addons: [],
  users: { '1': { id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.co.uk', extension: '200' } },
  seats: [
    {
      id: 1,
      platform_id: 'seat-1-1',
      product_id: PRODUCT,
      service_plan: 'Cloud phone user',
      add_ons: [],
      extension: '200',
      name: 'Ada Lovelace',
    },
  ],
};
const addOn = (enabled: boolean) => ({
  enabled,
  display_name: 'Advanced call flows',
  standard_price: '5.00',
  node_limits: { transfer: 50 },
});
const trial = (isInTrial: boolean) => ({
  isInTrial,
  isTrialExpired: false,
  trialKind: isInTrial ? 'OPT_IN' : null,
  productId: isInTrial ? PRODUCT : null,
  remainDays: isInTrial ? 2 : null,
  show_quickstart_popup: false,
  quickstart_popup_sections_completed: {},
  customer_feedback: null,
  status_entry: null,
});
const simple = {
  enable: false,
  name: 'Simple call flow',
  version: 1,
  data: {
    out_of_hours: { enabled: true, business_hours: presetHours('nine_to_five'), calendar: 'default' },
    welcome_greeting: { enabled: true, audio_file: 'welcome.wav' },
    closed_greeting: { enabled: true, audio_file: 'default' },
  },
};

type Routes = Parameters<typeof installFakeFetch>[0];

function server(
  flows: StoredCallFlow[],
  extra: Routes = {},
  options: { addOnEnabled?: boolean; inTrial?: boolean } = {},
) {
  setToken('good');
  const routes: Routes = {
    'GET /api/v3/me/': { json: sampleMe },
    'GET /api/v3/navigation/': { json: sampleNavigation },
    [`GET ${base}`]: { json: { results: flows.map((f) => summary(f)) } },
    [`GET /api/v3/voip/${PRODUCT}/simple-call-flow/`]: { json: simple },
    [`GET /api/v1/voip/${PRODUCT}/`]: { json: site },
    [`GET /api/v1/voip/sites/${PRODUCT}/numbers/`]: {
      json: { results: [{ number: '01632960123', extension: '01632960123' }] },
    },
    [`GET /api/v1/voip/${PRODUCT}/call-flows/current/audio-files/`]: { json: { results: [] } },
    [`GET /api/v1/voip/${PRODUCT}/add-ons/advanced-call-flow/`]: { json: addOn(options.addOnEnabled ?? true) },
    'GET /api/v1/trial/status/': { json: trial(options.inTrial ?? false) },
    ...Object.fromEntries(flows.map((f) => [`GET ${base}${f.id}/`, { json: f }])),
    ...extra,
  };
  return installFakeFetch(routes);
}

/** Calls fail at once here: no retries. */
const renderApp = (path: string) => renderAppWith(path, { retry: false });

const sent = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && new URL(c.url, 'http://x').pathname === path);
const nameInput = () => screen.findByRole('textbox', { name: 'Call flow name' });

beforeEach(resetAppState);

afterEach(cleanupApp);

describe('side navigation', () => {
  it('links to the call flows of the cloud phone with product pages', async () => {
    server([]);
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const link = await within(nav).findByRole('link', { name: 'Call flows' });
    expect(link).toHaveAttribute('href', '/call-flows/12?tab=active-call-flow');
  });
});

describe('call flows page', () => {
  it('shows the active flow, the simple flow and the custom flows', async () => {
    server([stored('1', 'Main office', { enable: true }), stored('2', 'Sales')]);
    renderApp('/call-flows/12?tab=active-call-flow');
    expect(await screen.findByRole('heading', { level: 1, name: 'Call flows' })).toBeInTheDocument();
    expect(await screen.findByText('Main office is your active call flow')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Simple call flow' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Custom call flows' });
    expect(within(list).getByRole('link', { name: 'Sales' })).toHaveAttribute(
      'href',
      '/call-flows/custom/12?callflow_id=2',
    );
    expect(screen.getByRole('link', { name: 'Create call flow' })).toHaveAttribute('href', '/call-flows/custom/12');
    await waitFor(() => expect(document.title).toBe('Call flows | Customer Portal'));
  });

  it('says when the agent call flow is active', async () => {
    server([stored('1', 'DefaultBusinessHours_Custom', { enable: true })]);
    renderApp('/call-flows/12?tab=active-call-flow');
    expect(await screen.findByText('The agent call flow is active')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    server([]);
    renderApp('/call-flows/12?tab=active-call-flow');
    expect(await screen.findByText('You have no custom call flows yet.')).toBeInTheDocument();
    expect(screen.getByText('No call flow is active')).toBeInTheDocument();
  });

  it('refuses to enable an invalid flow without asking the server', async () => {
    const flow = stored('3', 'Draft');
    const { calls } = server([flow], { [`GET ${base}`]: { json: { results: [summary(flow, false)] } } });
    renderApp('/call-flows/12?tab=active-call-flow');
    fireEvent.click(await screen.findByRole('button', { name: 'Enable Draft' }));
    expect(
      await screen.findByText('Call flow is not valid, please complete all steps and try again'),
    ).toBeInTheDocument();
    expect(sent(calls, 'PATCH', `${base}3/`)).toHaveLength(0);
  });

  it('enables a flow by PATCH when the add-on is on', async () => {
    const { calls } = server([stored('2', 'Sales')], {
      [`PATCH ${base}2/`]: { json: stored('2', 'Sales', { enable: true, version: 4 }) },
    });
    renderApp('/call-flows/12?tab=active-call-flow');
    fireEvent.click(await screen.findByRole('button', { name: 'Enable Sales' }));
    await waitFor(() => expect(sent(calls, 'PATCH', `${base}2/`)[0]?.body).toEqual({ enable: true }));
  });

  it('renames with the name rules and the version', async () => {
    const { calls } = server([stored('1', 'Main'), stored('2', 'Sales')], {
      [`PATCH ${base}2/`]: { json: stored('2', 'Support', { version: 4 }) },
    });
    renderApp('/call-flows/12?tab=active-call-flow');
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Sales' });
    const field = within(dialog).getByLabelText('Call flow name');
    fireEvent.change(field, { target: { value: ' MAIN ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(
      await within(dialog).findByText('This callflow name has already been used. Please try a different name.'),
    ).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('Please set a callflow name')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'Support' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(sent(calls, 'PATCH', `${base}2/`)[0]?.body).toEqual({ name: 'Support', version: 3 }));
  });

  it('deletes after a confirmation', async () => {
    const { calls } = server([stored('2', 'Sales')], { [`DELETE ${base}2/`]: { json: { detail: 'Deleted.' } } });
    renderApp('/call-flows/12?tab=active-call-flow');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sales' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Sales?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete call flow' }));
    await waitFor(() => expect(sent(calls, 'DELETE', `${base}2/`)).toHaveLength(1));
    expect(await screen.findByText('Call flow deleted')).toBeInTheDocument();
  });

  it('refuses to enable the simple call flow with a welcome greeting but no audio', async () => {
    server([]);
    renderApp('/call-flows/12?tab=active-call-flow');
    fireEvent.change(await screen.findByLabelText('Welcome greeting audio'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Enable the simple call flow' }));
    expect(
      await screen.findByText('Please set a welcome greeting audio before enabling your simple call flow'),
    ).toBeInTheDocument();
    expect((screen.getByRole('switch', { name: 'Enable the simple call flow' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Welcome greeting audio')).toHaveValue('welcome.wav');
  });
});

describe('custom call-flow editor', () => {
  it('starts a new flow named by the rule, creates it with enable false and moves to its edit URL', async () => {
    const created = stored('9', 'Custom call flow 2', { version: 1 });
    const { calls } = server([stored('1', 'Custom call flow 1')], { [`POST ${base}`]: { status: 201, json: created } });
    const { where } = renderApp('/call-flows/custom/12');
    expect(await nameInput()).toHaveAttribute('value', 'Custom call flow 2');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Call flow canvas' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(where()).toBe('/call-flows/custom/12?callflow_id=9'));
    const post = sent(calls, 'POST', base)[0];
    expect(post?.body).toMatchObject({ name: 'Custom call flow 2', enable: false });
    expect(
      (post?.body as { data: { type: string; args: { public_numbers: { value: string[] } } } }).data.args.public_numbers
        .value,
    ).toEqual(['01632960123']);
    expect(await screen.findByText('Call flow created')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    // The editor was kept, not rebuilt from the server.
    expect(sent(calls, 'GET', `${base}9/`)).toHaveLength(0);
  });

  it('says whose flows these are while staff are switched into the account', async () => {
    server([stored('2', 'Sales')], {
      'GET /api/v3/me/': {
        json: {
          ...sampleMe,
          logged_in_as: { email: 'support@portal.example', name: 'Sam Support', permissions: [MANAGE_OTHER_USERS] },
        },
      },
    });
    renderApp('/call-flows/custom/12?callflow_id=2');
    expect((await screen.findByText(/^Viewing:/)).textContent).toBe('Viewing: Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Return to my account' })).toBeInTheDocument();
  });

  it('shows no Viewing strip to the customer themselves', async () => {
    server([stored('2', 'Sales')]);
    renderApp('/call-flows/custom/12?callflow_id=2');
    expect(await nameInput()).toHaveAttribute('value', 'Sales');
    expect(screen.queryByText(/^Viewing:/)).not.toBeInTheDocument();
  });

  it('says "Cancel" with changes, and asks before leaving them', async () => {
    server([stored('2', 'Sales')]);
    const { where } = renderApp('/call-flows/custom/12?callflow_id=2');
    fireEvent.change(await nameInput(), { target: { value: 'Sales team' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(where()).toBe('/call-flows/custom/12?callflow_id=2');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect(where()).toBe('/call-flows/12?tab=active-call-flow'));
    await waitFor(() => expect(localStorage.getItem(draftKey(PRODUCT, '2'))).toBeNull());
  });

  it('patches an existing flow with its version and keeps the work when the save fails', async () => {
    const { calls } = server([stored('2', 'Sales')], { [`PATCH ${base}2/`]: { status: 500, text: 'boom' } });
    renderApp('/call-flows/custom/12?callflow_id=2');
    fireEvent.change(await nameInput(), { target: { value: 'Sales team' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'Fail to update call flow. Please try again. If the issue persists, contact customer service.',
      ),
    ).toBeInTheDocument();
    expect(sent(calls, 'PATCH', `${base}2/`)[0]?.body).toMatchObject({ name: 'Sales team', version: 3 });
    expect(await nameInput()).toHaveValue('Sales team');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('after a 412 offers their version, mine over it, or mine as a copy; overwrite uses their version', async () => {
    let patches = 0;
    const { calls } = server([stored('2', 'Sales')], {
      [`PATCH ${base}2/`]: () =>
        ++patches === 1
          ? { status: 412, json: { detail: 'Changed elsewhere.' } }
          : { json: stored('2', 'Sales team', { version: 8 }) },
      [`GET ${base}2/`]: () => ({
        json: stored('2', patches > 0 ? 'Sales (theirs)' : 'Sales', { version: patches > 0 ? 7 : 3 }),
      }),
    });
    renderApp('/call-flows/custom/12?callflow_id=2');
    fireEvent.change(await nameInput(), { target: { value: 'Sales team' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Someone else saved this call flow' });
    expect(within(dialog).getByRole('button', { name: 'Reload their version' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save mine as a copy' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(sent(calls, 'PATCH', `${base}2/`)).toHaveLength(2));
    expect(sent(calls, 'PATCH', `${base}2/`)[1]?.body).toMatchObject({ name: 'Sales team', version: 7 });
    expect(await screen.findByText('Call flow saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('saves mine as a copy under an unused name after a 412', async () => {
    const copy = stored('11', 'Sales team (copy)', { version: 1 });
    const { calls } = server([stored('2', 'Sales')], {
      [`PATCH ${base}2/`]: { status: 412, json: { detail: 'Changed elsewhere.' } },
      [`POST ${base}`]: { status: 201, json: copy },
    });
    const { where } = renderApp('/call-flows/custom/12?callflow_id=2');
    fireEvent.change(await nameInput(), { target: { value: 'Sales team' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Someone else saved this call flow' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save mine as a copy' }));
    await waitFor(() => expect(where()).toBe('/call-flows/custom/12?callflow_id=11'));
    expect(sent(calls, 'POST', base)[0]?.body).toMatchObject({ name: 'Sales team (copy)', enable: false });
  });

  it('offers a local draft back after a reload', async () => {
    server([stored('2', 'Sales')]);
    localStorage.setItem(
      draftKey(PRODUCT, '2'),
      JSON.stringify({ flow: { ...stored('2', 'Sales draft'), id: '2' }, baseVersion: 3, savedAt: Date.now() }),
    );
    renderApp('/call-flows/custom/12?callflow_id=2');
    const banner = await screen.findByRole('region', { name: 'Unsaved draft' });
    expect(await nameInput()).toHaveValue('Sales');
    fireEvent.click(within(banner).getByRole('button', { name: 'Restore' }));
    expect(await nameInput()).toHaveValue('Sales draft');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Unsaved draft' })).not.toBeInTheDocument();
  });

  it('refuses Save & Enable of an invalid flow', async () => {
    const invalid = stored('2', 'Sales', {
      data: { ...validFlow.data, args: { public_numbers: { type: 'phone_numbers', value: [] } } },
    });
    const { calls } = server([invalid]);
    renderApp('/call-flows/custom/12?callflow_id=2');
    await nameInput();
    fireEvent.click(screen.getByRole('button', { name: 'Save & Enable' }));
    expect(
      await screen.findByText('Call flow is not valid, please complete all steps and try again'),
    ).toBeInTheDocument();
    expect(sent(calls, 'PATCH', `${base}2/`)).toHaveLength(0);
  });

  it('in a trial, Save & Enable explains and links to the upgrade page', async () => {
    server([stored('2', 'Sales')], {}, { inTrial: true });
    renderApp('/call-flows/custom/12?callflow_id=2');
    await nameInput();
    fireEvent.click(screen.getByRole('button', { name: 'Save & Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to enable custom call flows' });
    expect(within(dialog).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/upgrade/12');
  });

  it('without the add-on: prices with VAT, Save only after accepting, then the enable dialog', async () => {
    const { calls } = server(
      [stored('2', 'Sales')],
      {
        [`PATCH /api/v1/voip/${PRODUCT}/add-ons/advanced-call-flow/`]: { json: addOn(true) },
        [`PATCH ${base}2/`]: { json: stored('2', 'Sales', { enable: true, version: 4 }) },
      },
      { addOnEnabled: false },
    );
    renderApp('/call-flows/custom/12?callflow_id=2');
    await nameInput();
    fireEvent.click(screen.getByRole('button', { name: 'Save & Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add the Advanced call flows add-on' });
    for (const text of ['£5.00', '£1.00', '£6.00', '£0 for 1 month'])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save).toBeDisabled();
    fireEvent.click(within(dialog).getByLabelText('I accept the additional monthly charges'));
    expect(save).toBeEnabled();
    fireEvent.click(save);
    expect(await screen.findByText('The Advanced callflows add-on has been added successfully')).toBeInTheDocument();
    const enable = await screen.findByRole('dialog', { name: 'Enable Sales?' });
    fireEvent.click(within(enable).getByRole('button', { name: 'Enable call flow' }));
    await waitFor(() => expect(sent(calls, 'PATCH', `${base}2/`)[0]?.body).toMatchObject({ enable: true, version: 3 }));
    expect(await screen.findByText('Call flow saved and enabled')).toBeInTheDocument();
  });

  it('shows "Unable to load call flow" when the flow cannot be loaded', async () => {
    server([], { [`GET ${base}99/`]: { status: 404, json: { detail: 'Not found.' } } });
    renderApp('/call-flows/custom/12?callflow_id=99');
    expect(await screen.findByText('Unable to load call flow')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to call flows' })).toHaveAttribute(
      'href',
      '/call-flows/12?tab=active-call-flow',
    );
  });

  it('answers "Page not found" for a product without call flows or a malformed flow id', async () => {
    server([]);
    renderApp('/call-flows/custom/12?callflow_id=abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    cleanup();
    renderApp('/call-flows/13?tab=active-call-flow');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
