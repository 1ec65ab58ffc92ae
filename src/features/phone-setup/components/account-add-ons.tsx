import { Badge, Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { monthlyPriceWithVat, priceWithVat, type AddOnClass, type SiteAddOn } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { useToggleSiteAddOn } from '../api/patch-site-add-on.ts';
import { useSetInternationalCalling } from '../api/set-international-calling.ts';
import {
  useCrmEligibility,
  useInternationalCalling,
  useInternationalTariffs,
  useSiteAddOns,
} from '../api/settings-api.ts';
import { useUpgradeAddOns } from '../api/upgrade-add-ons.ts';

const CLASS_LABELS: Record<AddOnClass, { text: string; palette: string }> = {
  recording: { text: 'Recording', palette: 'purple' },
  fraud: { text: 'Fraud', palette: 'red' },
  crm: { text: 'CRM', palette: 'blue' },
  other: { text: 'Other', palette: 'gray' },
};

/** Account add-ons (/account-add-ons/{id}): the site's add-ons, the CRM upgrade and international calling. */
export function AccountAddOns({ productId }: { productId: number }) {
  return (
    <Flex direction="column" gap="8">
      <SiteAddOnsSection productId={productId} />
      <InternationalSection productId={productId} />
    </Flex>
  );
}

function SiteAddOnsSection({ productId }: { productId: number }) {
  const addOns = useSiteAddOns(productId);
  const eligibility = useCrmEligibility(productId);
  const [upgrading, setUpgrading] = useState(false);
  const toggle = useToggleSiteAddOn(productId);
  const run = async (addOn: SiteAddOn) => {
    try {
      await toggle.mutateAsync(addOn);
      toaster.create({
        type: 'success',
        title: addOn.enabled ? `${addOn.display_name} removed` : `${addOn.display_name} added`,
      });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: `${addOn.display_name} was not changed`,
        description: userErrorText(error),
      });
    }
  };

  if (addOns.isPending) return <Loading label="Loading your add-ons" />;
  if (addOns.isError)
    return (
      <LoadError
        title="Your add-ons could not be loaded"
        error={addOns.error}
        onRetry={() => void addOns.refetch()}
        retrying={addOns.isFetching}
      />
    );
  const shown = addOns.data.filter((a) => a.group !== 'international');
  return (
    <Box as="section" aria-labelledby="site-add-ons-heading">
      <Heading as="h2" id="site-add-ons-heading" size="lg" mb="1">
        Your phone system's add-ons
      </Heading>
      <Text color="fg.muted" mb="3">
        Monthly prices include VAT.
      </Text>
      <chakra.ul listStyleType="none" borderWidth="1px" rounded="md" aria-label="Add-ons">
        {shown.map((addOn) => {
          const label = CLASS_LABELS[addOn.label];
          return (
            <chakra.li
              key={addOn.addon_id}
              display="flex"
              flexWrap="wrap"
              gap="3"
              alignItems="center"
              justifyContent="space-between"
              p="3"
              borderBottomWidth="1px"
              _last={{ borderBottomWidth: 0 }}
            >
              <Box flex="1" minW="14rem">
                <Flex gap="2" align="center" wrap="wrap">
                  <Text fontWeight="semibold">{addOn.display_name}</Text>
                  <Badge colorPalette={label.palette}>{label.text}</Badge>
                  {addOn.enabled && <Badge colorPalette="green">On</Badge>}
                </Flex>
                <Text color="fg.muted">{addOn.description}</Text>
                <Text>{priceWithVat(addOn.standard_price)} a month</Text>
              </Box>
              {addOn.group === 'switchable' ? (
                <Button
                  size="sm"
                  variant={addOn.enabled ? 'outline' : 'solid'}
                  colorPalette="brand"
                  onClick={() => void run(addOn)}
                  disabled={toggle.isPending}
                  aria-label={`${addOn.enabled ? 'Remove' : 'Add'} ${addOn.display_name}`}
                >
                  {addOn.enabled ? 'Remove' : 'Add'}
                </Button>
              ) : addOn.enabled ? (
                <Text color="fg.muted">Included in your plan</Text>
              ) : eligibility.data?.crm_integration ? (
                <Button size="sm" colorPalette="brand" onClick={() => setUpgrading(true)}>
                  Upgrade to {addOn.display_name}
                </Button>
              ) : (
                <Text color="fg.muted">Call us to upgrade</Text>
              )}
            </chakra.li>
          );
        })}
      </chakra.ul>
      {upgrading && (
        <CrmUpgradeDialog
          productId={productId}
          addOn={shown.find((a) => a.group === 'crm')}
          onClose={() => setUpgrading(false)}
        />
      )}
    </Box>
  );
}

