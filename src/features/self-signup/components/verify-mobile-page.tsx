import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { Loading } from '../../../components/states.tsx';
import { track } from '../../../lib/analytics.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { selfSignupCalls } from '../api/self-signup-api.ts';

/**
 * /verify-mobile-number?token=...: the link a sign-up texts to the mobile number. Opening it
 * confirms the number (POST /verify-mobile-number/{token}/), once, on arrival.
 */
export function VerifyMobilePage({ token }: { token: string | null }) {
  usePageTitle('Confirm your mobile number');
  const verify = useMutation({ mutationFn: (value: string) => selfSignupCalls.verifyMobile(value) });
  const { mutate } = verify;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  useEffect(() => {
    if (verify.isError) track('SMS - failed', { stage: 'verify-mobile-number', message: userErrorText(verify.error) });
  }, [verify.isError, verify.error]);
  if (token && (verify.isPending || verify.isIdle)) return <Loading label="Confirming your mobile number" />;
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="2xl">
        {verify.isSuccess ? 'Your mobile number is confirmed' : 'We could not confirm your mobile number'}
      </Heading>
      <Text>
        {verify.isSuccess
          ? `Thank you: ${verify.data.mobile_number} is confirmed for your account.`
          : `${token ? userErrorText(verify.error) : 'This link is not valid or has expired.'} Open the newest text we sent you, or confirm the number from your profile once signed in.`}
      </Text>
      <Box>
        {/* type={undefined}: Button would put type="button" on the link */}
        <Button asChild colorPalette="brand" type={undefined}>
          <RouterLink to="/">Go to your account</RouterLink>
        </Button>
      </Box>
    </Flex>
  );
}
