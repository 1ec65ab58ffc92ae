import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { hardwareMessages, type HardwareDevice, type Seat } from '@portal/contract';

import { setToken } from '../../lib/token-storage.ts';
import { installFakeFetch, sampleMe, sampleNavigation } from '../../test/fake-fetch.ts';
import { cleanupApp, renderApp, resetAppState } from '../../test/render-app.tsx';

// The phone of sampleNavigation (voip2, product 12).
const PHONE = 12;
const seatOf = (id: number, first: string, last: string, extension: string): Seat => ({
  id,
  platform_id: `seat-${id}`,
  product_id: PHONE,
  service_plan: 'Cloud phone user',
  add_ons: [],
  extension,
  name: `${first} ${last}`,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.co.uk`,
  locked: false,
  pin_set: true,
  numbers: [],
});
const seats = [seatOf(1, 'Alex', 'Morgan', '200'), seatOf(2, 'Priya', 'Shah', '201')];
const deskPhone: HardwareDevice = {
  id: 5,
  product_id: PHONE,
  model_id: 1,
  make: 'Yealink',
  model: 'T31P',
  mac_address: '00:15:65:A0:00:02',
  ports: [
    { port: 1, user: { id: 1, name: 'Alex Morgan', extension: '200' } },
    { port: 2, user: null },
  ],
  total_ports: 2,
  assigned_ports: 1,
  free_ports: 1,
};

function signedIn(routes: Parameters<typeof installFakeFetch>[0]) {
  setToken('good');
  return installFakeFetch({
    'GET /api/v3/me/': { json: sampleMe },
    'GET /api/v3/navigation/': { json: sampleNavigation },
    [`GET /api/v1/voip/${PHONE}/users/`]: { json: { results: seats } },
    ...routes,
  });
}

beforeEach(() => resetAppState());
afterEach(() => {
  cleanupApp();
  vi.restoreAllMocks();
});

describe('/users-devices/{id}?tab=devices', () => {
  it('says when there are no devices yet', async () => {
    signedIn({ [`GET /api/v3/voip/${PHONE}/hardware/`]: { json: { results: [] } } });
    renderApp(`/users-devices/${PHONE}?tab=devices`, { retry: false });
    expect(await screen.findByText(/^No devices yet/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Devices' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the users for a tab it does not know (the default)', async () => {
    signedIn({});
    renderApp(`/users-devices/${PHONE}?tab=printers`, { retry: false });
    expect(await screen.findByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('list', { name: 'Users' })).toBeInTheDocument();
  });

  it('shows the error with a retry when the devices cannot be loaded, and the list once they can', async () => {
    let fail = true;
    signedIn({
      [`GET /api/v3/voip/${PHONE}/hardware/`]: () =>
        fail ? { status: 503, json: { detail: 'Try again later.' } } : { json: { results: [deskPhone] } },
    });
    renderApp(`/users-devices/${PHONE}?tab=devices`, { retry: false });
    expect(await screen.findByText('Your devices could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    const list = await screen.findByRole('list', { name: 'Devices' });
    expect(within(list).getByText('Yealink T31P')).toBeInTheDocument();
    expect(within(list).getByText('2 ports: 1 in use, 1 free')).toBeInTheDocument();
    expect(within(list).getByText('Alex Morgan (extension 200)')).toBeInTheDocument();
  });

  it("offers only the users not on the device, and shows the server's refusal when the port was taken meanwhile", async () => {
    const { calls } = signedIn({
      [`GET /api/v3/voip/${PHONE}/hardware/`]: { json: { results: [deskPhone] } },
      [`PATCH /api/v3/voip/${PHONE}/hardware/assign/`]: { status: 409, json: { detail: hardwareMessages.portInUse } },
    });
    renderApp(`/users-devices/${PHONE}?tab=devices`, { retry: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Assign port 2 of the Yealink T31P' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign port 2 of the Yealink T31P' });
    const select = within(dialog).getByLabelText('User');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a user', 'Priya Shah (extension 201)']);
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign port' }));
    expect(await within(dialog).findAllByText(hardwareMessages.portInUse)).not.toHaveLength(0);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
        { device_id: 5, port: 2, user_id: 2 },
      ]),
    );
  });
});

describe("a user's own page /user/{id}: their devices", () => {
  it('shows none, then gives them the first free port of a device they choose', async () => {
    let device = deskPhone;
    const { calls } = signedIn({
      [`GET /api/v3/voip/${PHONE}/hardware/`]: () => ({ json: { results: [device] } }),
      [`GET /api/v1/voip/${PHONE}/hardwares/`]: () => ({ json: { results: device.free_ports > 0 ? [device] : [] } }),
      [`POST /api/v1/voip/${PHONE}/users/2/hardwares/`]: () => {
        device = {
          ...deskPhone,
          ports: [deskPhone.ports[0]!, { port: 2, user: { id: 2, name: 'Priya Shah', extension: '201' } }],
          assigned_ports: 2,
          free_ports: 0,
        };
        return { json: device };
      },
    });
    renderApp('/user/2', { retry: false });
    expect(
      await screen.findByText('Priya Shah has no desk phone. They can use the apps, or be given a port of one.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Give a desk phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give Priya Shah a desk phone' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Give a port' }));
    expect(await within(dialog).findAllByText(hardwareMessages.chooseDevice)).not.toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Device'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give a port' }));
    expect(await screen.findByText('Yealink T31P, port 2 (MAC address 00:15:65:A0:00:02)')).toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.method === 'POST')
        .map((call) => [call.url.replace(/^https?:\/\/[^/]+/, ''), call.body]),
    ).toEqual([[`/api/v1/voip/${PHONE}/users/2/hardwares/`, { device_id: 5 }]]);
    expect(calls.some((call) => call.method === 'GET' && call.url.includes('hardwares/?available=true'))).toBe(true);
  });
});
