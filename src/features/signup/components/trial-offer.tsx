import { Box, Button, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { TRIAL_DAYS } from '@portal/contract';

import { phoneSetupPage } from '../../../config/paths.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { useStartVoipTrial } from '../api/start-voip-trial.ts';

/**
 * An existing customer without a cloud phone starts an opt-in trial
 * (POST /api/v3/accounts/{accountId}/start-voip-trial/). The phone is then provisioned; the
 * navigation and the trial status are fetched again, so the product list and the trial banner
 * show it.
 */
export function TrialOffer({ accountId }: { accountId: number }) {
  const start = useStartVoipTrial(accountId);
  const started = start.data;
  return (
    <Box
      as="section"
      aria-labelledby="trial-offer-heading"
      borderWidth="1px"
      borderColor="border.info"
      bg="bg.info"
      rounded="md"
      p="4"
      mb="4"
    >
      <Heading as="h3" id="trial-offer-heading" size="md" mb="1">
        Try our cloud phone free for {TRIAL_DAYS} days
      </Heading>
      {started ? (
        <Text role="status">
          Your trial has started: your cloud phone is being set up and is ready in a few minutes.{' '}
          <Link asChild color="brand.fg" textDecoration="underline">
            <RouterLink to={phoneSetupPage(started.product_id)}>Go to your phone setup</RouterLink>
          </Link>
        </Text>
      ) : (
        <>
          <Text mb="3">
            Calls on any device, a call flow for your business hours and voicemail to e-mail. No card needed, and
            nothing to pay when it ends.
          </Text>
          {start.error !== null && (
            <Text role="alert" color="fg.error" mb="3">
              {userErrorText(start.error)}
            </Text>
          )}
          <Button colorPalette="brand" loading={start.isPending} onClick={() => start.mutate()}>
            Start my free trial
          </Button>
        </>
      )}
    </Box>
  );
}
