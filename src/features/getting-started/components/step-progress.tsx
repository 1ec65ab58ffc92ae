import { Box, chakra, Flex, Spinner, Text } from '@chakra-ui/react';

import { GETTING_STARTED_STEPS, stepTitles, type GettingStartedStep } from '../getting-started-controller.ts';

/**
 * Where the customer is in the flow: "Step n of 3" and the steps as a list, the current one
 * marked; a spinner while the getting-started loading flag is up (a call on its way, and 500 ms
 * after it succeeded). The buttons stay usable during those 500 ms: a disabled submit button
 * would swallow Enter pressed in the next step's first field.
 */
export function StepProgress({ step, loading }: { step: GettingStartedStep; loading: boolean }) {
  const current = step === 'done' ? GETTING_STARTED_STEPS.length : GETTING_STARTED_STEPS.indexOf(step);
  return (
    <Box as="nav" aria-label="Getting started progress" mb="6">
      <Flex align="center" gap="2" mb="2" minH="6" aria-busy={loading}>
        {step !== 'done' && (
          <Text color="fg.muted" fontWeight="semibold">
            Step {current + 1} of {GETTING_STARTED_STEPS.length}
          </Text>
        )}
        {loading && <Spinner size="sm" color="brand.solid" aria-hidden="true" data-testid="getting-started-loading" />}
      </Flex>
      <chakra.ol display="flex" gap="2" listStyleType="none" p="0" m="0">
        {GETTING_STARTED_STEPS.map((key, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'next';
          return (
            <Flex
              as="li"
              key={key}
              flex="1"
              direction="column"
              gap="1"
              aria-current={state === 'current' ? 'step' : undefined}
              minW="0"
            >
              <Box h="1.5" rounded="full" bg={state === 'next' ? 'gray.200' : 'brand.solid'} />
              <Text
                fontSize="sm"
                color={state === 'current' ? 'fg' : 'fg.muted'}
                fontWeight={state === 'current' ? 'semibold' : 'normal'}
                hideBelow="sm"
              >
                {stepTitles[key]}
                {state === 'done' && <chakra.span srOnly> (done)</chakra.span>}
              </Text>
              <chakra.span srOnly hideFrom="sm">
                {stepTitles[key]}
                {state === 'done' ? ' (done)' : ''}
              </chakra.span>
            </Flex>
          );
        })}
      </chakra.ol>
    </Box>
  );
}
