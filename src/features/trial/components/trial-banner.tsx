import { Button, Flex, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import * as paths from '../../../config/paths.ts';
import { useMe } from '../../auth/index.ts';
import { selectedProduct, useNavigationProducts, useSelectedProductId } from '../../navigation/index.ts';
import { setUpgradeTrigger, useTrialStatus } from '../api/get-trial-status.ts';
import { isAfterFirstHour, remainingDaysText, showsTrialBanner, showsUpgradeNow, trialBannerText, UPGRADE_PROMPT_AFTER_MS } from '../rules.ts';

/**
 * The trial banner of the default layout (spec 000 section 2): shown while the customer is
 * in a trial of the selected product, counting the days down from 3, with "Upgrade now" for
 * an opt-in trial once the first hour is over (or with the first-hour flag on).
 */
export function TrialBanner() {
  const trial = useTrialStatus();
  const me = useMe();
  const navigation = useNavigationProducts();
  const product = selectedProduct(navigation.data?.products ?? [], useSelectedProductId());
  const now = useNowAfterFirstHour(trial.data?.status_entry ?? null);
  if (!product || !showsTrialBanner(trial.data, product.product_id)) return null;
  const days = remainingDaysText(trial.data.remainDays);
  return (
    <Flex
      as="section"
      aria-label="Trial"
      align="center"
      justify="center"
      wrap="wrap"
      gap={{ base: '2', md: '4' }}
      px="4"
      py="2"
      bg="brand.subtle"
      borderBottomWidth="1px"
      borderColor="brand.muted"
      textAlign="center"
    >
      <Text fontWeight="medium">
        {trialBannerText()}
        {days && <> – {days}</>}
      </Text>
      {showsUpgradeNow(trial.data, me.data?.feature_flags ?? [], now) && (
        <Button asChild size="sm" colorPalette="brand" type={undefined}>
          <RouterLink to={paths.upgrade.build({ id: product.product_id })} onClick={() => setUpgradeTrigger('upgrade-banner')}>
            Upgrade now
          </RouterLink>
        </Button>
      )}
    </Flex>
  );
}

/** The time now, re-rendering once when the trial's first hour ends (so "Upgrade now" appears on time). */
function useNowAfterFirstHour(statusEntry: string | null): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!statusEntry || isAfterFirstHour(statusEntry, now)) return;
    const wait = new Date(statusEntry).getTime() + UPGRADE_PROMPT_AFTER_MS - now.getTime();
    const timer = window.setTimeout(() => setNow(new Date()), Math.min(Math.max(wait, 0) + 50, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [statusEntry, now]);
  return now;
}
