import { Box, Button, chakra, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import {
  formatPence,
  MAX_ITEM_QUANTITY,
  pricePence,
  type InstallationAddressInput,
  type NavigationProduct,
  type ShopItem,
} from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import * as paths from '../../../config/paths.ts';
import { useNavigationProducts, useSelectedProductId } from '../../navigation/index.ts';
import { useCatalogue } from '../api/shop-api.ts';
import {
  priceBasket,
  readBasket,
  shelves,
  withQuantity,
  writeBasket,
  type Basket,
  type PricedBasket,
} from '../logic/basket.ts';
import { startCheckout } from '../logic/checkout.ts';
import { shopPhone } from '../logic/shop-phone.ts';
import { BasketSummary } from './basket-summary.tsx';
import { CheckoutSummaryDialog, DeliveryAddressDialog } from './checkout-dialogs.tsx';

export const shopText = {
  heading: 'Shop',
  intro: 'Desk phones, cordless phones, adapters and accessories for your cloud phone. Prices are before VAT.',
  nextBill: 'Your order is added to your next bill: nothing to pay now.',
  loading: 'Loading the shop',
  loadFailed: 'The shop could not be loaded',
  noPhone: 'The shop sells hardware for cloud phones: you have no cloud phone the shop is open for.',
  basket: 'Basket',
  empty: 'Your basket is empty. Choose how many of an item you want with its + button.',
  checkout: 'Checkout',
  nothingOnSale: 'Nothing is on sale in the shop right now: please come back later.',
  forPhone: (phone: string) => `Devices you buy are added to ${phone}.`,
  toBasket: (count: number, total: string) =>
    count === 0 ? 'Basket: empty' : `Basket: ${count} ${count === 1 ? 'item' : 'items'}, ${total} with VAT`,
} as const;

const BASKET_ID = 'shop-basket';

/** The shop (/shop?tab=all-items): the catalogue, the basket and the checkout dialogs. */
export function ShopPage() {
  const navigation = useNavigationProducts();
  const selectedId = useSelectedProductId();
  const catalogue = useCatalogue();

  let body;
  if (navigation.isPending || catalogue.isPending) body = <Loading label={shopText.loading} />;
  else if (navigation.isError || catalogue.isError) {
    const failed = navigation.isError ? navigation : catalogue;
    body = (
      <LoadError
        title={shopText.loadFailed}
        error={failed.error}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  } else {
    const accountId = navigation.data.account?.id;
    const phone = shopPhone(navigation.data.products, selectedId);
    body =
      accountId !== undefined && phone ? (
        <Shop accountId={accountId} phone={phone} items={catalogue.data} />
      ) : (
        <Text>{shopText.noPhone}</Text>
      );
  }
  return (
    <Box maxW="6xl">
      <Heading as="h1" size="2xl" mb="2">
        {shopText.heading}
      </Heading>
      <Text color="fg.muted" mb="6">
        {shopText.intro}
      </Text>
      {body}
    </Box>
  );
}

type Step = { kind: 'shopping' } | { kind: 'delivery' } | { kind: 'summary'; address: InstallationAddressInput };

function Shop({ accountId, phone, items }: { accountId: number; phone: NavigationProduct; items: ShopItem[] }) {
  const [basket, setBasket] = useState<Basket>(() => readBasket(accountId));
  const [step, setStep] = useState<Step>({ kind: 'shopping' });
  const navigate = useNavigate();
  const priced = priceBasket(items, basket);
  const change = (itemId: number, quantity: number) => {
    const next = withQuantity(basket, itemId, quantity);
    setBasket(next);
    writeBasket(accountId, next);
  };
  const pay = (address: InstallationAddressInput) => {
    startCheckout({ accountId, productId: phone.product_id, address });
    void navigate(paths.shopPayment.build());
  };

  return (
    <Flex direction={{ base: 'column', lg: 'row' }} gap="8" align="flex-start">
      {/* On a phone the basket is below every shelf: a way straight to it. */}
      <Link href={`#${BASKET_ID}`} hideFrom="lg" colorPalette="brand" textDecoration="underline" fontWeight="semibold">
        {shopText.toBasket(priced.count, formatPence(priced.totals.total))}
      </Link>
      <Box flex="1" minW="0" w="full">
        {shelves(items).length === 0 && <Text>{shopText.nothingOnSale}</Text>}
        {shelves(items).map((shelf) => (
          <Box as="section" key={shelf.category} aria-label={shelf.category} mb="8">
            <Heading as="h2" size="xl" mb="3">
              {shelf.category}
            </Heading>
            {shelf.groups.map((group) => (
              <Box key={group.subCategory} mb="5">
                <Heading as="h3" size="md" mb="2" color="fg.muted">
                  {group.subCategory}
                </Heading>
                <chakra.ul
                  listStyleType="none"
                  m="0"
                  p="0"
                  display="grid"
                  gap="3"
                  gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }}
                  aria-label={group.subCategory}
                >
                  {group.items.map((item) => (
                    <ItemCard
                      key={item.id}
                      item={item}
                      quantity={basket[item.id] ?? 0}
                      onChange={(quantity) => change(item.id, quantity)}
                    />
                  ))}
                </chakra.ul>
              </Box>
            ))}
          </Box>
        ))}
      </Box>
      <BasketPanel priced={priced} phone={phone} onCheckout={() => setStep({ kind: 'delivery' })} />
      {step.kind === 'delivery' && (
        <DeliveryAddressDialog
          productId={phone.product_id}
          onClose={() => setStep({ kind: 'shopping' })}
          onChoose={(address) => setStep({ kind: 'summary', address })}
        />
      )}
      {step.kind === 'summary' && (
        <CheckoutSummaryDialog
          priced={priced}
          address={step.address}
          onClose={() => setStep({ kind: 'shopping' })}
          onChangeAddress={() => setStep({ kind: 'delivery' })}
          onContinue={() => pay(step.address)}
        />
      )}
    </Flex>
  );
}

