import { Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';

import {
  AddDeviceRequest,
  AssignPortRequest,
  AssignUserDeviceRequest,
  type HardwareDevice,
  type HardwareModel,
  type Seat,
} from '@portal/contract';

import { CopyButton } from '../../../components/copy-button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { Options, SelectField } from '../../../components/form/select-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { LoadError, Loading } from '../../../components/states.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import {
  addDevice,
  assignPort,
  assignUserDevice,
  deleteDevice,
  refreshDevices,
  useAvailableDevices,
  useBringYourOwnModels,
  useProvisioningString,
} from '../api/hardware-api.ts';

/** A device as the page names it: make, model and MAC address. */
export const deviceName = (device: Pick<HardwareDevice, 'make' | 'model'>) => `${device.make} ${device.model}`;

interface DialogBase {
  productId: number;
  onClose: () => void;
}

/** Bring your own device (POST /api/v3/voip/{id}/hardware/): its model from the list and its MAC address. */
export function AddDeviceDialog({
  productId,
  onClose,
  onAdded,
}: DialogBase & { onAdded: (device: HardwareDevice) => void }) {
  const models = useBringYourOwnModels(productId);
  return (
    <Dialog open title="Add a device" onClose={onClose}>
      {models.isPending ? (
        <Loading label="Loading the devices you can bring" />
      ) : models.isError ? (
        <LoadError
          title="The devices you can bring could not be loaded"
          error={models.error}
          onRetry={() => void models.refetch()}
          retrying={models.isFetching}
        />
      ) : (
        <AddDeviceForm productId={productId} models={models.data} onClose={onClose} onAdded={onAdded} />
      )}
    </Dialog>
  );
}

