import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import type { HardwareDevice, HardwarePort, Seat } from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import * as paths from '../../../config/paths.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { useFreePort } from '../api/free-port.ts';
import { refreshDevices, useDevices } from '../api/hardware-api.ts';
import { useSeats } from '../api/users-api.ts';
import {
  AddDeviceDialog,
  AssignPortDialog,
  DeleteDeviceDialog,
  deviceName,
  GiveDeviceDialog,
  ProvisioningDialog,
} from './device-dialogs.tsx';

type Open =
  | { kind: 'add' }
  | { kind: 'assign'; device: HardwareDevice; port: number }
  | { kind: 'provisioning'; device: HardwareDevice }
  | { kind: 'delete'; device: HardwareDevice }
  | null;

const portsText = (count: number) => (count === 1 ? '1 port' : `${count} ports`);

/** Users and devices, Devices (spec 001 section 7 "Hardware"): each device with its ports, who is on each, and its actions. */
export function DevicesTab({ productId }: { productId: number }) {
  const devices = useDevices(productId);
  const seats = useSeats(productId);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  if (devices.isPending || seats.isPending) return <Loading label="Loading your devices" />;
  if (devices.isError || seats.isError) {
    return (
      <LoadError
        title="Your devices could not be loaded"
        error={devices.error ?? seats.error}
        onRetry={() => void Promise.all([devices.refetch(), seats.refetch()])}
        retrying={devices.isFetching || seats.isFetching}
      />
    );
  }
  return (
    <Flex direction="column" gap="5">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Text color="fg.muted" flex="1" minW="16rem">
          Desk phones and adapters: each port rings one user. Bring your own by adding it with its MAC address.
        </Text>
        <Button colorPalette="brand" onClick={() => setOpen({ kind: 'add' })}>
          Add a device
        </Button>
      </Flex>
      {devices.data.length === 0 ? (
        <Text>No devices yet. Add your desk phone by its MAC address, then give each of its ports to a user.</Text>
      ) : (
        <Box as="ul" display="flex" flexDirection="column" gap="3" aria-label="Devices">
          {devices.data.map((device) => (
            <DeviceCard
              key={device.id}
              productId={productId}
              device={device}
              onAssign={(port) => setOpen({ kind: 'assign', device, port })}
              onProvisioning={() => setOpen({ kind: 'provisioning', device })}
              onDelete={() => setOpen({ kind: 'delete', device })}
            />
          ))}
        </Box>
      )}
      {open?.kind === 'add' && (
        <AddDeviceDialog
          productId={productId}
          onClose={close}
          onAdded={(device) => setOpen({ kind: 'provisioning', device })}
        />
      )}
      {open?.kind === 'assign' && (
        <AssignPortDialog
          productId={productId}
          device={open.device}
          port={open.port}
          seats={seats.data}
          onClose={close}
        />
      )}
      {open?.kind === 'provisioning' && (
        <ProvisioningDialog productId={productId} device={open.device} onClose={close} />
      )}
      {open?.kind === 'delete' && <DeleteDeviceDialog productId={productId} device={open.device} onClose={close} />}
    </Flex>
  );
}

interface DeviceCardProps {
  productId: number;
  device: HardwareDevice;
  onAssign: (port: number) => void;
  onProvisioning: () => void;
  onDelete: () => void;
}

/** One device: make and model, MAC address, its ports with their users, and its actions. */
function DeviceCard({ productId, device, onAssign, onProvisioning, onDelete }: DeviceCardProps) {
  const name = deviceName(device);
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderColor="border" rounded="md" p="4" data-testid="device">
      <Flex justify="space-between" gap="3" wrap="wrap" mb="2">
        <Heading as="h3" size="md">
          {name}
        </Heading>
        <Text as="span" color="fg.muted">
          {device.free_ports === 0 ? 'Every port in use' : `${portsText(device.free_ports)} free`}
        </Text>
      </Flex>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: '9rem 1fr' }} columnGap="4" rowGap="1" mb="3">
        <Text as="dt" color="fg.muted">
          MAC address
        </Text>
        <Text as="dd" fontFamily="mono" mb={{ base: '2', sm: '0' }}>
          {device.mac_address}
        </Text>
        <Text as="dt" color="fg.muted">
          Ports
        </Text>
        <Text as="dd">
          {portsText(device.total_ports)}: {device.assigned_ports} in use, {device.free_ports} free
        </Text>
      </Box>
      <Box as="ul" aria-label={`Ports of the ${name}`} display="flex" flexDirection="column" gap="2" mb="3">
        {device.ports.map((port) => (
          <PortRow
            key={port.port}
            productId={productId}
            device={device}
            port={port}
            onAssign={() => onAssign(port.port)}
          />
        ))}
      </Box>
      <Flex gap="2" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          onClick={onProvisioning}
          aria-label={`Provisioning string of the ${name} ${device.mac_address}`}
        >
          Provisioning string
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={onDelete}
          aria-label={`Remove the ${name} ${device.mac_address}`}
        >
          Remove
        </Button>
      </Flex>
    </Box>
  );
}

