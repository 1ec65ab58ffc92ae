import { Badge, Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { displayPhone, NOT_ASSIGNED, numberPageCount, NUMBERS_PER_PAGE } from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import { useSiteNumbers } from '../api/numbers-api.ts';
import { AssignDialog, type NumberRow } from './assign-dialog.tsx';
import { BuyNumberDialog } from './buy-number-dialog.tsx';
import { TransferDialog } from './transfer-dialog.tsx';

/** Which page of the list the address asks for (?page=), within 1..pages. */
function pageFrom(text: string | null, pages: number): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, pages) : 1;
}

/**
 * Phone numbers (route phone-numbers-id): the site's numbers with extension and user, 20 per
 * page (rounded up, so every number can be reached), assigning a number to a user, buying a
 * number and transferring numbers in.
 */
export function NumbersPage({ productId }: { productId: number }) {
  const numbers = useSiteNumbers(productId);
  const [search, setSearch] = useSearchParams();
  const [assigning, setAssigning] = useState<NumberRow | null>(null);
  const [dialog, setDialog] = useState<'buy' | 'transfer' | null>(null);

  const rows = numbers.data ?? [];
  const pages = numberPageCount(rows.length);
  const page = pageFrom(search.get('page'), pages);
  const shown = rows.slice((page - 1) * NUMBERS_PER_PAGE, page * NUMBERS_PER_PAGE);
  const goTo = (next: number) =>
    setSearch(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('page', String(next));
        return copy;
      },
      { replace: true },
    );

  return (
    <Flex direction="column" gap="6" maxW="5xl">
      <Flex
        gap="4"
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-end' }}
        direction={{ base: 'column', md: 'row' }}
      >
        <div>
          <Heading as="h1" size="3xl" mb="2">
            Phone numbers
          </Heading>
          <Text color="fg.muted">Your numbers, who each one rings, and new numbers.</Text>
        </div>
        <Flex gap="3" wrap="wrap">
          <Button variant="outline" colorPalette="brand" onClick={() => setDialog('transfer')}>
            Transfer a number
          </Button>
          <Button colorPalette="brand" onClick={() => setDialog('buy')}>
            Buy a number
          </Button>
        </Flex>
      </Flex>

      {numbers.isPending ? (
        <Loading label="Loading your numbers" />
      ) : numbers.isError ? (
        <LoadError
          title="Your numbers could not be loaded"
          error={numbers.error}
          onRetry={() => void numbers.refetch()}
          retrying={numbers.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text>This phone has no numbers yet. Buy one, or transfer one you have elsewhere.</Text>
      ) : (
        <section aria-labelledby="numbers-list-heading">
          <Heading as="h2" id="numbers-list-heading" size="lg" mb="3">
            {rows.length === 1 ? '1 number' : `${rows.length} numbers`}
          </Heading>
          <Box
            as="ul"
            listStyleType="none"
            m="0"
            p="0"
            borderTopWidth="1px"
            aria-label={`Numbers, page ${page} of ${pages}`}
          >
            {shown.map((row, index) => {
              const pilot = page === 1 && index === 0;
              return (
                <Flex
                  as="li"
                  key={row.id}
                  data-testid="number-row"
                  gap={{ base: '1', md: '4' }}
                  py="3"
                  borderBottomWidth="1px"
                  direction={{ base: 'column', md: 'row' }}
                  align={{ base: 'stretch', md: 'center' }}
                >
                  <Box flex="2" minW="0">
                    <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                      {displayPhone(row.number)}
                    </Text>
                    {row.label && (
                      <Text fontSize="sm" color="fg.muted">
                        {row.label}
                      </Text>
                    )}
                  </Box>
                  <Box flex="2">
                    <Text fontSize="sm" color="fg.muted" hideFrom="md" as="span">
                      Extension:{' '}
                    </Text>
                    {pilot ? <Badge colorPalette="blue">Main number</Badge> : <Text as="span">{row.extension}</Text>}
                  </Box>
                  <Box flex="2">
                    <Text fontSize="sm" color="fg.muted" hideFrom="md" as="span">
                      User:{' '}
                    </Text>
                    <Text as="span">{pilot ? 'Your call flow' : (row.user?.name ?? '-')}</Text>
                  </Box>
                  <Box flex="1" textAlign={{ md: 'end' }}>
                    {!pilot && (
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="brand"
                        onClick={() => setAssigning(row)}
                        aria-label={`${row.extension === NOT_ASSIGNED ? 'Assign' : 'Change user of'} ${displayPhone(row.number)}`}
                      >
                        {row.extension === NOT_ASSIGNED ? 'Assign' : 'Change user'}
                      </Button>
                    )}
                  </Box>
                </Flex>
              );
            })}
          </Box>
          {pages > 1 && (
            <Flex as="nav" aria-label="Pages of numbers" gap="3" align="center" mt="4" wrap="wrap">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                Previous
              </Button>
              <Text aria-live="polite">
                Page {page} of {pages}
              </Text>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                Next
              </Button>
            </Flex>
          )}
        </section>
      )}

      <AssignDialog productId={productId} row={assigning} siteNumbers={rows} onClose={() => setAssigning(null)} />
      <BuyNumberDialog productId={productId} open={dialog === 'buy'} onClose={() => setDialog(null)} />
      <TransferDialog productId={productId} open={dialog === 'transfer'} onClose={() => setDialog(null)} />
    </Flex>
  );
}
