import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { DivertInput, FORWARD_TYPE_LABELS, phoneDisplay, type Forwarding } from '@portal/contract';

import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { LoadError, Loading } from '../../../components/states.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePutForwarding } from '../api/put-forwarding.ts';
import { useRemoveDivert } from '../api/remove-divert.ts';
import { setDivert, settingsKeys, useDivert, useForwardings } from '../api/settings-api.ts';

/** Phone setup, Temporary divert: every call to another UK number for a while, and the forwardings. */
export function TemporaryDivertTab({ productId }: { productId: number }) {
  const queryClient = useQueryClient();
  const divert = useDivert(productId);
  const remove = useRemoveDivert(productId);
  const { submit, formError, summaryRef, field, pending } = useForm({
    schema: DivertInput,
    ids: { destination: 'divert-destination' },
    initial: { destination: '' },
    focus: 'field',
    send: async (body) => {
      const destination = await setDivert(productId, body.destination);
      queryClient.setQueryData(settingsKeys.divert(productId), destination);
      toaster.create({ type: 'success', title: `Calls are now diverted to ${phoneDisplay(String(destination))}` });
      return destination;
    },
    onSaved: () => ({ destination: '' }),
  });

  const turnOff = async () => {
    try {
      await remove.mutateAsync();
      toaster.create({ type: 'success', title: 'The divert is off: calls ring as usual' });
    } catch (error) {
      toaster.create({ type: 'error', title: 'The divert is still on', description: userErrorText(error) });
    }
  };

  return (
    <Flex direction="column" gap="8">
      <Box as="section" aria-labelledby="divert-heading">
        <Heading as="h2" id="divert-heading" size="lg" mb="1">
          Temporary divert
        </Heading>
        <Text color="fg.muted" mb="4">
          Send every call to another UK number for a while, for example while the office is closed for a move. Your call
          flows are kept for when you turn it off.
        </Text>
        {divert.isPending ? (
          <Loading label="Loading your divert" />
        ) : divert.isError ? (
          <LoadError
            title="Your divert could not be loaded"
            error={divert.error}
            onRetry={() => void divert.refetch()}
            retrying={divert.isFetching}
          />
        ) : (
          <Box borderWidth="1px" rounded="md" p="4" mb="4" role="status" aria-label="Divert status">
            {divert.data === false ? (
              <Text>Calls are not diverted: they follow your call flows.</Text>
            ) : (
              <Flex
                gap="3"
                align={{ base: 'stretch', md: 'center' }}
                direction={{ base: 'column', md: 'row' }}
                justify="space-between"
              >
                <Text>
                  Every call is diverted to <strong>{phoneDisplay(divert.data)}</strong>.
                </Text>
                <Button variant="outline" colorPalette="red" onClick={() => void turnOff()} loading={remove.isPending}>
                  Turn off the divert
                </Button>
              </Flex>
            )}
          </Box>
        )}
        <chakra.form onSubmit={submit} noValidate aria-label="Divert calls">
          <Flex direction="column" gap="4" maxW="md">
            <TextField
              {...field('destination')}
              label={divert.data ? 'Divert to a different number' : 'Divert every call to'}
              hint="A UK landline or mobile number, like 01632 960123 or 07700 900123."
              type="tel"
              autoComplete="tel"
            />
            <FormAlert ref={summaryRef} message={formError} />
            <SubmitButton pending={pending} size="md" align="start">
              Divert calls
            </SubmitButton>
          </Flex>
        </chakra.form>
      </Box>
      <ForwardingsSection productId={productId} divertTo={divert.data} />
    </Flex>
  );
}

/**
 * The forwardings beside the divert. While a divert is on, no call rings as usual, whatever the
 * forwardings say: the section says where calls go instead of contradicting the divert above it.
 */
function ForwardingsSection({ productId, divertTo }: { productId: number; divertTo: string | false | undefined }) {
  const forwardings = useForwardings(productId);
  if (forwardings.isPending) return <Loading label="Loading your call forwarding" />;
  if (forwardings.isError)
    return (
      <LoadError
        title="Your call forwarding could not be loaded"
        error={forwardings.error}
        onRetry={() => void forwardings.refetch()}
        retrying={forwardings.isFetching}
      />
    );
  const current = forwardings.data.results.find((f) => f.activated && f.forwardType === 'NA' && f.isEditable);
  const diverted = typeof divertTo === 'string' && divertTo !== '' ? phoneDisplay(divertTo) : null;
  const noneSet = diverted
    ? `No call forwarding is set, and while the divert is on every call goes to ${diverted}.`
    : 'No call forwarding is set: calls ring as usual.';
  const noneSetNow = diverted
    ? `None is set now; while the divert is on every call goes to ${diverted}.`
    : 'None is set now: calls ring as usual.';
  return (
    <Box as="section" aria-labelledby="forwarding-heading">
      <Heading as="h2" id="forwarding-heading" size="lg" mb="1">
        Call forwarding
      </Heading>
      {!forwardings.data.advanced_call_forward ? (
        <Text color="fg.muted">{current ? noneSet : 'Call forwarding is set up for you by our team.'}</Text>
      ) : (
        <>
          <Text color="fg.muted" mb="3">
            Forward calls in some situations only. {current ? noneSetNow : ''}
          </Text>
          <chakra.ul listStyleType="none" borderWidth="1px" rounded="md" aria-label="Call forwardings">
            {forwardings.data.results
              .filter((f) => f.forwardType !== 'NA')
              .map((f) => (
                <ForwardingRow key={f.id} productId={productId} forwarding={f} />
              ))}
          </chakra.ul>
        </>
      )}
    </Box>
  );
}

function ForwardingRow({ productId, forwarding }: { productId: number; forwarding: Forwarding }) {
  const [number, setNumber] = useState(forwarding.destination ?? '');
  const save = usePutForwarding(productId, forwarding.id);
  const label = FORWARD_TYPE_LABELS[forwarding.forwardType];
  const run = async (activated: boolean) => {
    try {
      await save.mutateAsync({ activated, destination: number.trim() === '' ? null : number });
      toaster.create({
        type: 'success',
        title: activated ? `Calls are forwarded ${label.toLowerCase()}` : `Forwarding ${label.toLowerCase()} is off`,
      });
    } catch {
      // save.error shows under the row
    }
  };
  const id = `forwarding-${forwarding.id}`;
  return (
    <chakra.li p="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Flex gap="3" wrap="wrap" align="end">
        <Box flex="1" minW="14rem">
          <TextField
            id={id}
            label={`${label}: forward to`}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            disabled={!forwarding.isEditable}
            error={save.error ? userErrorText(save.error) : undefined}
            type="tel"
          />
        </Box>
        {forwarding.activated ? (
          <Button
            variant="outline"
            onClick={() => void run(false)}
            loading={save.isPending}
            disabled={!forwarding.isEditable}
          >
            Turn off
          </Button>
        ) : (
          <Button
            colorPalette="brand"
            onClick={() => void run(true)}
            loading={save.isPending}
            disabled={!forwarding.isEditable}
          >
            Turn on
          </Button>
        )}
      </Flex>
      <Text mt="1" color="fg.muted">
        {forwarding.activated ? `On: forwarding to ${phoneDisplay(forwarding.destination ?? '')}` : 'Off'}
      </Text>
    </chakra.li>
  );
}
