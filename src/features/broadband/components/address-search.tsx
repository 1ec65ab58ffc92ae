import { Box, Flex, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';

import { broadbandAddressLine, broadbandMessages, UkPostcode, type BroadbandAddress } from '@portal/contract';

import { ErrorSummary } from '../../../components/error-summary.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { LoadError, Loading } from '../../../components/states.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { track } from '../../../lib/analytics.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { useAddressSearch } from '../api/broadband-api.ts';

export const addressSearchText = {
  postcode: 'Postcode',
  postcodeHint: 'For example, LS11 5PZ',
  find: 'Find addresses',
  finding: 'Finding addresses',
  select: 'Select your business address',
  found: (count: number) => (count === 1 ? '1 address found' : `${count} addresses found`),
  chooseOne: 'Select your business address from the list',
  failed: 'The addresses could not be found',
} as const;

const PostcodeSearch = z.object({ postcode: UkPostcode });

/** The address a person chose, as the pages pass it on. */
export interface ChosenBroadbandAddress {
  address: BroadbandAddress;
  line: string;
}

interface AddressSearchProps {
  idPrefix: string;
  /** The chosen address's button ("Check availability", "Continue"). */
  chooseText: string;
  onChoose: (chosen: ChosenBroadbandAddress) => void;
}

/**
 * The broadband address search (spec 001 section 4): a postcode, then one of the addresses at it
 * that can be checked (both an address reference and a css database code; the server filters
 * them with ref_not_empty=true). A search that fails or finds nothing is tracked.
 */
export function AddressSearch({ idPrefix, chooseText, onChoose }: AddressSearchProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const [searched, setSearched] = useState<string | null>(null);
  const { summary, summaryRef, submit, field } = useForm({
    schema: PostcodeSearch,
    ids: { postcode: id('postcode') },
    initial: { postcode: '' },
    send: ({ postcode }) => {
      setSearched(postcode);
      setSelected('');
      setChooseError(undefined);
    },
  });
  const search = useAddressSearch(searched);
  const results = searched !== null ? search.data?.results : undefined;
  const [selected, setSelected] = useState('');
  const [chooseError, setChooseError] = useState<string | undefined>(undefined);
  const selectRef = useRef<HTMLSelectElement>(null);

  // Spec 001 section 7: every failed address search is reported to analytics with the response data.
  const outcome =
    searched === null ? null : search.isError ? 'error' : results ? (results.length === 0 ? 'empty' : 'found') : null;
  useEffect(() => {
    if (searched === null || outcome === null) return;
    if (outcome === 'error')
      track('Broadband address search failed', { postcode: searched, error: userErrorText(search.error) });
    else if (outcome === 'empty') track('Broadband address search failed', { postcode: searched, error: 'no results' });
    else track('Broadband address search', { postcode: searched, results: results?.length ?? 0 });
  }, [searched, outcome, search.error, results?.length]);

  const choose = (event: FormEvent) => {
    event.preventDefault();
    const address = results?.find((a) => a.addressReference === selected);
    if (!address) {
      setChooseError(addressSearchText.chooseOne);
      selectRef.current?.focus();
      return;
    }
    onChoose({ address, line: broadbandAddressLine(address) });
  };

  const selectId = id('address');

  return (
    <Flex direction="column" gap="6">
      <ErrorSummary ref={summaryRef} errors={summary} />
      <form noValidate onSubmit={submit} aria-label="Address search">
        <Flex direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'flex-end' }}>
          <Box flex="1" maxW={{ sm: '20rem' }}>
            <TextField
              {...field('postcode')}
              label={addressSearchText.postcode}
              hint={addressSearchText.postcodeHint}
              autoComplete="postal-code"
            />
          </Box>
          <SubmitButton
            pending={searched !== null && search.isFetching}
            pendingText={addressSearchText.finding}
            align="row"
          >
            {addressSearchText.find}
          </SubmitButton>
        </Flex>
      </form>
      {searched !== null && search.isPending && <Loading label={addressSearchText.finding} />}
      {searched !== null && search.isError && (
        <LoadError
          title={addressSearchText.failed}
          error={search.error}
          onRetry={() => void search.refetch()}
          retrying={search.isFetching}
        />
      )}
      {results && results.length === 0 && (
        <Box role="alert" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="4">
          <Text>{broadbandMessages.noResults(searched ?? '')}</Text>
        </Box>
      )}
      {results && results.length > 0 && (
        <form noValidate onSubmit={choose} aria-label="Address choice">
          <Flex direction="column" gap="4">
            <SelectField
              ref={selectRef}
              id={selectId}
              label={addressSearchText.select}
              error={chooseError}
              value={selected}
              onChange={(event) => {
                setSelected(event.target.value);
                setChooseError(undefined);
              }}
            >
              <option value="">{addressSearchText.found(results.length)}</option>
              {results.map((address) => (
                <option key={address.addressReference} value={address.addressReference ?? ''}>
                  {broadbandAddressLine(address)}
                </option>
              ))}
            </SelectField>
            <SubmitButton pending={false} align="start">
              {chooseText}
            </SubmitButton>
          </Flex>
        </form>
      )}
    </Flex>
  );
}
