import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useStore } from 'zustand';

import { PIN_LENGTH, PinWithConfirmation, type GettingStarted, type GettingStartedDetails } from '@portal/contract';

import { Checkbox } from '../../../components/checkbox.tsx';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { brand } from '../../../config/brand.ts';
import * as paths from '../../../config/paths.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  AddressFinder,
  isCompleteAddress,
  missingFieldsText,
  patchEmergencyContactDetails,
} from '../../emergency-address/index.ts';
import { navigationQueryOptions } from '../../navigation/index.ts';
import {
  GETTING_STARTED_LIST_KEY,
  postGettingStartedComplete,
  postGettingStartedPin,
  putGettingStartedUsers,
} from '../api/getting-started-calls.ts';
import {
  createGettingStartedController,
  stepTitles,
  type GettingStartedController,
} from '../getting-started-controller.ts';
import { StepProgress } from './step-progress.tsx';

export const gettingStartedText = {
  title: 'Getting started',
  // The product by its kind ("your cloud phone"): its detail ("Cloud phone - 3 users") is a label, not words for a sentence.
  intro: `Three quick steps and your ${brand.productName.toLowerCase()} phone is ready to use.`,
  usersLegend: 'Who will use this phone?',
  usersHint: 'Each person you choose can make and take calls on the phone apps and desk phones.',
  extension: (extension: string) => `Extension ${extension}`,
  noUsers: 'This phone has no users yet. Call us and we will add them.',
  pinIntro: 'Your users sign in to the phone apps and desk phones with their extension and this PIN.',
  pinRules: `${PIN_LENGTH} digits. Not a run like 123456, and not a repeat like 555555.`,
  pinKept: 'Your users have their PIN already. Continue to keep it, or set a new one.',
  pin: 'PIN',
  pinConfirmation: 'Confirm PIN',
  keepPin: 'Keep the PIN',
  addressIntro: 'This is where your phone is installed. The emergency services are sent here if someone dials 999.',
  addressQuestion: 'Is this address right?',
  addressNone: 'Find the address where your phone is installed.',
  addressIncomplete: (missing: string) => `Your installation address has no ${missing}. Add it to confirm the address.`,
  confirm: 'Confirm address',
  change: 'Change the address',
  keepAddress: 'Keep the address shown before',
  failed: 'That did not work',
  next: 'Next',
  back: 'Back',
  saving: 'Saving',
  doneText: 'Your users, their PIN and the installation address are saved. Your phone is ready to use.',
  home: 'Go to home',
} as const;

/** The getting-started steps over a controller (getting-started-controller.ts) for one product. */
export function GettingStartedFlow({ details }: { details: GettingStartedDetails }) {
  const queryClient = useQueryClient();
  const productId = details.product_id;
  const [controller] = useState(() =>
    createGettingStartedController({
      details,
      api: {
        saveUsers: (ids) => putGettingStartedUsers(productId, ids),
        setPin: (body) => postGettingStartedPin(productId, body),
        saveAddress: (address) => patchEmergencyContactDetails(productId, address),
        complete: () => postGettingStartedComplete(productId),
        completed: () => {
          // The product leaves the list at once, so home does not send the customer back here.
          queryClient.setQueryData<GettingStarted>(
            GETTING_STARTED_LIST_KEY,
            (current) =>
              current && {
                getting_started_product_ids: current.getting_started_product_ids.filter((id) => id !== productId),
              },
          );
          void queryClient.invalidateQueries({ queryKey: GETTING_STARTED_LIST_KEY });
          void queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey });
          void queryClient.invalidateQueries({ queryKey: ['getting-started', productId] });
        },
        errorText: userErrorText,
      },
    }),
  );
  useEffect(() => () => controller.dispose(), [controller]);
  const step = useStore(controller.state, (state) => state.step);
  const loading = useStore(controller.state, (state) => state.loading);
  usePageTitle(`${stepTitles[step]} - ${gettingStartedText.title}`);

  // Each new step's heading takes the focus, so keyboard and screen reader users start there.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  return (
    <Box>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="2">
        {gettingStartedText.title}
      </Heading>
      <Text color="fg.muted" mb="6">
        {gettingStartedText.intro}
      </Text>
      <StepProgress step={step} loading={loading} />
      <Heading as="h2" size="xl" mb="4" ref={headingRef} tabIndex={-1} outline="none">
        {stepTitles[step]}
      </Heading>
      {step === 'users' && <UsersStep controller={controller} details={details} />}
      {step === 'pin' && <PinStep controller={controller} />}
      {step === 'address' && <AddressStep controller={controller} />}
      {step === 'done' && <DoneStep controller={controller} />}
    </Box>
  );
}

