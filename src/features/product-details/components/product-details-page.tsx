import { Box, Button, chakra, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Navigate, Link as RouterLink } from 'react-router-dom';

import {
  displayPhone,
  type ProductChild,
  type ProductContract,
  type ProductDetails,
  type ProductKind,
} from '@portal/contract';

import { Facts } from '../../../components/facts.tsx';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import * as paths from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { detailsRoutes, productKindLabels } from '../../navigation/index.ts';
import { downloadContractDocument, useProductDetails } from '../api/product-details-api.ts';
import {
  agreedRenewalText,
  contractStatusText,
  monthsText,
  priceText,
  promoText,
  shownContracts,
} from '../logic/details-view.ts';
import { RenewalSection } from './renewal-section.tsx';

/** A section of the page with its h2, named by it for screen readers. */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <chakra.section
      aria-labelledby={id}
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      p={{ base: '4', md: '5' }}
      bg="bg"
    >
      <Heading as="h2" id={id} size="lg" mb="1">
        {title}
      </Heading>
      {children}
    </chakra.section>
  );
}

function AppLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link asChild color="brand.fg" textDecoration="underline" focusVisibleRing="outside">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A cloud phone's site at a glance, each part a link to its page. */
function SiteSummarySection({ productId, site }: { productId: number; site: NonNullable<ProductDetails['site']> }) {
  const numbersPage = paths.phoneNumbers.build({ id: productId });
  return (
    <Section title="Your phone system">
      <Facts
        rows={[
          [
            'Pilot number',
            site.pilot_number ? <AppLink to={numbersPage}>{displayPhone(site.pilot_number)}</AppLink> : '-',
          ],
          [
            'Users',
            <AppLink key="users" to={paths.usersDevices.build({ id: productId })}>
              {count(site.users, 'user', 'users')}
            </AppLink>,
          ],
          [
            'Numbers',
            <AppLink key="numbers" to={numbersPage}>
              {count(site.numbers, 'number', 'numbers')}
            </AppLink>,
          ],
          [
            'Active call flow',
            <AppLink key="flow" to={paths.callFlowsPage(productId)}>
              {site.active_call_flow ? site.active_call_flow.name : 'None active: set one up'}
            </AppLink>,
          ],
        ]}
      />
    </Section>
  );
}

function ChildCard({ child }: { child: ProductChild }) {
  return (
    <chakra.li borderWidth="1px" borderColor="border" rounded="md" p="3">
      <Heading as="h3" size="sm" overflowWrap="anywhere">
        {child.product_detail}
      </Heading>
      <Facts
        rows={[
          ['Tariff', child.tariff_name ?? '-'],
          ['Price', child.tariff_price === null ? '-' : `${priceText(child.tariff_price)} a month`],
          ['Promotion', promoText(child.promo_price, child.promo_length)],
        ]}
      />
    </chakra.li>
  );
}

function ContractCard({ contract }: { contract: ProductContract }) {
  return (
    <chakra.li borderWidth="1px" borderColor="border" rounded="md" p="3">
      <Heading as="h3" size="sm">
        Contract {contract.contract_id}
      </Heading>
      <Facts
        rows={[
          ['Status', contractStatusText(contract.status)],
          ['Start date', formatDate(contract.start_date)],
          ['End date', formatDate(contract.end_date)],
          ['Length', monthsText(contract.contract_length_months)],
          ['Summaries sent', String(contract.contract_summaries_sent)],
        ]}
      />
    </chakra.li>
  );
}

function ContractsSection({ details }: { details: ProductDetails }) {
  const contracts = shownContracts(details);
  const contractDocument = useMutation({
    mutationFn: (token: string) => downloadContractDocument(details.product_id, token),
    onSuccess: (file) => {
      const current = contracts.find((contract) => contract.status !== 'ENDED') ?? contracts[0];
      saveFile(file, `contract-${current?.contract_id ?? details.product_id}.txt`);
    },
    onError: (error) =>
      toaster.create({
        type: 'error',
        title: 'The contract document could not be downloaded',
        description: userErrorText(error),
      }),
  });
  const downloading = contractDocument.isPending;
  const download = (token: string) => contractDocument.mutate(token);
  return (
    <Section title="Contracts">
      {details.download_token && (
        <Button
          mt="2"
          mb="2"
          variant="outline"
          colorPalette="brand"
          size="sm"
          loading={downloading}
          onClick={() => download(details.download_token!)}
        >
          Download contract document
        </Button>
      )}
      {contracts.length === 0 ? (
        <Text mt="2">No contracts yet.</Text>
      ) : (
        <chakra.ul listStyleType="none" display="grid" gap="3" mt="3" aria-label="Contracts">
          {contracts.map((contract) => (
            <ContractCard key={contract.contract_id} contract={contract} />
          ))}
        </chakra.ul>
      )}
    </Section>
  );
}

