import type { FastifyRequest } from 'fastify';

import { HARDWARE_MODELS, hardwareMessages, MAX_DEVICES, type HardwareDevice } from '@portal/contract';

import { detailError, fieldError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { notFound, ownedVoipProduct, rowId, type Product } from '../products/index.ts';
import { shopItemOf, shopItemsInOrder } from '../shop/index.ts';
import { seatOfProduct, userById } from '../users/index.ts';
import {
  addDevice,
  assignFirstFreePort,
  productDevice,
  productDevices,
  removeDevice,
  setPort,
  type PortRefusal,
} from './hardware-repository.ts';
import { deviceOf, newProvisioningKey, provisioningString } from './rules.ts';

const bringYourOwn = () => HARDWARE_MODELS.filter((model) => model.bring_your_own);

/** The device `deviceId` of the customer's cloud phone `productId`, else 404 (another phone's, unknown). */
async function ownedDevice(request: FastifyRequest, product: Product, deviceId: number) {
  const device = await productDevice(request.server.db, product.id, rowId(deviceId));
  if (!device) throw notFound();
  return device;
}

/** The user `userId` of the cloud phone, else a 400 on `field` (a user of another phone is no user of this one). */
async function userOfPhone(request: FastifyRequest, product: Product, userId: number, field: string) {
  const seat = await userById(request.server.db, rowId(userId));
  if (!seat || seat.productId !== product.id) throw fieldError(field, hardwareMessages.userNotOnPhone);
  return seat;
}

/** A refused port change as the caller hears it: 409 when the device's ports are not as the caller saw them. */
function refused(refusal: PortRefusal): never {
  if (refusal === 'gone') throw notFound();
  if (refusal === 'full') throw detailError(409, hardwareMessages.deviceFull);
  if (refusal === 'in-use') throw detailError(409, hardwareMessages.portInUse);
  throw detailError(409, hardwareMessages.userOnDevice);
}

async function reloaded(request: FastifyRequest, product: Product, deviceId: number): Promise<HardwareDevice> {
  return deviceOf(await ownedDevice(request, product, deviceId));
}

/**
 * Hardware (spec 001 section 7 "Hardware"): the contract checks the bodies (the MAC address rule is
 * contract/src/hardware.ts); here, ownership and what needs the database. A customer only reaches
 * the devices of their own account's cloud phones; anything else is 404.
 */
export const hardwareHandlers = {
  // The shop's items come with the models (the hardware shop, spec 001 section 7; modules/shop).
  getHardwareModels: async ({ request }) => ({
    results: [...HARDWARE_MODELS],
    items: (await shopItemsInOrder(request.server.db)).map(shopItemOf),
  }),

  getProductHardwares: async ({ params, query, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.id));
    const devices = (await productDevices(request.server.db, product.id)).map(deviceOf);
    return { results: query.available === 'true' ? devices.filter((device) => device.free_ports > 0) : devices };
  },

  assignUserHardware: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.id));
    const seat = await seatOfProduct(request.server.db, product.id, rowId(params.userId));
    if (!seat) throw notFound();
    const device = await ownedDevice(request, product, body.device_id);
    const port = await assignFirstFreePort(request.server.db, device.id, seat.id);
    if (typeof port !== 'number') refused(port);
    return reloaded(request, product, device.id);
  },

  assignHardwarePort: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.id));
    const device = await ownedDevice(request, product, body.device_id);
    if (body.port > device.totalPorts) throw fieldError('port', hardwareMessages.unknownPort);
    const userId = body.user_id === null ? null : (await userOfPhone(request, product, body.user_id, 'user_id')).id;
    const port = await setPort(request.server.db, device.id, body.port, userId);
    if (typeof port !== 'number') refused(port);
    return reloaded(request, product, device.id);
  },

  getHardware: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.id));
    return { results: (await productDevices(request.server.db, product.id)).map(deviceOf) };
  },

  addHardware: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.id));
    const model = HARDWARE_MODELS.find((candidate) => candidate.id === body.model_id);
    if (!model) throw fieldError('model_id', hardwareMessages.modelRequired);
    if (!model.bring_your_own) throw fieldError('model_id', hardwareMessages.notBringYourOwn);
    const added = await addDevice(
      request.server.db,
      product.id,
      {
        modelId: model.id,
        make: model.make,
        model: model.model,
        totalPorts: model.total_ports,
        macAddress: body.mac_address,
        provisioningKey: newProvisioningKey(),
      },
      MAX_DEVICES,
    );
    if (added === 'full') throw detailError(400, hardwareMessages.tooManyDevices);
    if (added === 'taken') throw fieldError('mac_address', hardwareMessages.macTaken);
    return reloaded(request, product, added.id);
  },

  getBringYourOwnHardware: async ({ params, request }) => {
    await ownedVoipProduct(request, rowId(params.id));
    return { results: bringYourOwn() };
  },

  getProvisioningString: async ({ params, query, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.id));
    const device = await ownedDevice(request, product, query.device_id);
    return {
      device_id: device.id,
      mac_address: device.macAddress,
      provisioning_string: provisioningString(device.macAddress, device.provisioningKey),
    };
  },

  deleteHardware: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.id));
    if (!(await removeDevice(request.server.db, product.id, rowId(params.deviceId)))) throw notFound();
    return { detail: hardwareMessages.deviceDeleted };
  },
} satisfies Pick<
  Handlers,
  | 'getHardwareModels'
  | 'getProductHardwares'
  | 'assignUserHardware'
  | 'assignHardwarePort'
  | 'getHardware'
  | 'addHardware'
  | 'getBringYourOwnHardware'
  | 'getProvisioningString'
  | 'deleteHardware'
>;