function BackButton({ controller }: { controller: GettingStartedController }) {
  const busy = useStore(controller.state, (state) => state.busy);
  return (
    <Button variant="outline" size="lg" onClick={() => controller.back()} disabled={busy}>
      {gettingStartedText.back}
    </Button>
  );
}

function Buttons({ children }: { children: React.ReactNode }) {
  return (
    <Flex direction={{ base: 'column-reverse', sm: 'row' }} gap="3" mt="6" align={{ base: 'stretch', sm: 'center' }}>
      {children}
    </Flex>
  );
}

function UsersStep({ controller, details }: { controller: GettingStartedController; details: GettingStartedDetails }) {
  const id = useId();
  const { chosen, usersError, busy, failure } = useStore(controller.state);
  const errorId = `${id}-error`;
  const errorRef = useRef<HTMLParagraphElement>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void controller.submitUsers().then(() => {
      if (controller.state.getState().usersError)
        document.getElementById(`${id}-user-${details.users[0]?.id ?? ''}`)?.focus();
    });
  };
  if (details.users.length === 0) return <Text>{gettingStartedText.noUsers}</Text>;
  return (
    <form noValidate onSubmit={submit} aria-label={stepTitles.users}>
      <FormAlert message={failure} />
      <chakra.fieldset
        border="0"
        p="0"
        m="0"
        mt={failure ? '4' : '0'}
        aria-describedby={usersError ? errorId : undefined}
      >
        <chakra.legend fontWeight="semibold" fontSize="lg" mb="1">
          {gettingStartedText.usersLegend}
        </chakra.legend>
        <Text color="fg.muted" mb="3">
          {gettingStartedText.usersHint}
        </Text>
        {usersError && (
          <chakra.p ref={errorRef} id={errorId} color="fg.error" fontWeight="semibold" mb="2">
            <chakra.span srOnly>Error: </chakra.span>
            {usersError}
          </chakra.p>
        )}
        <Flex
          direction="column"
          gap="3"
          borderInlineStartWidth={usersError ? '4px' : '0'}
          borderInlineStartColor="border.error"
          ps={usersError ? '4' : '0'}
        >
          {details.users.map((user) => (
            <Checkbox
              key={user.id}
              id={`${id}-user-${user.id}`}
              label={`${user.first_name} ${user.last_name}`.trim() || user.email}
              hint={`${gettingStartedText.extension(user.extension)} · ${user.email}`}
              checked={chosen.includes(user.id)}
              onChange={() => controller.toggleUser(user.id)}
              disabled={busy}
            />
          ))}
        </Flex>
      </chakra.fieldset>
      <Buttons>
        <SubmitButton pending={busy} pendingText={gettingStartedText.saving} align="row">
          {gettingStartedText.next}
        </SubmitButton>
      </Buttons>
    </form>
  );
}

function PinStep({ controller }: { controller: GettingStartedController }) {
  const id = useId();
  const { pinSet, busy } = useStore(controller.state);
  const { summaryRef, summary, submit, field, pending } = useForm({
    schema: PinWithConfirmation,
    ids: { pin: `${id}-pin`, pin_confirmation: `${id}-pin-confirmation` },
    initial: { pin: '', pin_confirmation: '' },
    validate: 'after-submit',
    send: (body) => controller.submitPin(body),
  });
  return (
    <>
      <Text mb="4">{pinSet ? gettingStartedText.pinKept : gettingStartedText.pinIntro}</Text>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <form noValidate onSubmit={submit} aria-label={stepTitles.pin}>
        <Flex direction="column" gap="5">
          <TextField
            {...field('pin')}
            label={gettingStartedText.pin}
            hint={gettingStartedText.pinRules}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={PIN_LENGTH * 2}
            maxW="12rem"
          />
          <TextField
            {...field('pin_confirmation')}
            label={gettingStartedText.pinConfirmation}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={PIN_LENGTH * 2}
            maxW="12rem"
          />
        </Flex>
        <Buttons>
          <BackButton controller={controller} />
          <SubmitButton pending={pending || busy} pendingText={gettingStartedText.saving} align="row">
            {gettingStartedText.next}
          </SubmitButton>
          {pinSet && (
            <Button
              variant="plain"
              colorPalette="brand"
              textDecoration="underline"
              onClick={() => controller.keepPin()}
              disabled={busy}
            >
              {gettingStartedText.keepPin}
            </Button>
          )}
        </Buttons>
      </form>
    </>
  );
}

