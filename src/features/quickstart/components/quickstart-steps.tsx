import { Accordion, Box, Button, chakra, defineSlotRecipe, Flex, Heading, Text } from '@chakra-ui/react';
import { accordionSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { displayPhone, type QuickstartStep } from '@portal/contract';

import { detectDevice, videoVersionFor } from '../../download-apps/index.ts';
import type { Completed } from '../rules.ts';
import { QUICKSTART_STEP_CONTENT, videoUrl, type QuickstartStepContent, type QuickstartVideo } from '../steps.ts';

// Chakra's accordion recipe, loaded with the wizard only (the app's theme has no slot recipes),
// without its expand animation, whose keyframes the trimmed theme leaves out.
const accordionRecipe = defineSlotRecipe({
  ...accordionSlotRecipe,
  base: { ...accordionSlotRecipe.base, itemContent: { overflow: 'hidden' } },
});

interface QuickstartStepsProps {
  steps: readonly QuickstartStep[];
  completed: Completed;
  productId: number;
  /** The expanded step (one at a time, or none). */
  openStep: QuickstartStep | null;
  onOpenStepChange: (step: QuickstartStep | null) => void;
  /** A step's button was used, or its video played: complete it, track it, remember it (the link then follows). */
  onAction: (step: QuickstartStep) => void;
}

/** The wizard's steps as an accordion, each with a tick when complete. */
export function QuickstartSteps({
  steps,
  completed,
  productId,
  openStep,
  onOpenStepChange,
  onAction,
}: QuickstartStepsProps) {
  return (
    <Accordion.Root
      recipe={accordionRecipe}
      collapsible
      value={openStep ? [openStep] : []}
      onValueChange={(details) => onOpenStepChange((details.value[0] as QuickstartStep | undefined) ?? null)}
    >
      {steps.map((step) => {
        const content = QUICKSTART_STEP_CONTENT[step];
        const done = completed[step] === true;
        return (
          <Accordion.Item key={step} value={step}>
            <Heading as="h3" fontSize="md" fontWeight="semibold">
              <Accordion.ItemTrigger py="3" px="1" cursor="pointer" _hover={{ bg: 'bg.muted' }}>
                <StepTick done={done} />
                <chakra.span flex="1">
                  {content.header}
                  <chakra.span srOnly>{done ? ' (completed)' : ' (not completed)'}</chakra.span>
                </chakra.span>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
            </Heading>
            <Accordion.ItemContent>
              <Accordion.ItemBody px="1" pt="0">
                <Text mb="3">{content.text}</Text>
                {content.callNumber && (
                  <Text mb="3">
                    {content.callNumber.lead}{' '}
                    <chakra.span fontWeight="semibold" whiteSpace="nowrap">
                      {displayPhone(content.callNumber.number)}
                    </chakra.span>
                  </Text>
                )}
                {content.video && <VideoCard video={content.video} onPlay={() => onAction(step)} />}
                <StepButton content={content} productId={productId} onAction={() => onAction(step)} />
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        );
      })}
    </Accordion.Root>
  );
}

function StepTick({ done }: { done: boolean }) {
  return (
    <Flex
      aria-hidden="true"
      flexShrink={0}
      align="center"
      justify="center"
      w="6"
      h="6"
      rounded="full"
      borderWidth="2px"
      borderColor={done ? 'green.700' : 'gray.500'}
      bg={done ? 'green.700' : 'transparent'}
      color="white"
    >
      {done && (
        <svg
          viewBox="0 0 16 16"
          width="14"
          height="14"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M3 8.5l3.2 3L13 4.5" />
        </svg>
      )}
    </Flex>
  );
}

const NEW_TAB = <chakra.span srOnly> (opens in a new tab)</chakra.span>;

function StepButton({
  content,
  productId,
  onAction,
}: {
  content: QuickstartStepContent;
  productId: number;
  onAction: () => void;
}) {
  if (!content.button.visible) return null;
  const label: ReactNode = content.button.text;
  const link = content.link;
  if (link?.kind === 'internal') {
    return (
      <Button asChild size="sm" colorPalette="brand" type={undefined}>
        <RouterLink to={link.to(productId)} onClick={onAction}>
          {label}
        </RouterLink>
      </Button>
    );
  }
  if (link?.kind === 'external') {
    return (
      <Button asChild size="sm" colorPalette="brand" type={undefined}>
        <a href={link.url} target="_blank" rel="noopener noreferrer" onClick={onAction}>
          {label}
          {NEW_TAB}
        </a>
      </Button>
    );
  }
  return (
    <Button size="sm" colorPalette="brand" onClick={onAction}>
      {label}
    </Button>
  );
}

/**
 * A getting-started video: what it shows, and a link that plays it in a new tab, in the
 * version for this device (web on a computer, the app's own on a phone). Nothing plays inside
 * the portal; opening the video counts as playing it.
 */
function VideoCard({ video, onPlay }: { video: QuickstartVideo; onPlay: () => void }) {
  const platform = videoVersionFor(
    detectDevice({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints }),
  );
  return (
    <Box borderWidth="1px" borderColor="border" rounded="md" p="3" mb="3" bg="bg.subtle">
      <Text fontWeight="semibold">{video.title}</Text>
      <Text fontSize="sm" color="fg.muted" mb="2">
        Video, {video.duration}. {video.description}
      </Text>
      <Button asChild size="sm" colorPalette="brand" type={undefined}>
        <a
          href={videoUrl(video.ids[platform])}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onPlay}
          aria-label={`Play video: ${video.title} (opens in a new tab)`}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="currentColor">
            <path d="M4 2.5v11l9-5.5z" />
          </svg>
          Play video
        </a>
      </Button>
    </Box>
  );
}
