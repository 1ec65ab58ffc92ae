import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { addressSummaryLine, displayPrice, formatPence, type PurchaseResult } from '@portal/contract';

import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import * as paths from '../../../config/paths.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { useNavigationProducts } from '../../navigation/index.ts';
import { useCatalogue, usePurchase } from '../api/shop-api.ts';
import { priceBasket, purchaseLines, readBasket, writeBasket } from '../logic/basket.ts';
import { endCheckout, readCheckout, type Checkout } from '../logic/checkout.ts';
import { BasketSummary } from './basket-summary.tsx';

export const paymentText = {
  heading: 'Payment',
  loading: 'Loading your order',
  loadFailed: 'Your order could not be loaded',
  nothing: 'There is nothing to pay for: your checkout has ended or your basket is empty.',
  backToShop: 'Back to the shop',
  howTitle: 'How you pay',
  how: (total: string) => `${total} (with VAT) is added to your next bill. You pay nothing now.`,
  deliverTo: 'Deliver to',
  confirm: 'Confirm order',
  confirming: 'Placing your order',
  failed: 'Your order was not placed',
  done: (reference: string) => `Order ${reference} is placed`,
  doneText: (total: string) =>
    `${total} (with VAT) has been added to your next bill. We will e-mail you when it ships.`,
  devices: (count: number) => `${count} ${count === 1 ? 'device has' : 'devices have'} been added to your cloud phone.`,
  tracker: 'Follow it in the order tracker',
  usersDevices: 'See your devices in users and devices',
} as const;

/**
 * The payment step (/shop/payment): the order as checked out and how it is paid. The purchase is
 * added to the next bill; the idempotency key of the checkout makes a second Confirm the same order.
 */
export function PaymentPage() {
  const navigation = useNavigationProducts();
  const catalogue = useCatalogue();
  const [done, setDone] = useState<{ result: PurchaseResult; productId: number } | null>(null);

  let body;
  if (done) body = <Placed result={done.result} productId={done.productId} />;
  else if (navigation.isPending || catalogue.isPending) body = <Loading label={paymentText.loading} />;
  else if (navigation.isError || catalogue.isError) {
    const failed = navigation.isError ? navigation : catalogue;
    body = (
      <LoadError
        title={paymentText.loadFailed}
        error={failed.error}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  } else {
    const accountId = navigation.data.account?.id;
    const checkout = accountId === undefined ? null : readCheckout(accountId);
    const priced = checkout ? priceBasket(catalogue.data, readBasket(checkout.accountId)) : null;
    body =
      checkout && priced && priced.count > 0 ? (
        <Confirm
          checkout={checkout}
          priced={priced}
          onPlaced={(result) => {
            writeBasket(checkout.accountId, {});
            endCheckout();
            setDone({ result, productId: checkout.productId });
          }}
        />
      ) : (
        <Box>
          <Text mb="4">{paymentText.nothing}</Text>
          <Link asChild colorPalette="brand" textDecoration="underline">
            <RouterLink to={paths.shop.build({}, { tab: 'all-items' })}>{paymentText.backToShop}</RouterLink>
          </Link>
        </Box>
      );
  }
  return (
    <Box maxW="3xl">
      <Heading as="h1" size="2xl" mb="6">
        {paymentText.heading}
      </Heading>
      {body}
    </Box>
  );
}

function Confirm({
  checkout,
  priced,
  onPlaced,
}: {
  checkout: Checkout;
  priced: ReturnType<typeof priceBasket>;
  onPlaced: (result: PurchaseResult) => void;
}) {
  const purchase = usePurchase(checkout.accountId);
  const { address } = checkout;
  const place = () =>
    purchase.mutate(
      {
        idempotency_key: checkout.idempotencyKey,
        product_id: checkout.productId,
        delivery_address: address,
        lines: purchaseLines(priced),
      },
      { onSuccess: onPlaced },
    );
  return (
    <Flex direction="column" gap="5">
      <Box borderWidth="1px" borderColor="border" rounded="lg" p="5">
        <BasketSummary priced={priced} label="Order items" />
      </Box>
      <Box>
        <Heading as="h2" size="md" mb="1">
          {paymentText.deliverTo}
        </Heading>
        <Text overflowWrap="anywhere">
          {addressSummaryLine({
            line_one: address.line_one,
            line_two: address.line_two ?? '',
            city: address.city,
            post_code: address.post_code,
          })}
        </Text>
      </Box>
      <Box>
        <Heading as="h2" size="md" mb="1">
          {paymentText.howTitle}
        </Heading>
        <Text>{paymentText.how(formatPence(priced.totals.total))}</Text>
      </Box>
      {purchase.isError && <ErrorAlert title={paymentText.failed} message={userErrorText(purchase.error)} />}
      <Flex gap="3" wrap="wrap" justify="flex-end">
        <Button asChild variant="outline">
          <RouterLink to={paths.shop.build({}, { tab: 'all-items' })}>{paymentText.backToShop}</RouterLink>
        </Button>
        <Button colorPalette="brand" onClick={place} loading={purchase.isPending} loadingText={paymentText.confirming}>
          {paymentText.confirm}
        </Button>
      </Flex>
    </Flex>
  );
}

function Placed({ result, productId }: { result: PurchaseResult; productId: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box role="status" borderWidth="1px" borderColor="border.success" bg="bg.success" rounded="lg" p="5">
      <Heading as="h2" size="lg" mb="2" ref={heading} tabIndex={-1} outline="none">
        {paymentText.done(result.order_id)}
      </Heading>
      <Text mb="1">{paymentText.doneText(displayPrice(result.total))}</Text>
      {result.devices > 0 && <Text mb="3">{paymentText.devices(result.devices)}</Text>}
      <Flex direction="column" gap="2" mt="3">
        <Link asChild colorPalette="brand" textDecoration="underline">
          <RouterLink to={paths.myOrders.build()}>{paymentText.tracker}</RouterLink>
        </Link>
        <Link asChild colorPalette="brand" textDecoration="underline">
          <RouterLink to={paths.usersDevices.build({ id: productId }, { tab: 'devices' })}>
            {paymentText.usersDevices}
          </RouterLink>
        </Link>
      </Flex>
    </Box>
  );
}