function AddressStep({ controller }: { controller: GettingStartedController }) {
  const id = useId();
  const { address, changingAddress, busy, failure } = useStore(controller.state);
  // A held address without a field the spec requires (spec 000 section 5) is completed, not sent to be refused.
  const held = address && {
    post_code: address.post_code,
    line_one: address.line_one,
    line_two: address.line_two,
    city: address.city,
    county: address.county,
  };
  const incomplete = held !== null && !isCompleteAddress(held) ? held : null;
  return (
    <>
      <Text mb="4">{gettingStartedText.addressIntro}</Text>
      <FormAlert message={failure && `${gettingStartedText.failed}: ${failure}`} />
      <Box mt={failure ? '4' : '0'}>
        {changingAddress ? (
          <>
            {address === null && <Text mb="4">{gettingStartedText.addressNone}</Text>}
            {incomplete && (
              <Text mb="4" role="status">
                {gettingStartedText.addressIncomplete(missingFieldsText(incomplete))}
              </Text>
            )}
            <AddressFinder
              idPrefix={id}
              saving={busy}
              complete={incomplete ?? undefined}
              onSave={(changed) => void controller.confirmAddress(changed)}
              extraAction={
                address === null ? (
                  <BackButton controller={controller} />
                ) : (
                  <Button variant="outline" size="lg" onClick={() => controller.changeAddress(false)} disabled={busy}>
                    {gettingStartedText.keepAddress}
                  </Button>
                )
              }
            />
          </>
        ) : (
          <form
            noValidate
            aria-label={stepTitles.address}
            onSubmit={(event) => {
              event.preventDefault();
              if (incomplete) controller.changeAddress(true);
              else void controller.confirmAddress();
            }}
          >
            <Text fontWeight="semibold" mb="2">
              {gettingStartedText.addressQuestion}
            </Text>
            <Box
              as="address"
              fontStyle="normal"
              borderWidth="1px"
              borderColor="border"
              rounded="md"
              p="4"
              mb="2"
              data-testid="installation-address"
            >
              {[address?.line_one, address?.line_two, address?.city, address?.county, address?.post_code]
                .filter((line) => line)
                .map((line) => (
                  <Text key={line}>{line}</Text>
                ))}
            </Box>
            <Buttons>
              <BackButton controller={controller} />
              <SubmitButton pending={busy} pendingText={gettingStartedText.saving} align="row">
                {gettingStartedText.confirm}
              </SubmitButton>
              <Button
                variant="plain"
                colorPalette="brand"
                textDecoration="underline"
                onClick={() => controller.changeAddress(true)}
                disabled={busy}
              >
                {gettingStartedText.change}
              </Button>
            </Buttons>
          </form>
        )}
      </Box>
    </>
  );
}

function DoneStep({ controller }: { controller: GettingStartedController }) {
  const loading = useStore(controller.state, (state) => state.loading);
  return (
    <>
      <Text mb="6" fontSize="lg">
        {gettingStartedText.doneText}
      </Text>
      {/* type={undefined}: Button would put type="button" on the link. Busy until the loading flag clears. */}
      {loading ? (
        <Button colorPalette="brand" size="lg" loading loadingText={gettingStartedText.home} />
      ) : (
        <Button asChild colorPalette="brand" size="lg" type={undefined}>
          <RouterLink to={paths.index.build()}>{gettingStartedText.home}</RouterLink>
        </Button>
      )}
    </>
  );
}
