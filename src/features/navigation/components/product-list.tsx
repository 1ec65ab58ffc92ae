import { Box, chakra, Flex, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { sortProductsLiveFirst, type NavigationProduct } from '@portal/contract';

import { productKindLabels, statusLabel } from '../product-labels.ts';
import { detailsPath } from '../rules.ts';

/** The account's products: kind label (a link to the product's details page), detail and status, live first. */
export function ProductList({ products, labelledBy }: { products: NavigationProduct[]; labelledBy?: string }) {
  if (products.length === 0) {
    return <Text color="fg.muted">There are no products on your account yet.</Text>;
  }
  return (
    <chakra.ul
      aria-labelledby={labelledBy}
      listStyle="none"
      display="grid"
      gap="3"
      gridTemplateColumns={{ base: '1fr', md: 'repeat(auto-fill, minmax(320px, 1fr))' }}
    >
      {sortProductsLiveFirst(products).map((product) => (
        <Box as="li" key={product.product_id} borderWidth="1px" rounded="lg" bg="bg" p="4">
          <Flex justify="space-between" align="flex-start" gap="3">
            <Box minW="0">
              <Text color="fg.muted">{productKindLabels[product.product_kind]}</Text>
              {/* The product itself is the link ("Cloud phone - 3 users"): two cloud phones are two links of different names. */}
              <Link
                asChild
                fontWeight="semibold"
                color="brand.fg"
                textDecoration="underline"
                focusVisibleRing="outside"
              >
                <RouterLink to={detailsPath(product)}>{product.product_detail}</RouterLink>
              </Link>
            </Box>
            <chakra.span
              flexShrink={0}
              px="2"
              py="0.5"
              rounded="full"
              fontSize="sm"
              fontWeight="medium"
              bg={product.status === 'live' ? 'green.100' : 'gray.100'}
              color={product.status === 'live' ? 'green.800' : 'gray.800'}
            >
              <chakra.span srOnly>Status: </chakra.span>
              {statusLabel(product.status)}
            </chakra.span>
          </Flex>
        </Box>
      ))}
    </chakra.ul>
  );
}
