import { Badge, Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';

import { priceWithVat } from '@portal/contract';

import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { AddOnDialog, useAdvancedCallFlowAddOn } from '../../../features/call-flows/index.ts';
import { AccountAddOns } from '../../../features/phone-setup/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** Account add-ons (route account-add-ons-id): advanced call flows, the site's add-ons, the CRM upgrade and international calling. */
export function AccountAddOnsPage() {
  usePageTitle('Account add-ons');
  const productId = parseProductId(useParams().id);
  if (productId === null) return <NotFoundContent loggedIn />;
  return (
    <Flex direction="column" gap="8" maxW="5xl">
      <div>
        <Heading as="h1" size="3xl" mb="2">
          Account add-ons
        </Heading>
        <Text color="fg.muted">Extras for your whole phone system.</Text>
      </div>
      <AdvancedCallFlows key={`acf-${productId}`} productId={productId} />
      <AccountAddOns key={productId} productId={productId} />
    </Flex>
  );
}

/** The advanced call flows add-on, with the call-flow page's dialog (acceptance checkbox, both snackbars). */
function AdvancedCallFlows({ productId }: { productId: number }) {
  const addOn = useAdvancedCallFlowAddOn(productId);
  const [open, setOpen] = useState(false);
  return (
    <Box as="section" aria-labelledby="advanced-call-flows-heading" borderWidth="1px" rounded="md" p="4">
      <Heading as="h2" id="advanced-call-flows-heading" size="lg" mb="1">
        Advanced call flows
      </Heading>
      {addOn.isPending ? (
        <Loading label="Loading the advanced call flows add-on" />
      ) : addOn.isError ? (
        <LoadError
          title="The advanced call flows add-on could not be loaded"
          error={addOn.error}
          onRetry={() => void addOn.refetch()}
          retrying={addOn.isFetching}
        />
      ) : (
        <Flex
          gap="3"
          align={{ base: 'stretch', md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
        >
          <div>
            <Text color="fg.muted">Menus, queues and more steps in your custom call flows.</Text>
            <Text>{priceWithVat(addOn.data.standard_price)} a month, including VAT</Text>
          </div>
          {addOn.data.enabled ? (
            <Badge colorPalette="green" alignSelf={{ base: 'start', md: 'center' }}>
              On
            </Badge>
          ) : (
            <Button colorPalette="brand" onClick={() => setOpen(true)}>
              Add advanced call flows
            </Button>
          )}
          <AddOnDialog
            open={open}
            productId={productId}
            addOn={addOn.data}
            onClose={() => setOpen(false)}
            onAdded={() => setOpen(false)}
          />
        </Flex>
      )}
    </Box>
  );
}
