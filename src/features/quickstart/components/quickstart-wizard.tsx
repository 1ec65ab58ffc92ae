import { Box, Button, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

import type { NavigationProduct, QuickstartStep } from '@portal/contract';

import { MAIN_CONTENT_ID } from '../../../components/skip-link.tsx';
import { MOBILE_MEDIA_QUERY } from '../../../config/breakpoints.ts';
import { track } from '../../../lib/analytics.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useMe } from '../../auth/index.ts';
import { setUpgradeTrigger, useTrialStatus } from '../../trial/index.ts';
import { useCompleteStep, usePatchTrialStatus } from '../api/patch-trial-status.ts';
import {
  completedSteps,
  feedbackEnabled,
  markShown,
  openingStep,
  opensExpanded,
  progressText,
  QS_OPENED_EVENT,
  quickstartSteps,
  rememberedStep,
  rememberStep,
} from '../rules.ts';
import { QUICKSTART_STEP_CONTENT } from '../steps.ts';
import { FeedbackPanel } from './feedback-panel.tsx';
import { QuickstartSteps } from './quickstart-steps.tsx';

/**
 * The quick-start wizard (spec 000 sections 2 and 4): a collapsible panel anchored bottom
 * right (full width at the bottom on small screens) with an activator showing the progress.
 * It shows the steps, the completion view once every step is done, or the feedback panel
 * instead when feedback is enabled. The default layout mounts it only while it opens
 * (opens.ts); it starts expanded on a computer on the first visit, otherwise collapsed (rules.ts).
 */
export function QuickstartWizard({ product }: { product: NavigationProduct }) {
  // Another product is another set of steps, opening at its own remembered step.
  return <Wizard key={product.product_id} product={product} />;
}

// The default layout loads it with lazy(), which takes a default export.

function Wizard({ product }: { product: NavigationProduct }) {
  const trial = useTrialStatus().data;
  const me = useMe().data;
  const productId = product.product_id;
  const steps = quickstartSteps(product);
  const completed = trial?.quickstart_popup_sections_completed ?? {};
  const done = completedSteps(steps, completed).length;
  const allDone = done === steps.length;
  const feedback = feedbackEnabled(me?.feature_flags ?? []);

  const phone = useMediaQuery(MOBILE_MEDIA_QUERY);
  // Open by itself on a computer on the first visit; after that (and on a phone, always) collapsed to its button.
  const [expanded, setExpanded] = useState(() => opensExpanded(me?.id ?? 0, productId, phone));
  useEffect(() => {
    if (me) markShown(me.id, productId);
  }, [me, productId]);
  const [openStep, setOpenStep] = useState(() =>
    openingStep(steps, completed, me ? rememberedStep(me.id, productId) : null),
  );
  const [failedStep, setFailedStep] = useState<QuickstartStep | null>(null);
  const completeStep = useCompleteStep();
  const closeWizard = usePatchTrialStatus();

  const id = useId();
  const panelId = `${id}-panel`;
  const headingId = `${id}-heading`;
  const activator = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const completionHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (expanded) track(QS_OPENED_EVENT, { product_id: productId });
  }, [expanded, productId]);

  // The last step's button leaves the page with the steps: focus goes to the completion view.
  // (Only when it replaces the steps here, and only when focus was in the panel or lost: never on arrival.)
  const showsCompletion = !feedback && allDone;
  const showedCompletion = useRef(showsCompletion);
  useEffect(() => {
    if (showsCompletion === showedCompletion.current) return;
    showedCompletion.current = showsCompletion;
    const focus = document.activeElement;
    const lost = focus === null || focus === document.body || panel.current?.contains(focus) === true;
    if (showsCompletion && lost) completionHeading.current?.focus();
  }, [showsCompletion]);

  const act = (step: QuickstartStep) => {
    if (completed[step] !== true) {
      setFailedStep(null);
      completeStep.mutate(step, { onError: () => setFailedStep(step) });
    }
    track(QUICKSTART_STEP_CONTENT[step].tracking, { product_id: productId, step });
    if (me) rememberStep(me.id, productId, step);
    // The upgrade page opened from here was not opened by the banner or an ended trial.
    if (step === 'upgrade') setUpgradeTrigger('default-landing');
    // The step's link (if any) follows: the caller is its click.
  };

  const collapse = () => {
    setExpanded(false);
    activator.current?.focus();
  };

  const close = () => {
    // Closing unmounts the wizard (show_quickstart_popup is false): focus goes to the page.
    closeWizard
      .mutateAsync({ show_quickstart_popup: false })
      .then(() => document.getElementById(MAIN_CONTENT_ID)?.focus())
      .catch(() => {}); // shown by closeWizard.isError
  };

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    collapse();
  };

  const progress = progressText(done, steps.length);
  return (
    <>
      {/* Room at the foot of the page for the bar, which would otherwise cover its end on small screens. */}
      <Box aria-hidden="true" display={{ base: 'block', lg: 'none' }} h="14" flexShrink={0} />
      <Box
        position="fixed"
        zIndex="sticky"
        bottom={{ base: '0', lg: '6' }}
        left={{ base: '0', lg: 'auto' }}
        right={{ base: '0', lg: '6' }}
        w={{ base: 'auto', lg: '26rem' }}
        display="flex"
        flexDirection="column"
        alignItems={{ base: 'stretch', lg: 'flex-end' }}
        gap={{ base: '0', lg: '3' }}
        // The box is wider than the activator: only the panel and the activator take clicks.
        pointerEvents="none"
      >
        <Box
          as="section"
          ref={panel}
          id={panelId}
          aria-labelledby={headingId}
          hidden={!expanded}
          onKeyDown={onPanelKeyDown}
          pointerEvents="auto"
          w="full"
          maxH={{ base: '60dvh', lg: 'calc(100dvh - 11rem)' }}
          overflowY="auto"
          bg="bg"
          borderWidth="1px"
          borderColor="border"
          roundedTop="lg"
          roundedBottom={{ base: '0', lg: 'lg' }}
          shadow="xl"
          p="4"
        >
          {feedback ? (
            <FeedbackPanel headingId={headingId} onClose={collapse} />
          ) : showsCompletion ? (
            <Stack gap="3">
              <Heading as="h2" id={headingId} ref={completionHeading} tabIndex={-1} fontSize="lg" outline="none">
                Quickstart complete!
              </Heading>
              <Text>Congratulations! You&apos;re ready to go.</Text>
              {closeWizard.isError && (
                <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="3">
                  <Text fontWeight="semibold" color="fg.error">
                    The quick start could not be closed.
                  </Text>
                  <Text>{userErrorText(closeWizard.error)}</Text>
                </Box>
              )}
              <Button alignSelf="flex-start" colorPalette="brand" loading={closeWizard.isPending} onClick={close}>
                Close
              </Button>
            </Stack>
          ) : (
            <Stack gap="2">
              <Box>
                <Heading as="h2" id={headingId} fontSize="lg">
                  Quick start
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  Get set up in a few steps: {progress}.
                </Text>
              </Box>
              {failedStep && (
                <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="3">
                  <Text fontWeight="semibold" color="fg.error">
                    Your progress on “{QUICKSTART_STEP_CONTENT[failedStep].header}” was not saved.
                  </Text>
                  <Text>{userErrorText(completeStep.error)}</Text>
                </Box>
              )}
              <QuickstartSteps
                steps={steps}
                completed={completed}
                productId={productId}
                openStep={openStep}
                onOpenStepChange={setOpenStep}
                onAction={act}
              />
            </Stack>
          )}
        </Box>
        <Button
          ref={activator}
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded(!expanded)}
          pointerEvents="auto"
          alignSelf={{ base: 'stretch', lg: 'flex-end' }}
          colorPalette="brand"
          size="lg"
          h="14"
          rounded={{ base: '0', lg: 'full' }}
          shadow="lg"
          aria-label={feedback ? undefined : `Quick start, ${progress}`}
        >
          {feedback ? (
            'Share feedback'
          ) : (
            <>
              {/* The space keeps the visible words those of the name (WCAG 2.5.3, label in name). */}
              {'Quick start '}
              <chakra.span fontWeight="normal">{progress}</chakra.span>
            </>
          )}
        </Button>
      </Box>
    </>
  );
}
