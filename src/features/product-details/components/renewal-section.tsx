import { Box, Button, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';

import {
  RENEWAL_CONTRACT_LENGTHS,
  renewedContractDates,
  type ProductContract,
  type ProductDetails,
  type Renewal,
  type RenewalContractLength,
} from '@portal/contract';

import { Facts } from '../../../components/facts.tsx';
import { LoadError } from '../../../components/states.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { useRenew, useRenewal } from '../api/product-details-api.ts';
import {
  comparison,
  localToday,
  monthsText,
  poundsText,
  renewalOffered,
  type TariffSide,
} from '../logic/details-view.ts';

/** One tariff of the comparison, with its totals over the chosen length, VAT included. */
function TariffCard({ title, side, months }: { title: string; side: TariffSide; months: number }) {
  const totals = side.totals;
  return (
    <Box
      as="section"
      aria-label={title}
      flex="1 1 16rem"
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      p="3"
      minW="0"
    >
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      <Facts
        rows={[
          ['Tariff', side.name],
          ['Monthly price', totals ? `${poundsText(totals.monthlyWithVat)} inc. VAT` : '-'],
          ['Promotion', side.promo],
          [`Total for ${months} months`, totals ? `${poundsText(totals.contractWithVat)} inc. VAT` : '-'],
        ]}
      />
    </Box>
  );
}

/** What the customer sees once the renewal went through: the new contract. */
function Renewed({ contract }: { contract: ProductContract }) {
  return (
    <Box role="status" borderWidth="1px" borderColor="green.200" bg="green.50" color="green.900" rounded="lg" p="4">
      <Text fontWeight="semibold">Your contract has been renewed</Text>
      <Text>
        New contract {contract.contract_id}: {monthsText(contract.contract_length_months)}, from{' '}
        {formatDate(contract.start_date)} to {formatDate(contract.end_date)}.
      </Text>
    </Box>
  );
}

function RenewalOffer({
  productId,
  renewal,
  onRenewing,
}: {
  productId: number;
  renewal: Renewal;
  onRenewing: () => void;
}) {
  const headingId = useId();
  const [months, setMonths] = useState<RenewalContractLength>(24);
  const renew = useRenew(productId);
  const sides = comparison(renewal, months);
  const endDate = renewal.current_contract_end_date!;
  const next = renewedContractDates(endDate, months);
  return (
    <chakra.section
      aria-labelledby={headingId}
      borderWidth="2px"
      borderColor="brand.solid"
      rounded="lg"
      p={{ base: '4', md: '5' }}
      bg="bg"
    >
      <Heading as="h2" id={headingId} size="lg" mb="1">
        Renew your contract
      </Heading>
      <Text mb="4">
        Your current contract ends on {formatDate(endDate)}. Renew it now to keep your service, on the renewal tariff
        below.
      </Text>
      <Stack gap="4">
        <chakra.fieldset>
          <chakra.legend fontWeight="semibold" mb="2">
            Contract length
          </chakra.legend>
          <Flex gap="5" wrap="wrap">
            {RENEWAL_CONTRACT_LENGTHS.map((length) => (
              <chakra.label key={length} display="flex" gap="2" alignItems="center" cursor="pointer">
                <input
                  type="radio"
                  name={`renewal-length-${productId}`}
                  value={length}
                  checked={months === length}
                  disabled={renew.isPending}
                  onChange={() => setMonths(length)}
                />
                {length} months
              </chakra.label>
            ))}
          </Flex>
        </chakra.fieldset>
        <Flex gap="3" wrap="wrap">
          <TariffCard title="Current tariff" side={sides.current} months={months} />
          <TariffCard title="Renewal tariff" side={sides.renewal} months={months} />
        </Flex>
        <Text>
          Your new contract would run from {formatDate(next.start_date)} to {formatDate(next.end_date)}. Prices include
          VAT at 20 %.
        </Text>
        {renew.isError && (
          <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="3">
            <Text fontWeight="semibold" color="fg.error">
              The contract could not be renewed
            </Text>
            <Text>{userErrorText(renew.error)}</Text>
          </Box>
        )}
        <div>
          <Button
            colorPalette="brand"
            loading={renew.isPending}
            onClick={() => {
              onRenewing();
              renew.mutate(months);
            }}
          >
            Confirm renewal for {months} months
          </Button>
        </div>
      </Stack>
    </chakra.section>
  );
}

/**
 * Renewal (spec 001 sections 3, 4 and 9): offered only when the current contract ends in less than
 * one month and its end date and length are known (the contract's rule, which the server applies
 * to the POST too); the current and the renewal tariff side by side for 12 or 24 months, VAT
 * included; confirming posts contract_length_months and shows the new contract.
 */
export function RenewalSection({ productId, details }: { productId: number; details: ProductDetails }) {
  const renewal = useRenewal(productId);
  // Renewed on this visit: the new contract is confirmed here. The answer updates the details (the
  // offer goes as it does), so this is known before the renewal is asked for, not from its answer.
  const [renewing, setRenewing] = useState(false);
  const agreed = details.renewal_agreed;
  if (agreed) {
    const renewed = details.contracts.find((contract) => contract.contract_id === agreed.contract_id);
    // Agreed on an earlier visit: the Tariff section says what was agreed and from when; nothing more to offer.
    return renewing && renewed ? <Renewed contract={renewed} /> : null;
  }
  if (renewal.isError) {
    return (
      <LoadError
        title="Whether your contract can be renewed could not be checked"
        error={renewal.error}
        onRetry={() => void renewal.refetch()}
        retrying={renewal.isFetching}
      />
    );
  }
  if (!renewal.data || !renewalOffered(renewal.data, localToday())) return null;
  return <RenewalOffer productId={productId} renewal={renewal.data} onRenewing={() => setRenewing(true)} />;
}