/** One item: its name, price before VAT, and a quantity stepper (−, the number, +). */
function ItemCard({
  item,
  quantity,
  onChange,
}: {
  item: ShopItem;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  return (
    <chakra.li
      borderWidth="1px"
      borderColor={quantity > 0 ? 'brand.solid' : 'border'}
      rounded="lg"
      p="4"
      bg="bg"
      display="flex"
      flexDirection="column"
      gap="3"
      aria-label={item.name}
    >
      <Box>
        <Text fontWeight="semibold">{item.name}</Text>
        <Text color="fg.muted">{formatPence(pricePence(item.price))} + VAT</Text>
      </Box>
      <Flex role="group" aria-label={`Quantity of ${item.name}`} align="center" gap="2">
        <Button
          size="sm"
          variant="outline"
          aria-label={`One fewer ${item.name}`}
          disabled={quantity === 0}
          onClick={() => onChange(quantity - 1)}
        >
          −
        </Button>
        <chakra.input
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_ITEM_QUANTITY}
          value={quantity}
          aria-label={`Quantity of ${item.name}`}
          onChange={(event) => onChange(Number(event.target.value))}
          w="14"
          h="8"
          textAlign="center"
          borderWidth="1px"
          borderColor="border"
          rounded="md"
          bg="bg"
        />
        <Button
          size="sm"
          variant="outline"
          aria-label={`One more ${item.name}`}
          disabled={quantity >= MAX_ITEM_QUANTITY}
          onClick={() => onChange(quantity + 1)}
        >
          +
        </Button>
      </Flex>
    </chakra.li>
  );
}

function BasketPanel({
  priced,
  phone,
  onCheckout,
}: {
  priced: PricedBasket;
  phone: NavigationProduct;
  onCheckout: () => void;
}) {
  return (
    <Box
      as="aside"
      id={BASKET_ID}
      tabIndex={-1}
      aria-label={shopText.basket}
      w={{ base: 'full', lg: '22rem' }}
      flexShrink={0}
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      p="5"
      bg="bg.subtle"
      position={{ lg: 'sticky' }}
      top={{ lg: '4' }}
    >
      <Heading as="h2" size="xl" mb="3">
        {shopText.basket}
      </Heading>
      {priced.count === 0 ? (
        <Text mb="3">{shopText.empty}</Text>
      ) : (
        <BasketSummary priced={priced} label="Basket items" />
      )}
      <Text fontSize="sm" color="fg.muted" mt="3">
        {shopText.nextBill} {shopText.forPhone(phone.product_detail)}
      </Text>
      <Button mt="4" w="full" colorPalette="brand" disabled={priced.count === 0} onClick={onCheckout}>
        {shopText.checkout}
      </Button>
    </Box>
  );
}
