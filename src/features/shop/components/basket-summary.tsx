import { Box, chakra, Flex, Text } from '@chakra-ui/react';

import { formatPence, pricePence } from '@portal/contract';

import type { PricedBasket } from '../logic/basket.ts';

const Row = ({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) => (
  <Flex as="li" justify="space-between" gap="4" fontWeight={strong ? 'semibold' : 'normal'} py="1">
    <Text overflowWrap="anywhere">{label}</Text>
    <Text whiteSpace="nowrap">{value}</Text>
  </Flex>
);

/** The basket's lines, the delivery charge, VAT at 20 % on both and the total, in £ with 2 decimals. */
export function BasketSummary({ priced, label }: { priced: PricedBasket; label: string }) {
  const { totals, delivery } = priced;
  return (
    <Box>
      <chakra.ul listStyleType="none" m="0" p="0" aria-label={label}>
        {priced.lines.map((line) => (
          <Row key={line.item.id} label={`${line.quantity} × ${line.item.name}`} value={formatPence(line.totalPence)} />
        ))}
        {/* Its name only: its category (Setup) is how the shop files it, not words for the customer. */}
        {delivery && <Row label={delivery.name} value={formatPence(pricePence(delivery.price))} />}
      </chakra.ul>
      <chakra.ul listStyleType="none" m="0" p="0" mt="2" pt="2" borderTopWidth="1px" aria-label="Totals">
        <Row label="Subtotal" value={formatPence(totals.subtotal)} />
        <Row label="VAT (20%)" value={formatPence(totals.vat)} />
        <Row label="Total with VAT" value={formatPence(totals.total)} strong />
      </chakra.ul>
    </Box>
  );
}