function CrmUpgradeDialog({
  productId,
  addOn,
  onClose,
}: {
  productId: number;
  addOn: SiteAddOn | undefined;
  onClose: () => void;
}) {
  const upgrade = useUpgradeAddOns(productId);
  const name = addOn?.display_name ?? 'CRM integration';
  const confirm = async () => {
    try {
      await upgrade.mutateAsync();
      toaster.create({ type: 'success', title: `${name} has been added` });
      onClose();
    } catch {
      // upgrade.error shows in the dialog
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      busy={upgrade.isPending}
      title={`Upgrade to ${name}`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={upgrade.isPending}>
            Cancel
          </Button>
          <Button colorPalette="brand" onClick={() => void confirm()} loading={upgrade.isPending}>
            Upgrade
          </Button>
        </>
      }
    >
      <Text>{addOn?.description}</Text>
      {addOn && (
        <Text mt="2">{priceWithVat(addOn.standard_price)} a month, including VAT, added to your next bill.</Text>
      )}
      {upgrade.error ? (
        <Text role="alert" color="fg.error" mt="3">
          {userErrorText(upgrade.error)}
        </Text>
      ) : null}
    </Dialog>
  );
}

function InternationalSection({ productId }: { productId: number }) {
  const tariffs = useInternationalTariffs(productId);
  const current = useInternationalCalling(productId);
  const choose = useSetInternationalCalling(productId);
  const run = async (tariffId: number) => {
    try {
      const answer = await choose.mutateAsync(tariffId);
      toaster.create({
        type: 'success',
        title: `Your international calling tariff is now ${answer.tariff?.name ?? ''}`,
      });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: 'Your international calling tariff was not changed',
        description: userErrorText(error),
      });
    }
  };

  return (
    <Box as="section" aria-labelledby="international-heading">
      <Heading as="h2" id="international-heading" size="lg" mb="1">
        International calling
      </Heading>
      {tariffs.isPending || current.isPending ? (
        <Loading label="Loading the international tariffs" />
      ) : tariffs.isError || current.isError ? (
        <LoadError
          title="The international tariffs could not be loaded"
          error={tariffs.error ?? current.error}
          onRetry={() => void Promise.all([tariffs.refetch(), current.refetch()])}
        />
      ) : (
        <>
          <Text color="fg.muted" mb="3">
            {current.data.tariff
              ? `Your tariff: ${current.data.tariff.name}.`
              : 'You have no international calling tariff: calls abroad are charged by the minute.'}{' '}
            Monthly prices include VAT.
          </Text>
          {!current.data.kyc_passed && (
            <Box role="note" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="3" mb="3">
              <Text fontWeight="semibold">We need to check your business's identity first</Text>
              <Text>
                International calling is open once the identity checks on your account (know your customer) are
                complete. This protects you from fraudulent calls abroad. Call us and we will finish them with you.
              </Text>
            </Box>
          )}
          <chakra.ul
            listStyleType="none"
            display="grid"
            gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }}
            gap="3"
            aria-label="International tariffs"
          >
            {tariffs.data.map((tariff) => {
              const isCurrent = current.data.tariff?.id === tariff.id;
              return (
                <chakra.li
                  key={tariff.id}
                  borderWidth={isCurrent ? '2px' : '1px'}
                  borderColor={isCurrent ? 'brand.solid' : undefined}
                  rounded="md"
                  p="4"
                  display="flex"
                  flexDirection="column"
                  gap="2"
                >
                  <Text fontWeight="semibold">{tariff.name}</Text>
                  <Text color="fg.muted" flex="1">
                    {tariff.description}
                  </Text>
                  <Text>{monthlyPriceWithVat(tariff)}</Text>
                  {isCurrent ? (
                    <Badge colorPalette="green" alignSelf="start">
                      Your tariff
                    </Badge>
                  ) : (
                    <Button
                      size="sm"
                      colorPalette="brand"
                      onClick={() => void run(tariff.id)}
                      disabled={!current.data.kyc_passed || choose.isPending}
                      aria-label={`Choose ${tariff.name}`}
                    >
                      Choose
                    </Button>
                  )}
                </chakra.li>
              );
            })}
          </chakra.ul>
        </>
      )}
    </Box>
  );
}