/** The product's statuses are lower-cased by the server: shown with a capital. */
const statusText = (status: string) => (status ? status.charAt(0).toUpperCase() + status.slice(1) : '-');

/** The page title, set by whichever state the page is in ("Page not found" sets its own). */
function PageTitle({ page }: { page: string }) {
  usePageTitle(page);
  return null;
}

function DetailsContent({ details }: { details: ProductDetails }) {
  const label = productKindLabels[details.product_kind];
  return (
    <Stack gap="6" maxW="4xl">
      <PageTitle page={`${label} details`} />
      <div>
        <Heading as="h1" size="3xl" mb="2">
          {label} details
        </Heading>
        <Text color="fg.muted" overflowWrap="anywhere">
          {details.product_detail}
        </Text>
      </div>
      <RenewalSection productId={details.product_id} details={details} />
      <Section title="Tariff">
        <Facts
          rows={[
            ['Tariff', details.tariff_name ?? '-'],
            ['Price', details.tariff_price === null ? '-' : `${priceText(details.tariff_price)} a month`],
            ['Promotion', promoText(details.promo_price, details.promo_length)],
            ['Contract length', monthsText(details.contract_length_months)],
            ['Date activated', formatDate(details.live_date)],
            ['Status', statusText(details.status)],
            ...(details.renewal_agreed
              ? [['Renewal agreed', agreedRenewalText(details.renewal_agreed)] as [string, string]]
              : []),
          ]}
        />
        <Text mt="3" fontSize="sm" color="fg.muted">
          Prices are monthly and exclude VAT.
        </Text>
      </Section>
      {details.site && <SiteSummarySection productId={details.product_id} site={details.site} />}
      {details.children.length > 0 && (
        <Section title="Included with this product">
          <chakra.ul listStyleType="none" display="grid" gap="3" mt="3" aria-label="Included with this product">
            {details.children.map((child, index) => (
              <ChildCard key={index} child={child} />
            ))}
          </chakra.ul>
        </Section>
      )}
      <ContractsSection details={details} />
    </Stack>
  );
}

/**
 * A product's details page (routes voip-details-id, {product}-phone-details-id, broadband-, fibre-,
 * phoneline- and website-details-id; spec 001 section 3 "Product details"): its tariff and
 * promotion, contract length, date activated and status, its children's tariffs, its contracts
 * (VOID hidden) with the contract document, renewal when the current contract ends within a month,
 * and for a cloud phone its site at a glance. A product of another kind than the route's goes to its own kind's
 * details route; another customer's or an unknown one is "Page not found".
 */
export function ProductDetailsPage({ productId, kind }: { productId: number | null; kind: ProductKind }) {
  return productId === null ? <NotFoundContent loggedIn /> : <LoadedDetails productId={productId} kind={kind} />;
}

function LoadedDetails({ productId, kind }: { productId: number; kind: ProductKind }) {
  const query = useProductDetails(productId);
  if (query.isPending) {
    return (
      <Box maxW="4xl">
        <PageTitle page="Product details" />
        <Loading label="Loading the product details" />
      </Box>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundContent loggedIn />;
    return (
      <Stack gap="4" maxW="4xl">
        <PageTitle page="Product details" />
        <Heading as="h1" size="3xl">
          Product details
        </Heading>
        <LoadError
          title="The product details could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Stack>
    );
  }
  // Each kind has its own details route: a product of another kind (an old link, /voip-details/1 for a cloud
  // phone of tariff version 3) goes to its own, the address replaced so Back does not bounce here again.
  if (query.data.product_kind !== kind)
    return <Navigate replace to={detailsRoutes[query.data.product_kind].build({ id: productId })} />;
  return <DetailsContent details={query.data} />;
}