function AddDeviceForm({
  productId,
  models,
  onClose,
  onAdded,
}: DialogBase & { models: HardwareModel[]; onAdded: (device: HardwareDevice) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { summary, summaryRef, submit, field, pending } = useForm({
    schema: AddDeviceRequest,
    ids: { model_id: `${id}-model`, mac_address: `${id}-mac` },
    initial: { model_id: '', mac_address: '' },
    toInput: (values) => ({
      model_id: values.model_id === '' ? undefined : Number(values.model_id),
      mac_address: values.mac_address,
    }),
    send: async (body) => {
      const device = await addDevice(productId, body);
      await refreshDevices(queryClient, productId);
      toaster.create({ type: 'success', title: `${deviceName(device)} (${device.mac_address}) has been added` });
      onAdded(device);
      return device;
    },
  });
  return (
    <>
      <Text mb="4">
        Bring your own desk phone or adapter: choose its model and type the MAC address from the label underneath it.
      </Text>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <chakra.form noValidate onSubmit={submit}>
        <Flex direction="column" gap="4">
          <SelectField {...field('model_id')} label="Device">
            <Options
              placeholder="Choose your device"
              options={models.map((model) => ({
                value: String(model.id),
                label: `${deviceName(model)} (${model.total_ports === 1 ? '1 port' : `${model.total_ports} ports`})`,
              }))}
            />
          </SelectField>
          <TextField
            {...field('mac_address')}
            label="MAC address"
            hint="12 characters, 0-9 and A-F, such as 00:1A:2B:3C:4D:5E"
            autoComplete="off"
            spellCheck={false}
            maxW="16rem"
          />
          <Flex gap="3" justify="flex-end" wrap="wrap">
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <SubmitButton pending={pending} pendingText="Adding" align="row" size="md">
              Add device
            </SubmitButton>
          </Flex>
        </Flex>
      </chakra.form>
    </>
  );
}

/** Assign a free port to a user (PATCH /api/v3/voip/{id}/hardware/assign/): the users not on the device yet. */
export function AssignPortDialog({
  productId,
  device,
  port,
  seats,
  onClose,
}: DialogBase & { device: HardwareDevice; port: number; seats: Seat[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const onDevice = new Set(device.ports.flatMap((p) => (p.user ? [p.user.id] : [])));
  const choices = seats.filter((seat) => !onDevice.has(seat.id));
  const { summary, summaryRef, submit, field, pending } = useForm({
    schema: AssignPortRequest,
    ids: { user_id: `${id}-user` },
    initial: { user_id: '' },
    toInput: (values) => ({
      device_id: device.id,
      port,
      user_id: values.user_id === '' ? undefined : Number(values.user_id),
    }),
    send: async (body) => {
      const saved = await assignPort(productId, body);
      await refreshDevices(queryClient, productId);
      const user = saved.ports.find((p) => p.port === port)?.user;
      toaster.create({
        type: 'success',
        title: `Port ${port} of the ${deviceName(device)} now rings ${user?.name ?? 'the user'}`,
      });
      onClose();
      return saved;
    },
  });
  return (
    <Dialog
      open
      title={`Assign port ${port} of the ${deviceName(device)}`}
      onClose={onClose}
      busy={pending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <SubmitButton
            pending={pending}
            pendingText="Assigning"
            align="row"
            size="md"
            form={`${id}-form`}
            disabled={choices.length === 0}
          >
            Assign port
          </SubmitButton>
        </>
      }
    >
      <ErrorSummary ref={summaryRef} errors={summary} />
      <chakra.form id={`${id}-form`} noValidate onSubmit={submit}>
        {choices.length === 0 ? (
          <Text>Every user of this phone already has a port on this device.</Text>
        ) : (
          <SelectField
            {...field('user_id')}
            label="User"
            hint="The desk phone rings them on this port; they sign in with their extension and PIN."
          >
            <Options
              placeholder="Choose a user"
              options={choices.map((seat) => ({
                value: String(seat.id),
                label: `${seat.name} (extension ${seat.extension})`,
              }))}
            />
          </SelectField>
        )}
      </chakra.form>
    </Dialog>
  );
}

/** A device's provisioning string with the shared copy button. */
export function ProvisioningDialog({ productId, device, onClose }: DialogBase & { device: HardwareDevice }) {
  const provisioning = useProvisioningString(productId, device.id);
  return (
    <Dialog
      open
      title={`Provisioning string for the ${deviceName(device)}`}
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {provisioning.isPending ? (
        <Loading label="Loading the provisioning string" />
      ) : provisioning.isError ? (
        <LoadError
          title="The provisioning string could not be loaded"
          error={provisioning.error}
          onRetry={() => void provisioning.refetch()}
          retrying={provisioning.isFetching}
        />
      ) : (
        <Stack gap="3">
          <Text>
            Type this into the phone’s web page as its provisioning (auto-configuration) server address. The phone then
            fetches its settings and rings the users on its ports. Keep it private: it is this device’s own.
          </Text>
          <Box
            borderWidth="1px"
            borderColor="border"
            rounded="md"
            p="3"
            fontFamily="mono"
            // A long address with no spaces: it breaks anywhere and starts at the left, on a phone too.
            css={{ '& button': { textAlign: 'start', wordBreak: 'break-all' } }}
            data-testid="provisioning-string"
          >
            <CopyButton value={provisioning.data} label="provisioning string" />
          </Box>
          <Text color="fg.muted">MAC address {device.mac_address}</Text>
        </Stack>
      )}
    </Dialog>
  );
}

/** Remove a device (DELETE .../hardware/{deviceId}) after confirming. */
export function DeleteDeviceDialog({ productId, device, onClose }: DialogBase & { device: HardwareDevice }) {
  const queryClient = useQueryClient();
  const removing = useMutation({
    mutationFn: async () => {
      await deleteDevice(productId, device.id);
      await refreshDevices(queryClient, productId);
    },
    onSuccess: () => {
      toaster.create({ type: 'success', title: `The ${deviceName(device)} (${device.mac_address}) has been removed` });
      onClose();
    },
  });
  const pending = removing.isPending;
  const error = removing.error ? userErrorText(removing.error) : null;
  const remove = () => removing.mutate();
  return (
    <Dialog
      open
      role="alertdialog"
      title={`Remove the ${deviceName(device)}?`}
      onClose={onClose}
      busy={pending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button colorPalette="red" loading={pending} loadingText="Removing" onClick={remove}>
            Remove device
          </Button>
        </>
      }
    >
      <Stack gap="2">
        <Text>
          The {deviceName(device)} ({device.mac_address}) stops ringing
          {device.assigned_ports > 0 ? ` ${device.ports.flatMap((p) => (p.user ? [p.user.name] : [])).join(', ')}` : ''}
          . Its users keep their extensions and apps. To use it again, add it by its MAC address.
        </Text>
        {error && (
          <Text role="alert" color="fg.error">
            {error}
          </Text>
        )}
      </Stack>
    </Dialog>
  );
}

/** Give a user a desk phone (POST /api/v1/voip/{id}/users/{userId}/hardwares/): the first free port of a device they are not on. */
export function GiveDeviceDialog({ productId, seat, onClose }: DialogBase & { seat: Seat }) {
  const available = useAvailableDevices(productId);
  return (
    <Dialog open title={`Give ${seat.name} a desk phone`} onClose={onClose}>
      {available.isPending ? (
        <Loading label="Loading the devices with a free port" />
      ) : available.isError ? (
        <LoadError
          title="The devices could not be loaded"
          error={available.error}
          onRetry={() => void available.refetch()}
          retrying={available.isFetching}
        />
      ) : (
        <GiveDeviceForm
          productId={productId}
          seat={seat}
          devices={available.data.filter((device) => !device.ports.some((port) => port.user?.id === seat.id))}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function GiveDeviceForm({ productId, seat, devices, onClose }: DialogBase & { seat: Seat; devices: HardwareDevice[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { summary, summaryRef, submit, field, pending } = useForm({
    schema: AssignUserDeviceRequest,
    ids: { device_id: `${id}-device` },
    initial: { device_id: '' },
    toInput: (values) => ({ device_id: values.device_id === '' ? undefined : Number(values.device_id) }),
    send: async (body) => {
      const saved = await assignUserDevice(productId, seat.id, body.device_id);
      await refreshDevices(queryClient, productId);
      const port = saved.ports.find((p) => p.user?.id === seat.id)?.port;
      toaster.create({
        type: 'success',
        title: `${seat.name} now has ${port === undefined ? 'a port' : `port ${port}`} of the ${deviceName(saved)}`,
      });
      onClose();
      return saved;
    },
  });
  if (devices.length === 0) {
    return (
      <Stack gap="4">
        <Text>No device has a free port for {seat.name}. Add a device, or free a port of one, on the Devices tab.</Text>
        <Flex justify="flex-end">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </Flex>
      </Stack>
    );
  }
  return (
    <>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <chakra.form noValidate onSubmit={submit}>
        <Flex direction="column" gap="4">
          <SelectField {...field('device_id')} label="Device" hint={`${seat.name} gets its first free port.`}>
            <Options
              placeholder="Choose a device"
              options={devices.map((device) => ({
                value: String(device.id),
                label: `${deviceName(device)} ${device.mac_address} (${device.free_ports} free)`,
              }))}
            />
          </SelectField>
          <Flex gap="3" justify="flex-end" wrap="wrap">
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <SubmitButton pending={pending} pendingText="Giving" align="row" size="md">
              Give a port
            </SubmitButton>
          </Flex>
        </Flex>
      </chakra.form>
    </>
  );
}
