import { Box } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

import type { NavigationProduct } from '@portal/contract';

import { loadStatusCards, useStatuses } from '../../features/status/index.ts';

// Shown to customers who have a status only.
const StatusCards = lazy(async () => ({ default: (await loadStatusCards()).StatusCards }));

/**
 * The app status banners of the default layout (spec 000, layouts): the credit-control,
 * locked-user and suspended-service statuses the start-up loaded, above every page of the
 * layout, not only home.
 */
export function AppStatusBanners({ products }: { products: readonly NavigationProduct[] }) {
  const statuses = useStatuses(products);
  if (!statuses.any) return null;
  return (
    <Box mb="8" maxW="5xl">
      <Suspense fallback={null}>
        <StatusCards statuses={statuses.input} />
      </Suspense>
    </Box>
  );
}
