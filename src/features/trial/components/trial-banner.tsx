import { Button, Flex, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import * as paths from '../../../config/paths.ts';
import { useMe } from '../../auth/index.ts';
import { selectedProduct, useNavigationProducts, useSelectedProductId } from '../../navigation/index.ts';
import { setUpgradeTrigger, useTrialStatus } from '../api/get-trial-status.ts';
import {
  isAfterFirstHour,
  remainingDaysText,
  showsTrialBanner,
  showsUpgradeNow,
  trialBannerText,
  UPGRADE_PROMPT_AFTER_MS,
  upgradePromptDue,
} from '../rules.ts';

// The once-per-trial upgrade prompt: its chunk loads only when it is due.
const UpgradePrompt = lazy(() => import('./upgrade-prompt.tsx'));

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
    <>
      {/* Once per trial, an hour after status_entry (spec 000 section 4). */}
      <UpgradePromptOnce due={upgradePromptDue(trial.data, now)} productId={product.product_id} />
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
            <RouterLink
              to={paths.upgrade.build({ id: product.product_id })}
              onClick={() => setUpgradeTrigger('upgrade-banner')}
            >
              Upgrade now
            </RouterLink>
          </Button>
        )}
      </Flex>
    </>
  );
}

/** The upgrade prompt, mounted from the moment it is due and kept mounted (the trial's status then says it was shown). */
function UpgradePromptOnce({ due, productId }: { due: boolean; productId: number }) {
  const [shownFor, setShownFor] = useState<number | null>(null);
  // Adjusting state while rendering: once due for this product, it stays mounted until it closes itself.
  if (due && shownFor !== productId) setShownFor(productId);
  if (shownFor === null) return null;
  return (
    <Suspense fallback={null}>
      <UpgradePrompt productId={shownFor} />
    </Suspense>
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
