import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { forwardRef, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import * as z from 'zod/mini';

import { InstallationAddressInput, UkPostcode, type AddressLookupResult } from '@portal/contract';

import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Loading } from '../../../components/states.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { track } from '../../../lib/analytics.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { useDelayedValue } from '../../../lib/use-delayed-value.ts';
import { useAddressLookup } from '../api/get-address-lookup.ts';
import {
  MANUAL_ADDRESS_FIELDS,
  noResultsMessage,
  POSTCODE_SEARCH_DELAY_MS,
  searchablePostcode,
  SELECT_ADDRESS_MESSAGE,
  type ManualAddress,
  type ManualAddressField,
} from '../rules.ts';

export const addressFinderText = {
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
} as const;

const PostcodeSearch = z.object({ postcode: UkPostcode });

const emptyManual: ManualAddress = { post_code: '', line_one: '', line_two: '', city: '', county: '' };

interface AddressSelectProps {
  id: string;
  results: readonly AddressLookupResult[];
  value: string;
  error?: string;
  onChange: (id: string) => void;
}

/** The found addresses as a native select (keyboard and screen readers know it), labelled "Select business address". */
const AddressSelect = forwardRef<HTMLSelectElement, AddressSelectProps>(function AddressSelect(
  { id, results, value, error, onChange },
  ref,
) {
  return (
    <SelectField
      ref={ref}
      id={id}
      label={addressFinderText.select}
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="off"
    >
      <option value="">{addressFinderText.found(results.length)}</option>
      {results.map((address) => (
        <option key={address.id} value={address.id}>
          {address.summary_line}
        </option>
      ))}
    </SelectField>
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

export interface AddressFinderProps {
  /** Makes the fields' ids unique on the page. */
  idPrefix: string;
  /** The postcode field, for a dialog or page that puts the focus there first. */
  postcodeRef?: RefObject<HTMLInputElement | null>;
  /** The address is being saved: Continue is busy, nothing else may start. */
  saving: boolean;
  /** Something else is under way (signing out): the finder waits. */
  disabled?: boolean;
  /** Saves the address chosen or typed; the caller shows a failure and the finder keeps what was typed. */
  onSave: (address: InstallationAddressInput) => void;
  /** The person switched between the postcode search and the manual form (a shown failure may go). */
  onModeChange?: () => void;
  /** Beside Continue, before the link to the other way of giving the address (a Back button). */
  extraAction?: ReactNode;
  /** An address to complete: the manual form opens with it filled in, the focus on its first empty field. */
  complete?: InstallationAddressInput;
}

/**
 * Finding a UK business address (spec 000 sections 2 and 5): a valid postcode is looked up once
 * typing pauses, and the person chooses one of the addresses found, or enters the address by
 * hand; Continue hands it to `onSave`. The emergency-address dialog and the getting-started
 * flow's address step both use it.
 */
export function AddressFinder({
  idPrefix,
  postcodeRef: givenPostcodeRef,
  saving,
  disabled = false,
  onSave,
  onModeChange,
  extraAction,
  complete,
}: AddressFinderProps) {
  const fieldId = (name: string) => `${idPrefix}-${name}`;
  const [manual, setManual] = useState(complete !== undefined);
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

  const ownPostcodeRef = useRef<HTMLInputElement>(null);
  const postcodeRef = givenPostcodeRef ?? ownPostcodeRef;
  const selectRef = useRef<HTMLSelectElement>(null);

  // The search runs once the postcode is valid and typing has paused, and not while entering the address by hand.
  const candidate = manual ? null : searchablePostcode(postcode);
  // The address search waits longer than the portal's fetch delay (spec 001 section 9); Continue searches at once.
  const paused = useDelayedValue(candidate, POSTCODE_SEARCH_DELAY_MS);
  const [searched, setSearched] = useState<string | null>(null);
  const active = candidate !== null && (paused === candidate || searched === candidate) ? candidate : null;
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

  const busy = saving || disabled;

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
    onSave(fromResult(chosen));
  };

  // Messages show from the first Continue, then follow what is typed (spec 000 section 5's rules, from the contract).
  const manualForm = useForm({
    schema: InstallationAddressInput,
    ids: Object.fromEntries(MANUAL_ADDRESS_FIELDS.map((field) => [field, fieldId(field)])) as Record<
      ManualAddressField,
      string
    >,
    initial: complete ? { ...emptyManual, ...complete, line_two: complete.line_two ?? '' } : emptyManual,
    validate: 'after-submit',
    focus: 'field',
    send: (address) => {
      if (!busy) onSave(address);
    },
  });

  // An address to complete: its first missing field takes the focus, once.
  useEffect(() => {
    if (!complete) return;
    const missing = MANUAL_ADDRESS_FIELDS.find(
      (field) => field !== 'line_two' && (complete[field] ?? '').trim() === '',
    );
    if (missing) document.getElementById(fieldId(missing))?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only
  }, []);

  const enterManually = () => {
    setManual(true);
    onModeChange?.();
    // What was typed in the search carries over.
    if (manualForm.values.post_code === '') manualForm.setValue('post_code', postcode.trim());
    window.setTimeout(() => document.getElementById(fieldId('post_code'))?.focus(), 0);
  };
  const searchAgain = () => {
    setManual(false);
    onModeChange?.();
    window.setTimeout(() => postcodeRef.current?.focus(), 0);
  };

  const postcodeField = searchField('postcode');
  const manualField = (field: Exclude<ManualAddressField, 'line_two'>, label: string, autoComplete: string) => (
    <TextField {...manualForm.field(field)} label={label} autoComplete={autoComplete} />
  );
  const submitButton = (
    <SubmitButton pending={saving} pendingText={addressFinderText.saving} disabled={disabled} align="row">
      {addressFinderText.continue}
    </SubmitButton>
  );
  const buttons = (other: ReactNode) => (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      gap="3"
      align={{ base: 'stretch', sm: 'center' }}
      justify="space-between"
      mt="2"
    >
      {extraAction ? (
        <Flex direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'center' }}>
          {submitButton}
          {extraAction}
        </Flex>
      ) : (
        submitButton
      )}
      {other}
    </Flex>
  );

  return manual ? (
    <form noValidate onSubmit={manualForm.submit} aria-label={addressFinderText.manualForm}>
      <Flex direction="column" gap="5">
        {manualField('post_code', addressFinderText.postcode, 'postal-code')}
        {manualField('line_one', addressFinderText.lineOne, 'address-line1')}
        <TextField
          {...manualForm.field('line_two')}
          label={addressFinderText.lineTwo}
          hint={addressFinderText.optional}
          autoComplete="address-line2"
        />
        {manualField('city', addressFinderText.city, 'address-level2')}
        {manualField('county', addressFinderText.county, 'address-level1')}
        {buttons(
          <Button variant="plain" colorPalette="brand" textDecoration="underline" onClick={searchAgain} disabled={busy}>
            {addressFinderText.searchAgain}
          </Button>,
        )}
      </Flex>
    </form>
  ) : (
    <form noValidate onSubmit={submitSearch} aria-label={addressFinderText.searchForm}>
      <Flex direction="column" gap="5">
        <TextField
          ref={postcodeRef}
          {...postcodeField}
          label={addressFinderText.postcode}
          hint={addressFinderText.postcodeHint}
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
          {active !== null && lookup.isFetching && !results && <Loading label={addressFinderText.finding} />}
          {results?.length === 0 && (
            <Text color="fg.error" fontWeight="semibold">
              {noResultsMessage(active ?? '')}
            </Text>
          )}
        </Box>
        {active !== null && lookup.isError && (
          <ErrorAlert title={addressFinderText.lookupFailed} message={userErrorText(lookup.error)} />
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
        {buttons(
          <Button
            variant="plain"
            colorPalette="brand"
            textDecoration="underline"
            onClick={enterManually}
            disabled={busy}
          >
            {addressFinderText.manualLink}
          </Button>,
        )}
      </Flex>
    </form>
  );
}
