import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { InstallationAddressInput, type AddressLookupResult, type InstallationAddress } from '@portal/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LoadError, Loading } from '../../../components/states.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { track } from '../../../lib/analytics.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import {
  emergencyAddressText as words,
  MANUAL_ADDRESS_FIELDS,
  noResultsMessage,
  POSTCODE_SEARCH_DELAY_MS,
  searchablePostcode,
  SELECT_ADDRESS_MESSAGE,
  useAddressLookup,
  type ManualAddressField,
} from '../../emergency-address/index.ts';

export const addressStepText = {
  heading: 'Confirm your installation address',
  why: 'This is where your phone is used: the emergency services are sent here if you dial 999.',
  current: 'Your installation address',
  useThis: 'Use this address',
  change: 'Change the address',
  none: 'We do not have an installation address for this phone yet. Find it by postcode, or enter it by hand.',
  keep: 'Keep the current address',
} as const;

const fromResult = (address: AddressLookupResult): InstallationAddressInput => ({
  post_code: address.post_code,
  line_one: address.line_one,
  line_two: address.line_two,
  city: address.city,
  county: address.county,
});

interface AddressStepProps {
  /** The address the phone has (eligibility), or null. */
  current: InstallationAddress | null;
  /** What was chosen before going on (coming back from a later step). */
  chosen: InstallationAddressInput | null;
  onConfirm: (address: InstallationAddressInput) => void;
}

/**
 * The 'address' step: confirm the installation address the phone has, or change it with the
 * postcode lookup (the emergency-address feature's pieces) or by hand.
 */
export function AddressStep({ current, chosen, onConfirm }: AddressStepProps) {
  const id = useId();
  const [changing, setChanging] = useState(current === null);
  const [manual, setManual] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const known = chosen ?? (current && fromCurrent(current));
  return (
    <Flex direction="column" gap="5">
      <div>
        <Heading as="h2" size="xl" mb="1" ref={headingRef} tabIndex={-1} outline="none">
          {addressStepText.heading}
        </Heading>
        <Text color="fg.muted">{addressStepText.why}</Text>
      </div>
      {!changing && known ? (
        <>
          <Box borderWidth="1px" borderColor="border" rounded="md" p="4" bg="bg.subtle">
            <Text fontWeight="semibold" mb="1">
              {addressStepText.current}
            </Text>
            <Text data-testid="upgrade-current-address" overflowWrap="anywhere">
              {summaryOf(known)}
            </Text>
          </Box>
          <Flex direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button size="lg" colorPalette="brand" onClick={() => onConfirm(known)}>
              {addressStepText.useThis}
            </Button>
            <Button size="lg" variant="outline" onClick={() => setChanging(true)}>
              {addressStepText.change}
            </Button>
          </Flex>
        </>
      ) : (
        <>
          {!known && <Text>{addressStepText.none}</Text>}
          {manual ? (
            <ManualAddressForm idPrefix={id} onConfirm={onConfirm} onSearch={() => setManual(false)} />
          ) : (
            <PostcodeSearch idPrefix={id} onConfirm={onConfirm} onManual={() => setManual(true)} />
          )}
          {known && (
            <Box>
              <Button variant="plain" colorPalette="brand" textDecoration="underline" px="0" onClick={() => setChanging(false)}>
                {addressStepText.keep}
              </Button>
            </Box>
          )}
        </>
      )}
    </Flex>
  );
}

const fromCurrent = (address: InstallationAddress): InstallationAddressInput => ({
  post_code: address.post_code,
  line_one: address.line_one,
  line_two: address.line_two,
  city: address.city,
  county: address.county,
});

/** The one line of an address, as the summary shows it. */
export const summaryOf = (address: InstallationAddressInput): string =>
  [address.line_one, address.line_two ?? '', address.city, address.county, address.post_code]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');

