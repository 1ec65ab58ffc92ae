import { Flex, Heading, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

import type { Me } from '@portal/contract';

import { ErrorSummary } from '../../../components/error-summary.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { LoadError } from '../../../components/states.tsx';
import { useMe } from '../../../features/auth/index.ts';
import { DetailsSection, PasswordSection, useDetailsForm, usePasswordForm } from '../../../features/profile/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

const TITLE = 'Profile and preferences';

/**
 * Both forms under one error summary at the top of the page (GOV.UK: one summary per page),
 * which takes focus after each failed submit of either form.
 */
function ProfileForms({ me }: { me: Me }) {
  const details = useDetailsForm(me);
  const password = usePasswordForm();
  const summary = [...details.summary, ...password.summary];
  const summaryRef = useRef<HTMLDivElement>(null);
  usePageTitle(summary.length > 0 ? `Error: ${TITLE}` : TITLE);

  const attempts = details.attempt + password.attempt;
  useEffect(() => {
    if (attempts > 0) summaryRef.current?.focus();
  }, [attempts]);

  return (
    <>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <DetailsSection me={me} form={details} />
      <PasswordSection form={password} viewing={me.logged_in_as !== null} />
    </>
  );
}

/** Profile and preferences (route profile-preferences, from the profile menu): your details and your password. */
export function ProfilePreferencesPage() {
  const me = useMe();
  return (
    <Flex direction="column" gap="8" maxW="2xl">
      <div>
        <Heading as="h1" size="3xl" mb="2">
          {TITLE}
        </Heading>
        <Text color="fg.muted">The name, email address and phone number we have for you, and your password.</Text>
      </div>
      {me.data ? (
        <ProfileForms me={me.data} />
      ) : me.isError ? (
        <LoadError
          title="Your details could not be loaded"
          error={me.error}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      ) : (
        <PageLoading label="Loading your details" />
      )}
    </Flex>
  );
}

export { ProfilePreferencesPage as Component };
