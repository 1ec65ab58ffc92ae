import { Box, chakra, Link } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

import { sortProductsLiveFirst, type NavigationProduct } from '@portal/contract';

import { productKindLabels } from '../product-labels.ts';
import { PRODUCT_SWITCHER_HEIGHT, switchTarget } from '../rules.ts';
import { setSelectedProductId } from '../selection.ts';

/**
 * The product switcher of the side navigation (spec 000): shown with more than one
 * product; a disclosure listing each product (kind label, detail, "Selected" on the
 * current one). Each product is a link to where choosing it goes (rules.switchTarget).
 */
export function ProductSwitcher({
  products,
  selected,
  onChoose,
}: {
  products: readonly NavigationProduct[];
  selected: NavigationProduct;
  onChoose?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  return (
    <Box mb="2">
      <chakra.button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        display="flex"
        w="full"
        // Fixed, so the room the side navigation keeps while this loads is exactly its size.
        h={PRODUCT_SWITCHER_HEIGHT}
        alignItems="center"
        gap="2"
        textAlign="start"
        px="3"
        py="2"
        rounded="md"
        borderWidth="1px"
        cursor="pointer"
        _hover={{ bg: 'bg.muted' }}
        focusVisibleRing="inside"
      >
        <Box flex="1" minW="0">
          <chakra.span display="block" fontSize="xs" lineHeight="1rem" color="fg.muted">
            Switch product<chakra.span srOnly>. Selected:</chakra.span>
          </chakra.span>
          <chakra.span display="block" lineHeight="1.5rem" fontWeight="semibold" truncate>
            {productKindLabels[selected.product_kind]}
          </chakra.span>
          <chakra.span display="block" fontSize="sm" lineHeight="1.25rem" color="fg.muted" truncate>
            {selected.product_detail}
          </chakra.span>
        </Box>
        <chakra.span aria-hidden="true" transform={open ? 'rotate(180deg)' : undefined}>
          ▾
        </chakra.span>
      </chakra.button>
      <chakra.ul
        id={listId}
        hidden={!open}
        aria-label="Products"
        listStyle="none"
        mt="1"
        display="flex"
        flexDirection="column"
        gap="1"
      >
        {sortProductsLiveFirst(products).map((product) => {
          const current = product.product_id === selected.product_id;
          return (
            <li key={product.product_id}>
              <Link
                asChild
                display="block"
                px="3"
                py="2"
                rounded="md"
                color="fg"
                textDecoration="none"
                bg={current ? 'brand.subtle' : undefined}
                _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                focusVisibleRing="inside"
              >
                <RouterLink
                  to={switchTarget(product, pathname, search)}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => {
                    setSelectedProductId(queryClient, product.product_id);
                    setOpen(false);
                    onChoose?.();
                  }}
                >
                  <chakra.span display="flex" justifyContent="space-between" gap="2" fontWeight="medium">
                    {productKindLabels[product.product_kind]}
                    {current && (
                      <chakra.span fontSize="xs" fontWeight="semibold" color="brand.fg">
                        Selected
                      </chakra.span>
                    )}
                  </chakra.span>
                  <chakra.span display="block" fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                    {product.product_detail}
                  </chakra.span>
                </RouterLink>
              </Link>
            </li>
          );
        })}
      </chakra.ul>
    </Box>
  );
}
