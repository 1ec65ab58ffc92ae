import { Box, Button, chakra, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { InstallationAddressInput, UkPostcode, type AddressLookupResult } from '@portal/contract';
import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { Loading } from '../../../components/states.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { brand } from '../../../config/brand.ts';
import { helpPhone } from '../../../config/help-phone.ts';
import { track } from '../../../lib/analytics.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { useAddressLookup } from '../api/get-address-lookup.ts';
import { useSaveEmergencyAddress } from '../api/patch-emergency-contact-details.ts';
import {
  MANUAL_ADDRESS_FIELDS,
  noResultsMessage,
  POSTCODE_SEARCH_DELAY_MS,
  searchablePostcode,
  SELECT_ADDRESS_MESSAGE,
  type ManualAddress,
  type ManualAddressField,
} from '../rules.ts';
import { FullScreenDialog } from './full-screen-dialog.tsx';

export const emergencyAddressText = {
  greeting: (name: string) => `Hey ${name || 'there'} - Finish your set up`,
  regulator:
    'Ofcom, the UK communications regulator, requires us to hold the address where your phone is used, so that the emergency services can find you if you dial 999. Until you give us this address, some features of your phone are limited.',
  searchForm: 'Find your business address',
  postcode: 'Postcode',
  postcodeHint: 'For example, LS11 5PZ',
  select: 'Select business address',
  finding: 'Finding addresses',
  found: (count: number) => (count === 1 ? '1 address found' : `${count} addresses found`),
  lookupFailed: 'The addresses could not be found',
  manualLink: 'Enter the address manually',
  manualForm: 'Enter the address manually',
  searchAgain: 'Find the address by postcode instead',
  lineOne: 'Address line 1',
  lineTwo: 'Address line 2',
  optional: 'Optional',
  city: 'Town/City',
  county: 'County',
  continue: 'Continue',
  saving: 'Saving',
  saveFailed: 'Your emergency address could not be saved',
  logout: 'Logout',
  logoutFailed: 'You could not be signed out',
  admin: 'Admin',
  help: 'Need help? Call us on',
} as const;

export interface EmergencyAddressDialogProps {
  /** The buy-now cloud phone the address is for. */
  productId: number;
  /** The signed-in person's first name, for the greeting. */
  firstName: string;
  /** Signs out; rejects when the server refuses, and the dialog says so. */
  onLogout: () => Promise<void>;
  /** Opens the admin dialog; the Admin button shows only when given (the manage-other-users role). */
  onAdmin?: () => void;
}

const PostcodeSearch = z.object({ postcode: UkPostcode });

const emptyManual: ManualAddress = { post_code: '', line_one: '', line_two: '', city: '', county: '' };

/** A failure said in words, at the top of the dialog, with what failed first. */
function ErrorAlert({ title, message }: { title: string; message: string }) {
  return (
    <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4" mb="6">
      <Text fontWeight="semibold" color="fg.error" mb="1">
        {title}
      </Text>
      <Text overflowWrap="anywhere">{message}</Text>
    </Box>
  );
}

interface AddressSelectProps {
  id: string;
  results: readonly AddressLookupResult[];
  value: string;
  error?: string;
  onChange: (id: string) => void;
}

/** The found addresses as a native select (keyboard and screen readers know it), labelled "Select business address". */
const AddressSelect = forwardRef<HTMLSelectElement, AddressSelectProps>(function AddressSelect({ id, results, value, error, onChange }, ref) {
  const errorId = `${id}-error`;
  return (
    <Box borderInlineStartWidth={error ? '4px' : '0'} borderInlineStartColor="border.error" ps={error ? '4' : '0'}>
      <chakra.label htmlFor={id} display="block" fontWeight="semibold" mb="1">
        {emergencyAddressText.select}
      </chakra.label>
      {error && (
        <chakra.p id={errorId} color="fg.error" fontWeight="semibold" mb="1">
          <chakra.span srOnly>Error: </chakra.span>
          {error}
        </chakra.p>
      )}
      <chakra.select
        ref={ref}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete="off"
        w="full"
        h="12"
        px="3"
        bg="bg"
        borderWidth="2px"
        borderColor={error ? 'border.error' : 'gray.700'}
        rounded="md"
        focusVisibleRing="outside"
      >
        <option value="">{emergencyAddressText.found(results.length)}</option>
        {results.map((address) => (
          <option key={address.id} value={address.id}>
            {address.summary_line}
          </option>
        ))}
      </chakra.select>
    </Box>
  );
});

/** The address a chosen lookup result stands for, as the installation address is sent. */
const fromResult = (address: AddressLookupResult): InstallationAddressInput => ({
  post_code: address.post_code,
  line_one: address.line_one,
  line_two: address.line_two,
  city: address.city,
  county: address.county,
});

/**
 * The emergency-address dialog (spec 000 sections 2, 4 and 5): over the whole screen, not
 * dismissible, until a buy-now cloud phone has its installation address. A valid postcode is
 * looked up once typing pauses; the person chooses one of the addresses found, or enters the
 * address by hand. A failed save keeps everything typed and shows the server's words.
 */
export function EmergencyAddressDialog({ productId, firstName, onLogout, onAdmin }: EmergencyAddressDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const introId = `${id}-intro`;
  const fieldId = (name: string) => `${id}-${name}`;

  const [manual, setManual] = useState(false);
  // The postcode's message shows once it is touched (left, or Continue), as the spec's rules say.
  const {
    values: searchValues,
    field: searchField,
    submit: submitSearch,
  } = useForm({
    schema: PostcodeSearch,
    ids: { postcode: fieldId('postcode') },
    initial: { postcode: '' },
    validate: 'touched',
    focus: 'field',
    send: () => continueSearch(),
  });
  const postcode = searchValues.postcode;
  const [selectedId, setSelectedId] = useState('');
  const [selectTouched, setSelectTouched] = useState(false);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  const postcodeRef = useRef<HTMLInputElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  // The search runs once the postcode is valid and typing has paused, and not while entering the address by hand.
  const candidate = manual ? null : searchablePostcode(postcode);
  const [searched, setSearched] = useState<string | null>(null);
  useEffect(() => {
    if (candidate === null) return;
    const timer = window.setTimeout(() => setSearched(candidate), POSTCODE_SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [candidate]);
  const active = candidate !== null && searched === candidate ? candidate : null;
  const lookup = useAddressLookup(active);
  const results = active !== null ? lookup.data?.results : undefined;
  // Spec 000 section 7: address searches and their errors are tracked.
  const outcome = active === null ? null : lookup.isError ? 'error' : results ? String(results.length) : null;
  useEffect(() => {
    if (active === null || outcome === null) return;
    if (outcome === 'error') track('Address search failed', { postcode: active, error: userErrorText(lookup.error) });
    else track('Address search', { postcode: active, results: Number(outcome) });
  }, [active, outcome, lookup.error]);
  const chosen = results?.find((address) => address.id === selectedId);

  const save = useSaveEmergencyAddress(productId);
  const busy = save.isPending || signingOut;

  useEffect(() => {
    if (failure) alertRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failure]);

  const send = (address: InstallationAddressInput) => {
    setFailure(null);
    save.mutate(address, {
      // Spec: on failure the dialog stays open; what was typed stays too.
      onError: (error) => {
        const message = userErrorText(error);
        track('Emergency address update failed', { error: message });
        setFailure({ title: emergencyAddressText.saveFailed, message });
      },
    });
  };

  /** Continue with a valid postcode: look it up now, or ask for an address from the results, or save the one chosen. */
  const continueSearch = () => {
    if (busy || candidate === null) return;
    // Continue before the pause is over looks the postcode up at once.
    if (active === null) {
      setSearched(candidate);
      return;
    }
    if (!results) return; // still looking, or the lookup failed and says so
    if (results.length === 0) {
      postcodeRef.current?.focus();
      return;
    }
    if (!chosen) {
      setSelectTouched(true);
      selectRef.current?.focus();
      return;
    }
    send(fromResult(chosen));
  };

  // Messages show from the first Continue, then follow what is typed (spec 000 section 5's rules, from the contract).
  const manualForm = useForm({
    schema: InstallationAddressInput,
    ids: Object.fromEntries(MANUAL_ADDRESS_FIELDS.map((field) => [field, fieldId(field)])) as Record<ManualAddressField, string>,
    initial: emptyManual,
    validate: 'after-submit',
    focus: 'field',
    send: (address) => {
      if (!busy) send(address);
    },
  });

  const enterManually = () => {
    setManual(true);
    setFailure(null);
    // What was typed in the search carries over.
    if (manualForm.values.post_code === '') manualForm.setValue('post_code', postcode.trim());
    window.setTimeout(() => document.getElementById(fieldId('post_code'))?.focus(), 0);
  };
  const searchAgain = () => {
    setManual(false);
    setFailure(null);
    window.setTimeout(() => postcodeRef.current?.focus(), 0);
  };

  const logout = () => {
    setFailure(null);
    setSigningOut(true);
    onLogout().then(
      () => setSigningOut(false),
      (error: unknown) => {
        setSigningOut(false);
        setFailure({ title: emergencyAddressText.logoutFailed, message: userErrorText(error) });
      },
    );
  };

  const postcodeField = searchField('postcode');
  const manualField = (field: Exclude<ManualAddressField, 'line_two'>, label: string, autoComplete: string) => (
    <TextField {...manualForm.field(field)} label={label} autoComplete={autoComplete} />
  );

  return (
    <FullScreenDialog labelledBy={titleId} describedBy={introId} initialFocus={postcodeRef} busy={busy}>
      <Flex direction="column" minH="full">
        <Flex align="center" justify="space-between" gap="3" px={{ base: '4', lg: '6' }} py="3" borderBottomWidth="1px" borderColor="border">
          <Text fontWeight="bold" fontSize="lg">
            {brand.portalName}
          </Text>
          <Flex gap="2">
            {onAdmin && (
              <Button variant="ghost" onClick={onAdmin} disabled={busy}>
                {emergencyAddressText.admin}
              </Button>
            )}
            <Button variant="outline" onClick={logout} loading={signingOut} loadingText={emergencyAddressText.logout} disabled={save.isPending}>
              {emergencyAddressText.logout}
            </Button>
          </Flex>
        </Flex>

        <Box flex="1" w="full" maxW="40rem" mx="auto" px={{ base: '4', lg: '6' }} py={{ base: '6', lg: '10' }}>
          <Heading as="h2" id={titleId} size={{ base: '2xl', lg: '3xl' }} mb="4" overflowWrap="anywhere">
            {emergencyAddressText.greeting(firstName)}
          </Heading>
          <Text id={introId} mb="8" fontSize="lg">
            {emergencyAddressText.regulator}
          </Text>

          {failure && (
            <Box ref={alertRef}>
              <ErrorAlert title={failure.title} message={failure.message} />
            </Box>
          )}

          {manual ? (
            <form noValidate onSubmit={manualForm.submit} aria-label={emergencyAddressText.manualForm}>
              <Flex direction="column" gap="5">
                {manualField('post_code', emergencyAddressText.postcode, 'postal-code')}
                {manualField('line_one', emergencyAddressText.lineOne, 'address-line1')}
                <TextField {...manualForm.field('line_two')} label={emergencyAddressText.lineTwo} hint={emergencyAddressText.optional} autoComplete="address-line2" />
                {manualField('city', emergencyAddressText.city, 'address-level2')}
                {manualField('county', emergencyAddressText.county, 'address-level1')}
                <Flex direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'center' }} justify="space-between" mt="2">
                  <SubmitButton pending={save.isPending} pendingText={emergencyAddressText.saving} disabled={signingOut} align="row">
                    {emergencyAddressText.continue}
                  </SubmitButton>
                  <Button variant="plain" colorPalette="brand" textDecoration="underline" onClick={searchAgain} disabled={busy}>
                    {emergencyAddressText.searchAgain}
                  </Button>
                </Flex>
              </Flex>
            </form>
          ) : (
            <form noValidate onSubmit={submitSearch} aria-label={emergencyAddressText.searchForm}>
              <Flex direction="column" gap="5">
                <TextField
                  ref={postcodeRef}
                  {...postcodeField}
                  label={emergencyAddressText.postcode}
                  hint={emergencyAddressText.postcodeHint}
                  autoComplete="postal-code"
                  spellCheck={false}
                  maxW="16rem"
                  onChange={(event) => {
                    postcodeField.onChange(event);
                    setSelectTouched(false);
                  }}
                />
                {/* What the lookup is doing, read out as it changes. */}
                <Box aria-live="polite">
                  {active !== null && lookup.isFetching && !results && <Loading label={emergencyAddressText.finding} />}
                  {results?.length === 0 && (
                    <Text color="fg.error" fontWeight="semibold">
                      {noResultsMessage(active ?? '')}
                    </Text>
                  )}
                </Box>
                {active !== null && lookup.isError && (
                  <ErrorAlert title={emergencyAddressText.lookupFailed} message={userErrorText(lookup.error)} />
                )}
                {results && results.length > 0 && (
                  <AddressSelect
                    ref={selectRef}
                    id={fieldId('address')}
                    results={results}
                    value={chosen ? selectedId : ''}
                    error={selectTouched && !chosen ? SELECT_ADDRESS_MESSAGE : undefined}
                    onChange={setSelectedId}
                  />
                )}
                <Flex direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'center' }} justify="space-between" mt="2">
                  <SubmitButton pending={save.isPending} pendingText={emergencyAddressText.saving} disabled={signingOut} align="row">
                    {emergencyAddressText.continue}
                  </SubmitButton>
                  <Button variant="plain" colorPalette="brand" textDecoration="underline" onClick={enterManually} disabled={busy}>
                    {emergencyAddressText.manualLink}
                  </Button>
                </Flex>
              </Flex>
            </form>
          )}

          <Text mt="10" color="fg.muted">
            {emergencyAddressText.help}{' '}
            <Link href={`tel:${helpPhone.tel}`} color="brand.fg" fontWeight="semibold" textDecoration="underline">
              {helpPhone.display}
            </Link>
          </Text>
        </Box>
      </Flex>
    </FullScreenDialog>
  );
}

