import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  HardwareDevice,
  HardwareDevices,
  hardwareMessages,
  HardwareModels,
  ProvisioningString,
  Seat,
  type HardwareDevice as Device,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { hardwareDevices, products, users, voipUsers } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, seededProductIds, tokenOf, useTestApp, type Csrf } from '../../test/helper.ts';

const t = useTestApp();

let csrf: Csrf;
let customer: string;
let harbour: string;
let acmePhone: number;
let acmeBroadband: number;
let harbourPhone: number;
let acme: { alex: number; priya: number; tom: number };
let harbourUser: number;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [customer, harbour] = await Promise.all([tokenOf(t, demoLogins.customer), tokenOf(t, demoLogins.multiProduct)]);
  ({ acme: acmePhone, acmeBroadband } = await seededProductIds(t.db));
  const [alex, priya, tom] = await t.db
    .select()
    .from(voipUsers)
    .where(eq(voipUsers.productId, acmePhone))
    .orderBy(voipUsers.id);
  acme = { alex: alex!.id, priya: priya!.id, tom: tom!.id };
  const [harbourLogin] = await t.db.select().from(users).where(eq(users.email, demoLogins.multiProduct.email));
  const harbourProducts = await t.db
    .select()
    .from(products)
    .where(eq(products.accountId, harbourLogin!.accountId!))
    .orderBy(products.id);
  for (const product of harbourProducts) {
    const [user] = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, product.id));
    if (user && product.kind === 'voip' && product.tariffVersion === 'TARIFF_V3') {
      harbourPhone = product.id;
      harbourUser = user.id;
      break;
    }
  }
  // Harbour Freight's cloud phone stands for "another customer's" below.
  expect(harbourPhone).toBeGreaterThan(0);
  expect(harbourUser).toBeGreaterThan(0);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const inject = (key: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: authHeaders(key, method === 'GET' ? undefined : csrf),
    ...(payload !== undefined && { payload: payload as object }),
  });
const devices = async (key: string, productId: number) =>
  HardwareDevices.parse((await inject(key, 'GET', `/api/v3/voip/${productId}/hardware/`)).json()).results;
const addDevice = (key: string, productId: number, body: unknown) =>
  inject(key, 'POST', `/api/v3/voip/${productId}/hardware/`, body);
const assignPort = (key: string, productId: number, body: unknown) =>
  inject(key, 'PATCH', `/api/v3/voip/${productId}/hardware/assign/`, body);
const assignUser = (key: string, productId: number, userId: number, body: unknown) =>
  inject(key, 'POST', `/api/v1/voip/${productId}/users/${userId}/hardwares/`, body);
const whoIsOn = (device: Device) => device.ports.map((port) => port.user?.name ?? null);

let macCounter = 0;
/** A MAC address no other test uses. */
const freshMac = () =>
  `02-00-00-00-${String(Math.floor(macCounter / 100)).padStart(2, '0')}-${String(macCounter++ % 100).padStart(2, '0')}`;

/** Adds a Yealink T31P (2 ports) to Acme's phone and answers it. */
async function newT31P(): Promise<Device> {
  const response = await addDevice(customer, acmePhone, { model_id: 1, mac_address: freshMac() });
  expect(response.statusCode).toBe(201);
  return HardwareDevice.parse(response.json());
}