/** One port: its user and "Free", or "Free" and "Assign". */
function PortRow({
  productId,
  device,
  port,
  onAssign,
}: {
  productId: number;
  device: HardwareDevice;
  port: HardwarePort;
  onAssign: () => void;
}) {
  const queryClient = useQueryClient();
  const free = useFreePort(productId);
  const name = deviceName(device);
  const freeIt = async () => {
    try {
      await free.mutateAsync({ deviceId: device.id, port: port.port });
      await refreshDevices(queryClient, productId);
      toaster.create({ type: 'success', title: `Port ${port.port} of the ${name} is free` });
    } catch (error) {
      toaster.create({ type: 'error', title: 'The port was not freed', description: userErrorText(error) });
    }
  };
  return (
    <Flex
      as="li"
      listStyleType="none"
      align="center"
      justify="space-between"
      gap="3"
      wrap="wrap"
      borderTopWidth="1px"
      borderColor="border"
      pt="2"
      data-testid="port"
    >
      <Text>
        <Text as="span" fontWeight="semibold">
          Port {port.port}:
        </Text>{' '}
        {port.user ? `${port.user.name} (extension ${port.user.extension})` : 'Free'}
      </Text>
      {port.user ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void freeIt()}
          loading={free.isPending}
          loadingText="Freeing"
          aria-label={`Free port ${port.port} of the ${name} (${port.user.name})`}
        >
          Free port
        </Button>
      ) : (
        <Button size="sm" variant="outline" onClick={onAssign} aria-label={`Assign port ${port.port} of the ${name}`}>
          Assign
        </Button>
      )}
    </Flex>
  );
}

/** The devices a user is on (their own page): the device, the port and its MAC address; and giving them one. */
export function SeatDevices({ productId, seat }: { productId: number; seat: Seat }) {
  const devices = useDevices(productId);
  const [giving, setGiving] = useState(false);
  if (devices.isPending) return <Loading label="Loading their devices" />;
  if (devices.isError)
    return (
      <LoadError
        title="Their devices could not be loaded"
        error={devices.error}
        onRetry={() => void devices.refetch()}
        retrying={devices.isFetching}
      />
    );
  const theirs = devices.data.flatMap((device) =>
    device.ports.filter((port) => port.user?.id === seat.id).map((port) => ({ device, port: port.port })),
  );
  const devicesTab = paths.usersDevices.build({ id: productId }, { tab: 'devices' });
  return (
    <Flex direction="column" gap="3">
      {theirs.length === 0 ? (
        <Text>{seat.name} has no desk phone. They can use the apps, or be given a port of one.</Text>
      ) : (
        <Box as="ul" aria-label={`Devices of ${seat.name}`} display="flex" flexDirection="column" gap="1" ps="0">
          {theirs.map(({ device, port }) => (
            <Text as="li" key={`${device.id}-${port}`} listStyleType="none">
              {deviceName(device)}, port {port} (MAC address {device.mac_address})
            </Text>
          ))}
        </Box>
      )}
      <Flex gap="3" align="center" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => setGiving(true)}>
          Give a desk phone
        </Button>
        <Link asChild colorPalette="brand" textDecoration="underline">
          <RouterLink to={devicesTab}>Manage devices</RouterLink>
        </Link>
      </Flex>
      {giving && <GiveDeviceDialog productId={productId} seat={seat} onClose={() => setGiving(false)} />}
    </Flex>
  );
}
