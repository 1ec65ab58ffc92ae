import { Box, Button, chakra, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import type { InstallationAddressInput, ProvisioningStatus, UpgradeEligibility, UpgradePlanId } from '@portal/contract';

import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { helpPhone } from '../../../config/help-phone.ts';
import * as paths from '../../../config/paths.ts';
import { track } from '../../../lib/analytics.ts';
import { navigationQueryOptions } from '../../navigation/index.ts';
import { trialStatusQueryOptions, upgradeTrigger } from '../../trial/index.ts';
import {
  getProvisioningStatus,
  startUpgrade,
  upgradeEligibilityQueryOptions,
  useUpgradeEligibility,
} from '../api/upgrade-api.ts';
import { planPrices, stepLabels, upgradeIntro, upgradeView } from '../rules.ts';
import {
  createUpgradeController,
  UPGRADE_STEPS,
  type UpgradeController,
  type UpgradeState,
  type UpgradeStep,
} from '../upgrade-controller.ts';
import { AddressStep, summaryOf } from './address-step.tsx';
import { MigrationBanner } from './migration-banner.tsx';
import { ProvisioningProgress } from './provisioning-progress.tsx';

export const upgradeText = {
  loading: 'Loading your upgrade',
  loadFailed: 'Your upgrade could not be loaded',
  planHeading: 'Choose your plan',
  perUser: 'a user a month, plus VAT',
  choosePlan: 'Choose a plan',
  summaryHeading: 'Check your upgrade',
  address: 'Installation address',
  plan: 'Plan',
  price: 'Price a user a month',
  vat: 'VAT (20%)',
  total: 'Total a user a month',
  change: 'Change',
  upgradeNow: 'Upgrade now',
  upgrading: 'Starting your upgrade',
  startFailed: 'Your upgrade could not be started',
  back: 'Back',
  continue: 'Continue',
  provisioningHeading: 'Setting up your phone',
  provisioningText: 'This takes a few moments. You can stay on this page: it moves on by itself.',
  pollFailed: 'We could not check on your upgrade just now. Trying again…',
  doneHeading: 'Your phone is upgraded',
  doneText: 'Everything you set up is there: your numbers, users and call flows.',
  goToPortal: 'Go to your portal',
  failedHeading: 'Your upgrade could not be finished',
  callUs: 'Please call us on',
  notAvailableHeading: 'There is nothing to upgrade',
  home: 'Back to home',
} as const;

/** The controller's state, followed by the view. */
function useControllerState(controller: UpgradeController): UpgradeState {
  return useSyncExternalStore(controller.subscribe, controller.getState);
}

/**
 * The upgrade page (/upgrade/{id}, spec 001 sections 2 and 4): the words shaped by the
 * trigger, then the steps address, plan, summary and confirmation; the upgrade call, then the
 * provisioning polled with visible progress until done, then the way into the portal. A
 * reload while the phone is being set up comes back to the progress.
 */
export function UpgradePage({ productId }: { productId: number }) {
  const eligibility = useUpgradeEligibility(productId);
  if (eligibility.isPending) return <Loading label={upgradeText.loading} />;
  if (eligibility.isError)
    return (
      <LoadError
        title={upgradeText.loadFailed}
        error={eligibility.error}
        onRetry={() => void eligibility.refetch()}
        retrying={eligibility.isFetching}
      />
    );
  return <UpgradeJourney key={productId} productId={productId} eligibility={eligibility.data} />;
}

function UpgradeJourney({ productId, eligibility }: { productId: number; eligibility: UpgradeEligibility }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The refresh after provisioning, which the way into the portal waits for (not state: nothing renders it).
  const [refreshed] = useState<{ current: Promise<unknown> | null }>(() => ({ current: null }));
  // The trial is gone and the navigation changed: both are asked again before the portal opens. Also when this
  // page was opened (or reloaded) after the provisioning had finished: the trial status the portal read on
  // start-up may be from before it, and home would send the customer back here.
  const refresh = () =>
    (refreshed.current ??= Promise.allSettled([
      queryClient.refetchQueries({ queryKey: trialStatusQueryOptions().queryKey }),
      queryClient.refetchQueries({ queryKey: navigationQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: upgradeEligibilityQueryOptions(productId).queryKey }),
    ]));
  const [controller] = useState(() =>
    createUpgradeController({
      productId,
      calls: { startUpgrade, provisioningStatus: getProvisioningStatus },
      onProvisioned: () => void refresh(),
      // Spec 001 section 7: a failed upgrade start and a failed provisioning status are reported.
      onStartFailed: (error) => track('Upgrade start failed', { product_id: productId, error }),
      onPollFailed: (error) => track('Provisioning status failed', { product_id: productId, error }),
    }),
  );
  useEffect(() => () => controller.dispose(), [controller]);
  const state = useControllerState(controller);

  const view = upgradeView(eligibility);
  useEffect(() => {
    if (view === 'resume' && eligibility.provisioning) controller.resume(eligibility.provisioning);
  }, [view, eligibility.provisioning, controller]);

  // Each new step takes the focus to its heading, so keyboard and screen-reader users follow.
  const stepRef = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [state.step]);

  // The progress the focus was in is gone once the phone is upgraded: the focus goes to the heading that says so.
  const finishedRef = useRef<HTMLDivElement>(null);
  const finished = state.provisioning?.status === 'provisioned';
  useEffect(() => {
    if (finished) finishedRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [finished]);

  const [trigger] = useState(upgradeTrigger);
  const intro = upgradeIntro(trigger, eligibility.upgrade_kind);
  const goToPortal = async () => {
    await refresh();
    navigate(paths.index.build());
  };

  const migration =
    eligibility.migration ??
    (state.provisioning?.kind === 'migration' && !state.provisioning.provisioned ? state.provisioning : null);
  const showBanner = eligibility.show_migration_banner || migration !== null;

  if (view === 'not-available' && !state.provisioning) {
    return (
      <Flex direction="column" gap="4" maxW="3xl">
        <Heading as="h1" size="3xl">
          {upgradeText.notAvailableHeading}
        </Heading>
        <chakra.ul ps="5" listStyleType="disc">
          {eligibility.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </chakra.ul>
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to={paths.index.build()}>{upgradeText.home}</RouterLink>
        </Button>
      </Flex>
    );
  }
  // Upgraded (here, or before this page was opened): the trigger's words ("Your free trial has ended") are no
  // longer true, and every step is done.
  if (finished || (view === 'done' && !state.provisioning)) {
    return (
      <Flex ref={finishedRef} direction="column" gap="6" maxW="3xl">
        <Done onGo={() => void goToPortal()} />
        <StepList current={null} />
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="6" maxW="3xl">
      <div>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="2">
          {intro.heading}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {intro.text}
        </Text>
      </div>
      {showBanner && <MigrationBanner migration={migration} />}
      <StepList current={state.step} />
      <Box ref={stepRef}>
        {state.step === 'address' && (
          <AddressStep
            current={eligibility.installation_address}
            chosen={state.address}
            onConfirm={(address) => controller.confirmAddress(address)}
          />
        )}
        {state.step === 'plan' && (
          <PlanStep
            plans={eligibility.plans}
            chosen={state.planId}
            onChoose={(plan) => controller.choosePlan(plan)}
            onBack={() => controller.back()}
          />
        )}
        {state.step === 'summary' && state.address && state.planId && (
          <SummaryStep
            address={state.address}
            plan={eligibility.plans.find((plan) => plan.id === state.planId) ?? eligibility.plans[0]!}
            state={state}
            onEdit={(step) => controller.edit(step)}
            onSubmit={() => void controller.submit()}
            onBack={() => controller.back()}
          />
        )}
        {state.step === 'confirmation' && state.provisioning && (
          <Confirmation status={state.provisioning} pollError={state.pollError} />
        )}
      </Box>
    </Flex>
  );
}

/** Where the customer is among the steps; the current one is marked for screen readers. With none current, all are done. */
function StepList({ current }: { current: UpgradeStep | null }) {
  const at = current === null ? UPGRADE_STEPS.length : UPGRADE_STEPS.indexOf(current);
  return (
    <chakra.ol
      aria-label="Upgrade steps"
      display="flex"
      gap={{ base: '1', sm: '2' }}
      flexWrap="wrap"
      listStyleType="none"
      p="0"
      m="0"
    >
      {UPGRADE_STEPS.map((step, index) => (
        <chakra.li
          key={step}
          aria-current={index === at ? 'step' : undefined}
          px={{ base: '2', sm: '3' }}
          py="1"
          rounded="full"
          fontSize="sm"
          fontWeight={index === at ? 'bold' : 'normal'}
          bg={index === at ? 'brand.solid' : index < at ? 'bg.muted' : 'transparent'}
          color={index === at ? 'white' : 'fg'}
          borderWidth="1px"
          borderColor={index === at ? 'brand.solid' : 'border'}
        >
          {index + 1}. {stepLabels[step]}
          {index < at && <chakra.span srOnly> (done)</chakra.span>}
        </chakra.li>
      ))}
    </chakra.ol>
  );
}

function PlanStep({
  plans,
  chosen,
  onChoose,
  onBack,
}: {
  plans: UpgradeEligibility['plans'];
  chosen: UpgradePlanId | null;
  onChoose: (plan: UpgradePlanId) => void;
  onBack: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState<string>(chosen ?? '');
  const [error, setError] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const plan = plans.find((candidate) => candidate.id === value);
    if (!plan) {
      setError(true);
      firstRef.current?.focus();
      return;
    }
    onChoose(plan.id as UpgradePlanId);
  };
  return (
    <form noValidate onSubmit={submit}>
      <Flex direction="column" gap="5">
        <Heading as="h2" size="xl" tabIndex={-1} outline="none">
          {upgradeText.planHeading}
        </Heading>
        <chakra.fieldset border="0" p="0" m="0" aria-describedby={error ? `${id}-error` : undefined}>
          <chakra.legend srOnly>{upgradeText.planHeading}</chakra.legend>
          {error && (
            <Text id={`${id}-error`} color="fg.error" fontWeight="semibold" mb="2">
              <chakra.span srOnly>Error: </chakra.span>
              {upgradeText.choosePlan}
            </Text>
          )}
          <Flex direction="column" gap="3">
            {plans.map((plan, index) => (
              <chakra.label
                key={plan.id}
                htmlFor={`${id}-${plan.id}`}
                display="flex"
                gap="3"
                alignItems="flex-start"
                borderWidth="2px"
                borderColor={value === plan.id ? 'brand.solid' : error ? 'border.error' : 'border'}
                rounded="md"
                p="4"
                cursor="pointer"
              >
                <chakra.input
                  ref={index === 0 ? firstRef : undefined}
                  type="radio"
                  id={`${id}-${plan.id}`}
                  name={`${id}-plan`}
                  value={plan.id}
                  checked={value === plan.id}
                  onChange={() => {
                    setValue(plan.id);
                    setError(false);
                  }}
                  mt="1"
                  w="5"
                  h="5"
                  accentColor="brand.solid"
                  focusVisibleRing="outside"
                />
                <Box>
                  <Text fontWeight="bold" fontSize="lg">
                    {plan.name}
                  </Text>
                  <Text>
                    <chakra.span fontWeight="semibold">{planPrices(plan).price}</chakra.span> {upgradeText.perUser}
                  </Text>
                  <Text color="fg.muted">{plan.description}</Text>
                </Box>
              </chakra.label>
            ))}
          </Flex>
        </chakra.fieldset>
        <Flex direction={{ base: 'column-reverse', sm: 'row' }} gap="3">
          <Button size="lg" variant="outline" onClick={onBack}>
            {upgradeText.back}
          </Button>
          <Button type="submit" size="lg" colorPalette="brand">
            {upgradeText.continue}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

function SummaryStep({
  address,
  plan,
  state,
  onEdit,
  onSubmit,
  onBack,
}: {
  address: InstallationAddressInput;
  plan: UpgradeEligibility['plans'][number];
  state: UpgradeState;
  onEdit: (step: 'address' | 'plan') => void;
  onSubmit: () => void;
  onBack: () => void;
}) {
  const prices = planPrices(plan);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.submitError) alertRef.current?.focus();
  }, [state.submitError]);
  const row = (term: string, detail: string, edit?: 'address' | 'plan') => (
    <Flex
      key={term}
      direction={{ base: 'column', sm: 'row' }}
      gap={{ base: '1', sm: '4' }}
      py="3"
      borderBottomWidth="1px"
      borderColor="border"
    >
      <chakra.dt fontWeight="semibold" minW={{ sm: '14rem' }}>
        {term}
      </chakra.dt>
      <chakra.dd flex="1" m="0" display="flex" gap="3" justifyContent="space-between" alignItems="flex-start">
        <chakra.span overflowWrap="anywhere">{detail}</chakra.span>
        {edit && (
          <Button
            variant="plain"
            colorPalette="brand"
            textDecoration="underline"
            px="0"
            h="auto"
            onClick={() => onEdit(edit)}
            disabled={state.submitting}
          >
            {upgradeText.change}
            <chakra.span srOnly> {term.toLowerCase()}</chakra.span>
          </Button>
        )}
      </chakra.dd>
    </Flex>
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Flex direction="column" gap="5">
        <Heading as="h2" size="xl" tabIndex={-1} outline="none">
          {upgradeText.summaryHeading}
        </Heading>
        {state.submitError && (
          <Box
            ref={alertRef}
            role="alert"
            tabIndex={-1}
            outline="none"
            borderWidth="1px"
            borderColor="border.error"
            bg="bg.error"
            rounded="md"
            p="4"
          >
            <Text fontWeight="semibold" color="fg.error" mb="1">
              {upgradeText.startFailed}
            </Text>
            <Text overflowWrap="anywhere">{state.submitError}</Text>
          </Box>
        )}
        <chakra.dl m="0">
          {row(upgradeText.address, summaryOf(address), 'address')}
          {row(upgradeText.plan, plan.name, 'plan')}
          {row(upgradeText.price, prices.price)}
          {row(upgradeText.vat, prices.vat)}
          {row(upgradeText.total, prices.total)}
        </chakra.dl>
        <Flex direction={{ base: 'column-reverse', sm: 'row' }} gap="3">
          <Button size="lg" variant="outline" onClick={onBack} disabled={state.submitting}>
            {upgradeText.back}
          </Button>
          <SubmitButton pending={state.submitting} pendingText={upgradeText.upgrading} align="row">
            {upgradeText.upgradeNow}
          </SubmitButton>
        </Flex>
      </Flex>
    </form>
  );
}

function Confirmation({ status, pollError }: { status: ProvisioningStatus; pollError: string | null }) {
  if (status.status === 'failed') {
    return (
      <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4">
        <Heading as="h2" size="lg" color="fg.error" mb="2" tabIndex={-1} outline="none">
          {upgradeText.failedHeading}
        </Heading>
        <Text mb="2">{status.detail}</Text>
        <Text>
          {upgradeText.callUs}{' '}
          <Link href={`tel:${helpPhone.tel}`} color="brand.fg" fontWeight="semibold" textDecoration="underline">
            {helpPhone.display}
          </Link>
        </Text>
      </Box>
    );
  }
  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="xl" tabIndex={-1} outline="none">
        {upgradeText.provisioningHeading}
      </Heading>
      <Text>{upgradeText.provisioningText}</Text>
      <Box aria-live="polite">
        <ProvisioningProgress status={status} />
      </Box>
      {pollError && (
        <Text role="status" color="fg.muted">
          {upgradeText.pollFailed} ({pollError})
        </Text>
      )}
    </Flex>
  );
}

function Done({ onGo }: { onGo: () => void }) {
  return (
    <Flex direction="column" gap="4" role="status">
      <Heading as="h1" size="3xl" tabIndex={-1} outline="none">
        {upgradeText.doneHeading}
      </Heading>
      <Text>{upgradeText.doneText}</Text>
      <Button size="lg" colorPalette="brand" alignSelf={{ base: 'stretch', sm: 'flex-start' }} onClick={onGo}>
        {upgradeText.goToPortal}
      </Button>
    </Flex>
  );
}