describe('GET /api/v3/voip/{id}/hardware/ and /api/v1/voip/{id}/hardwares/', () => {
  it("answers Acme's desk phones with who is on each port and free_ports = total minus assigned", async () => {
    const response = await inject(customer, 'GET', `/api/v3/voip/${acmePhone}/hardware/`);
    expect(response.statusCode).toBe(200);
    const [t46u, t31p] = HardwareDevices.parse(response.json()).results;
    expect(t46u).toMatchObject({
      make: 'Yealink',
      model: 'T46U',
      mac_address: '00:15:65:A0:00:01',
      total_ports: 4,
      assigned_ports: 2,
      free_ports: 2,
    });
    expect(whoIsOn(t46u!)).toEqual(['Alex Morgan', 'Priya Shah', null, null]);
    expect(t46u!.ports[0]!.user).toEqual({ id: acme.alex, name: 'Alex Morgan', extension: '200' });
    expect(t31p).toMatchObject({ model: 'T31P', total_ports: 2, assigned_ports: 1, free_ports: 1 });
    expect(JSON.stringify(response.json())).not.toMatch(/provisioning_key|provisioningKey/);
  });

  it('?available=true answers only the devices with a free port', async () => {
    const device = await newT31P();
    await assignPort(customer, acmePhone, { device_id: device.id, port: 1, user_id: acme.alex });
    await assignPort(customer, acmePhone, { device_id: device.id, port: 2, user_id: acme.tom });
    const all = HardwareDevices.parse(
      (await inject(customer, 'GET', `/api/v1/voip/${acmePhone}/hardwares/`)).json(),
    ).results;
    const available = HardwareDevices.parse(
      (await inject(customer, 'GET', `/api/v1/voip/${acmePhone}/hardwares/?available=true`)).json(),
    ).results;
    expect(all.map((d) => d.id)).toContain(device.id);
    expect(available.map((d) => d.id)).not.toContain(device.id);
    expect(available.every((d) => d.free_ports > 0)).toBe(true);
    expect((await inject(customer, 'GET', `/api/v1/voip/${acmePhone}/hardwares/?available=maybe`)).statusCode).toBe(
      400,
    );
  });

  it("answers 404 for another customer's phone, a broadband product and an unknown id; 400 for a bad id; 401 without a token", async () => {
    expect((await inject(harbour, 'GET', `/api/v3/voip/${acmePhone}/hardware/`)).statusCode).toBe(404);
    expect((await inject(customer, 'GET', `/api/v3/voip/${acmeBroadband}/hardware/`)).statusCode).toBe(404);
    expect((await inject(customer, 'GET', '/api/v3/voip/2147483647/hardware/')).statusCode).toBe(404);
    expect((await inject(customer, 'GET', '/api/v3/voip/abc/hardware/')).statusCode).toBe(400);
    expect((await inject(harbour, 'GET', `/api/v1/voip/${acmePhone}/hardwares/`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v3/voip/${acmePhone}/hardware/` })).statusCode).toBe(401);
  });
});

describe('the models: GET /api/v1/voip/hardware/ and .../hardware/bring-your-own/', () => {
  it('answers every model, and the ones a customer may bring', async () => {
    const all = HardwareModels.parse((await inject(customer, 'GET', '/api/v1/voip/hardware/')).json()).results;
    const byo = HardwareModels.parse(
      (await inject(customer, 'GET', `/api/v3/voip/${acmePhone}/hardware/bring-your-own/`)).json(),
    ).results;
    expect(all.length).toBeGreaterThan(byo.length);
    expect(byo.every((model) => model.bring_your_own)).toBe(true);
    expect(byo.map((model) => `${model.make} ${model.model}`)).toContain('Yealink T31P');
    expect((await inject(harbour, 'GET', `/api/v3/voip/${acmePhone}/hardware/bring-your-own/`)).statusCode).toBe(404);
  });
});

describe('POST /api/v3/voip/{id}/hardware/ (bring your own by MAC address)', () => {
  it('adds a device with every port free, its MAC address normalised', async () => {
    const response = await addDevice(customer, acmePhone, { model_id: 3, mac_address: ' 02:00:0a:bc:de:f0 ' });
    expect(response.statusCode).toBe(201);
    expect(HardwareDevice.parse(response.json())).toMatchObject({
      make: 'Poly',
      model: 'VVX 250',
      mac_address: '02:00:0A:BC:DE:F0',
      total_ports: 4,
      assigned_ports: 0,
      free_ports: 4,
    });
  });

  it('refuses a bad MAC address, a MAC address already registered (in any form, on any account) and a model that cannot be brought, with readable messages', async () => {
    const bad = await addDevice(customer, acmePhone, { model_id: 1, mac_address: '00:1A:2B:3C:4D' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ mac_address: [hardwareMessages.macInvalid] });
    const taken = await addDevice(harbour, harbourPhone, {
      model_id: 1,
      mac_address: '0015-65a0-0001'.replace(/-/g, ''),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ mac_address: [hardwareMessages.macTaken] });
    const dect = await addDevice(customer, acmePhone, { model_id: 5, mac_address: freshMac() });
    expect(dect.json()).toEqual({ model_id: [hardwareMessages.notBringYourOwn] });
    const unknown = await addDevice(customer, acmePhone, { model_id: 99, mac_address: freshMac() });
    expect(unknown.json()).toEqual({ model_id: [hardwareMessages.modelRequired] });
    expect((await addDevice(customer, acmePhone, { mac_address: 42 })).statusCode).toBe(400);
    expect((await addDevice(harbour, acmePhone, { model_id: 1, mac_address: freshMac() })).statusCode).toBe(404);
  });

  it('two adds of one MAC address at once: one device, one refusal', async () => {
    const mac = freshMac();
    const answers = await Promise.all([
      addDevice(customer, acmePhone, { model_id: 1, mac_address: mac }),
      addDevice(harbour, harbourPhone, { model_id: 1, mac_address: mac }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(
      await t.db
        .select()
        .from(hardwareDevices)
        .where(eq(hardwareDevices.macAddress, mac.replace(/-/g, ':'))),
    ).toHaveLength(1);
  });
});

describe('PATCH /api/v3/voip/{id}/hardware/assign/ (a port to a user, or freed)', () => {
  it('assigns a free port, refuses a port in use and a second port for the same user, and frees it', async () => {
    const device = await newT31P();
    const assigned = await assignPort(customer, acmePhone, { device_id: device.id, port: 2, user_id: acme.tom });
    expect(assigned.statusCode).toBe(200);
    expect(HardwareDevice.parse(assigned.json())).toMatchObject({ assigned_ports: 1, free_ports: 1 });
    expect(whoIsOn(HardwareDevice.parse(assigned.json()))).toEqual([null, 'Tom Walsh']);

    const inUse = await assignPort(customer, acmePhone, { device_id: device.id, port: 2, user_id: acme.priya });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ detail: hardwareMessages.portInUse });
    const twice = await assignPort(customer, acmePhone, { device_id: device.id, port: 1, user_id: acme.tom });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: hardwareMessages.userOnDevice });

    const freed = await assignPort(customer, acmePhone, { device_id: device.id, port: 2, user_id: null });
    expect(whoIsOn(HardwareDevice.parse(freed.json()))).toEqual([null, null]);
    const reassigned = await assignPort(customer, acmePhone, { device_id: device.id, port: 2, user_id: acme.priya });
    expect(whoIsOn(HardwareDevice.parse(reassigned.json()))).toEqual([null, 'Priya Shah']);
  });

  it("refuses a port the device does not have, another phone's user, and another customer's device", async () => {
    const device = await newT31P();
    expect(
      (await assignPort(customer, acmePhone, { device_id: device.id, port: 3, user_id: acme.tom })).json(),
    ).toEqual({ port: [hardwareMessages.unknownPort] });
    expect(
      (await assignPort(customer, acmePhone, { device_id: device.id, port: 1, user_id: harbourUser })).json(),
    ).toEqual({ user_id: [hardwareMessages.userNotOnPhone] });
    expect(
      (await assignPort(customer, acmePhone, { device_id: device.id, port: 1, user_id: 2147483647 })).json(),
    ).toEqual({ user_id: [hardwareMessages.userNotOnPhone] });
    expect(
      (await assignPort(harbour, harbourPhone, { device_id: device.id, port: 1, user_id: harbourUser })).statusCode,
    ).toBe(404);
    expect(
      (await assignPort(customer, acmePhone, { device_id: device.id, port: '1', user_id: acme.tom })).statusCode,
    ).toBe(400);
    expect(
      (await assignPort(customer, acmePhone, { device_id: 2147483648, port: 1, user_id: acme.tom })).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/v1/voip/{id}/users/{userId}/hardwares/ (the first free port to a user)', () => {
  it('gives the user the first free port, and refuses a full device with a clear 409', async () => {
    const device = await newT31P();
    const first = await assignUser(customer, acmePhone, acme.alex, { device_id: device.id });
    expect(first.statusCode).toBe(200);
    expect(whoIsOn(HardwareDevice.parse(first.json()))).toEqual(['Alex Morgan', null]);
    expect((await assignUser(customer, acmePhone, acme.alex, { device_id: device.id })).json()).toEqual({
      detail: hardwareMessages.userOnDevice,
    });
    await assignUser(customer, acmePhone, acme.priya, { device_id: device.id });
    const full = await assignUser(customer, acmePhone, acme.tom, { device_id: device.id });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: hardwareMessages.deviceFull });
  });

  it("answers 404 for another phone's user or device", async () => {
    const device = await newT31P();
    expect((await assignUser(customer, acmePhone, harbourUser, { device_id: device.id })).statusCode).toBe(404);
    expect((await assignUser(harbour, harbourPhone, harbourUser, { device_id: device.id })).statusCode).toBe(404);
    expect((await assignUser(customer, acmePhone, acme.tom, { device_id: 'x' })).statusCode).toBe(400);
  });

  it('two assignments of the last free port at once: one success and one refusal', async () => {
    const device = await newT31P();
    await assignUser(customer, acmePhone, acme.alex, { device_id: device.id });
    const answers = await Promise.all([
      assignUser(customer, acmePhone, acme.priya, { device_id: device.id }),
      assignPort(customer, acmePhone, { device_id: device.id, port: 2, user_id: acme.tom }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [after] = (await devices(customer, acmePhone)).filter((d) => d.id === device.id);
    expect(after).toMatchObject({ assigned_ports: 2, free_ports: 0 });
    expect(['Priya Shah', 'Tom Walsh']).toContain(after!.ports[1]!.user?.name);

    const again = await newT31P();
    await assignUser(customer, acmePhone, acme.alex, { device_id: again.id });
    const both = await Promise.all([
      assignUser(customer, acmePhone, acme.priya, { device_id: again.id }),
      assignUser(customer, acmePhone, acme.tom, { device_id: again.id }),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('provisioning string and delete', () => {
  it("answers a device's provisioning string with its MAC address and own key; 404 for another customer's", async () => {
    const device = await newT31P();
    const response = await inject(
      customer,
      'GET',
      `/api/v3/voip/${acmePhone}/hardware/provisioning-string/?device_id=${device.id}`,
    );
    expect(response.statusCode).toBe(200);
    const answer = ProvisioningString.parse(response.json());
    expect(answer.mac_address).toBe(device.mac_address);
    expect(answer.provisioning_string).toMatch(
      new RegExp(`^https://.+/${device.mac_address.replace(/:/g, '').toLowerCase()}\\.cfg\\?key=[A-Za-z0-9_-]{32}$`),
    );
    const other = ProvisioningString.parse(
      (
        await inject(
          customer,
          'GET',
          `/api/v3/voip/${acmePhone}/hardware/provisioning-string/?device_id=${(await newT31P()).id}`,
        )
      ).json(),
    );
    expect(other.provisioning_string.split('key=')[1]).not.toBe(answer.provisioning_string.split('key=')[1]);
    expect(
      (
        await inject(
          harbour,
          'GET',
          `/api/v3/voip/${harbourPhone}/hardware/provisioning-string/?device_id=${device.id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await inject(customer, 'GET', `/api/v3/voip/${acmePhone}/hardware/provisioning-string/`)).statusCode).toBe(
      400,
    );
  });

  it('deletes a device with its ports (the users stay); 404 for another customer and once gone', async () => {
    const device = await newT31P();
    await assignUser(customer, acmePhone, acme.tom, { device_id: device.id });
    expect((await inject(harbour, 'DELETE', `/api/v3/voip/${harbourPhone}/hardware/${device.id}`)).statusCode).toBe(
      404,
    );
    const deleted = await inject(customer, 'DELETE', `/api/v3/voip/${acmePhone}/hardware/${device.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ detail: hardwareMessages.deviceDeleted });
    expect((await devices(customer, acmePhone)).map((d) => d.id)).not.toContain(device.id);
    expect((await inject(customer, 'DELETE', `/api/v3/voip/${acmePhone}/hardware/${device.id}`)).statusCode).toBe(404);
    expect(
      Seat.parse((await inject(customer, 'GET', `/api/v1/voip/${acmePhone}/users/${acme.tom}/`)).json()).name,
    ).toBe('Tom Walsh');
  });
});