/** Postcode, then the addresses found there: a valid postcode is looked up once typing pauses. */
function PostcodeSearch({ idPrefix, onConfirm, onManual }: { idPrefix: string; onConfirm: (address: InstallationAddressInput) => void; onManual: () => void }) {
  const postcodeId = `${idPrefix}-postcode`;
  const selectId = `${idPrefix}-address`;
  const [postcode, setPostcode] = useState('');
  const [selectedId, setSelectedId] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const postcodeRef = useRef<HTMLInputElement>(null);

  const candidate = searchablePostcode(postcode);
  const [searched, setSearched] = useState<string | null>(null);
  useEffect(() => {
    if (candidate === null) return;
    const timer = window.setTimeout(() => setSearched(candidate), POSTCODE_SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [candidate]);
  const active = candidate !== null && searched === candidate ? candidate : null;
  const lookup = useAddressLookup(active);
  const results = active !== null ? lookup.data?.results : undefined;
  const chosen = results?.find((address) => address.id === selectedId);
  useEffect(() => {
    if (active === null) return;
    if (lookup.isError) track('Address search failed', { postcode: active, error: userErrorText(lookup.error) });
    else if (results) track('Address search', { postcode: active, results: results.length });
  }, [active, lookup.isError, lookup.error, results]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (candidate === null) {
      setMessage(postcode.trim() === '' ? 'Postcode is a required field' : 'Postcode must be valid');
      postcodeRef.current?.focus();
      return;
    }
    if (active === null) {
      setSearched(candidate);
      return;
    }
    if (!results || results.length === 0) return;
    if (!chosen) {
      setMessage(SELECT_ADDRESS_MESSAGE);
      selectRef.current?.focus();
      return;
    }
    onConfirm(fromResult(chosen));
  };

  const postcodeError = message && candidate === null ? message : undefined;
  const selectError = message === SELECT_ADDRESS_MESSAGE && !chosen ? message : undefined;
  return (
    <form noValidate onSubmit={submit} aria-label={words.searchForm}>
      <Flex direction="column" gap="5">
        <TextField
          ref={postcodeRef}
          id={postcodeId}
          label={words.postcode}
          hint={words.postcodeHint}
          error={postcodeError}
          value={postcode}
          autoComplete="postal-code"
          spellCheck={false}
          maxW="16rem"
          onChange={(event) => {
            setPostcode(event.target.value);
            setMessage(null);
          }}
        />
        <Box aria-live="polite">
          {active !== null && lookup.isFetching && !results && <Loading label={words.finding} />}
          {results?.length === 0 && (
            <Text color="fg.error" fontWeight="semibold">
              {noResultsMessage(active ?? '')}
            </Text>
          )}
        </Box>
        {active !== null && lookup.isError && <LoadError title={words.lookupFailed} error={lookup.error} onRetry={() => void lookup.refetch()} retrying={lookup.isFetching} />}
        {results && results.length > 0 && (
          <Box>
            <chakra.label htmlFor={selectId} display="block" fontWeight="semibold" mb="1">
              {words.select}
            </chakra.label>
            {selectError && (
              <chakra.p id={`${selectId}-error`} color="fg.error" fontWeight="semibold" mb="1">
                <chakra.span srOnly>Error: </chakra.span>
                {selectError}
              </chakra.p>
            )}
            <chakra.select
              ref={selectRef}
              id={selectId}
              value={chosen ? selectedId : ''}
              onChange={(event) => {
                setSelectedId(event.target.value);
                setMessage(null);
              }}
              aria-invalid={selectError ? true : undefined}
              aria-describedby={selectError ? `${selectId}-error` : undefined}
              w="full"
              h="12"
              px="3"
              bg="bg"
              borderWidth="2px"
              borderColor={selectError ? 'border.error' : 'gray.700'}
              rounded="md"
              focusVisibleRing="outside"
            >
              <option value="">{words.found(results.length)}</option>
              {results.map((address) => (
                <option key={address.id} value={address.id}>
                  {address.summary_line}
                </option>
              ))}
            </chakra.select>
          </Box>
        )}
        <Flex direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'center' }} justify="space-between">
          <Button type="submit" size="lg" colorPalette="brand">
            {words.continue}
          </Button>
          <Button variant="plain" colorPalette="brand" textDecoration="underline" onClick={onManual}>
            {words.manualLink}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

const emptyManual: Record<ManualAddressField, string> = { post_code: '', line_one: '', line_two: '', city: '', county: '' };

/** The address by hand, checked by the contract's rules (spec 000 section 5). */
function ManualAddressForm({ idPrefix, onConfirm, onSearch }: { idPrefix: string; onConfirm: (address: InstallationAddressInput) => void; onSearch: () => void }) {
  const form = useForm({
    schema: InstallationAddressInput,
    ids: Object.fromEntries(MANUAL_ADDRESS_FIELDS.map((field) => [field, `${idPrefix}-${field}`])) as Record<ManualAddressField, string>,
    initial: emptyManual,
    validate: 'after-submit',
    focus: 'field',
    send: (address) => onConfirm(address),
  });
  return (
    <form noValidate onSubmit={form.submit} aria-label={words.manualForm}>
      <Flex direction="column" gap="5">
        <TextField {...form.field('post_code')} label={words.postcode} autoComplete="postal-code" maxW="16rem" />
        <TextField {...form.field('line_one')} label={words.lineOne} autoComplete="address-line1" />
        <TextField {...form.field('line_two')} label={words.lineTwo} hint={words.optional} autoComplete="address-line2" />
        <TextField {...form.field('city')} label={words.city} autoComplete="address-level2" />
        <TextField {...form.field('county')} label={words.county} autoComplete="address-level1" />
        <Flex direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'center' }} justify="space-between">
          <Button type="submit" size="lg" colorPalette="brand">
            {words.continue}
          </Button>
          <Button variant="plain" colorPalette="brand" textDecoration="underline" onClick={onSearch}>
            {words.searchAgain}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
