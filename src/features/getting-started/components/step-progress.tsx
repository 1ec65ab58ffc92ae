import { Box, chakra, Flex, Text } from '@chakra-ui/react';
import { GETTING_STARTED_STEPS, stepTitles, type GettingStartedStep } from '../getting-started-controller.ts';

/** Where the customer is in the flow: "Step n of 3" and the steps as a list, the current one marked. */
export function StepProgress({ step }: { step: GettingStartedStep }) {
  const current = step === 'done' ? GETTING_STARTED_STEPS.length : GETTING_STARTED_STEPS.indexOf(step);
  return (
    <Box as="nav" aria-label="Getting started progress" mb="6">
      {step !== 'done' && (
        <Text color="fg.muted" fontWeight="semibold" mb="2">
          Step {current + 1} of {GETTING_STARTED_STEPS.length}
        </Text>
      )}
      <chakra.ol display="flex" gap="2" listStyleType="none" p="0" m="0">
        {GETTING_STARTED_STEPS.map((key, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'next';
          return (
            <Flex as="li" key={key} flex="1" direction="column" gap="1" aria-current={state === 'current' ? 'step' : undefined} minW="0">
              <Box h="1.5" rounded="full" bg={state === 'next' ? 'gray.200' : 'brand.solid'} />
              <Text fontSize="sm" color={state === 'current' ? 'fg' : 'fg.muted'} fontWeight={state === 'current' ? 'semibold' : 'normal'} hideBelow="sm">
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
