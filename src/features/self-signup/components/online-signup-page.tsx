import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { SIGNUP_FEATURES, type LeadDetails, type SignupFeature } from '@portal/contract';

import { Checkbox } from '../../../components/checkbox.tsx';
import { Loading } from '../../../components/states.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { track } from '../../../lib/analytics.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { loadNumberSelection } from '../../numbers/index.ts';
import {
  chooseNumberErrorText,
  useChooseOnlineNumber,
  useVerifyOnlinePin,
  verifyPinErrorText,
  type OnlineChosenNumber,
} from '../api/online-signup.ts';
import { selfSignupCalls } from '../api/self-signup-api.ts';
import {
  clearDraft,
  emptyDraft,
  readStoredDraft,
  saveDraft,
  type OnlineSignupPageName,
  type SignupDraft,
} from '../draft.ts';

const SignupNumberStep = lazy(() => loadNumberSelection().then((module) => ({ default: module.SignupNumberStep })));

interface Props {
  page: OnlineSignupPageName;
  /** The token of the link (?ssu_details_token=), if any. */
  queryToken: string | null;
  go: (page: OnlineSignupPageName) => void;
  /** Where the journey ends: the self sign-up's last section, with this draft. */
  goToStarted: (supplier: 2 | 3) => void;
}

/** The draft of a lead the visitor came back to by its link. */
function draftOfLead(lead: LeadDetails): SignupDraft {
  const now = new Date();
  const supplier = lead.supplier === 2 ? 2 : 3;
  const features = lead.features_to_use.filter((f): f is SignupFeature =>
    (SIGNUP_FEATURES as readonly string[]).includes(f),
  );
  return {
    ...emptyDraft(supplier, now),
    ssu_details_token: lead.ssu_details_token,
    features_to_use: features,
    chosen_number: lead.chosen_number,
    first_name: lead.user_data.first_name,
    last_name: lead.user_data.last_name,
    full_name: `${lead.user_data.first_name} ${lead.user_data.last_name}`.trim(),
    business_name: lead.user_data.business_name,
    email_address: lead.user_data.email_address,
    mobile_number: lead.user_data.mobile_number,
    customer_details_completed: lead.customer_details_completed,
    needs: { is_set: features.length > 0, features_to_use: features },
  };
}

/**
 * Online sign-up (/online-signup/number|marketing|trial; spec 000 section 2 "Online signup
 * guard"): a lead made elsewhere (a call with sales) finished online from its link. The trial
 * page fetches the lead by ssu_details_token; a token other than the stored one resets the
 * local sign-up data and goes to 'number'; a sign-up verified with the stored key goes on to
 * 'marketing'. Signed-in visitors never get here (the route sends them home).
 */
export function OnlineSignupPage({ page, queryToken, go, goToStarted }: Props) {
  usePageTitle(
    page === 'number' ? 'Choose your number' : page === 'marketing' ? 'Keeping in touch' : 'Confirm your email address',
  );
  const stored = readStoredDraft();
  const token = queryToken ?? stored?.ssu_details_token ?? null;
  const lead = useQuery({
    queryKey: ['self-signup', 'lead', token],
    queryFn: ({ signal }) => selfSignupCalls.leadDetails(token ?? '', signal),
    enabled: token !== null,
    retry: false,
  });
  // Read on every render: the guard and each page save it, then navigate.
  const draft = stored;

  // The guard: a token that is not the stored one starts afresh at 'number'; a verified sign-up goes on from the trial page.
  useEffect(() => {
    if (!lead.data) return;
    const current = readStoredDraft();
    if (current?.ssu_details_token !== lead.data.ssu_details_token) {
      clearDraft();
      saveDraft(draftOfLead(lead.data), new Date());
      go('number');
    } else if (page === 'trial' && current.verifyKey) {
      // Verified with the stored key (GET /registration/?key=): on to marketing; a key that no longer works asks for the PIN again.
      const key = current.verifyKey;
      let cancelled = false;
      selfSignupCalls.registrationKey(key).then(
        () => !cancelled && go('marketing'),
        (failure: unknown) => {
          track('Online sign-up - failed', { stage: 'registration-key', message: userErrorText(failure) });
          const now = readStoredDraft();
          if (!cancelled && now?.verifyKey === key) saveDraft({ ...now, verifyKey: null }, new Date());
        },
      );
      return () => {
        cancelled = true;
      };
    }
    return undefined;
  }, [page, lead.data, go]);
  useEffect(() => {
    if (lead.isError) track('Online sign-up - failed', { stage: 'lead-details', message: userErrorText(lead.error) });
  }, [lead.isError, lead.error]);

  if (token === null || (lead.isError && isApiError(lead.error) && lead.error.status === 404)) {
    return (
      <Flex direction="column" gap="4">
        <Heading as="h1" size="2xl">
          This sign-up link is not valid
        </Heading>
        <Text>
          The link may be old, or it was copied only in part. You can start a new sign-up: it takes a few minutes.
        </Text>
        <Box>
          {/* type={undefined}: Button would put type="button" on the link */}
          <Button asChild colorPalette="brand" type={undefined}>
            <RouterLink to="/signup/needs">Start a new sign-up</RouterLink>
          </Button>
        </Box>
      </Flex>
    );
  }
  if (lead.isError) return <Text role="alert">{userErrorText(lead.error)}</Text>;
  if (lead.isPending || !draft) return <Loading label="Loading your sign-up" />;
  if (page === 'number') return <OnlineNumber draft={draft} onDone={() => go('trial')} />;
  if (page === 'trial') return <OnlineTrial draft={draft} onDone={() => go('marketing')} />;
  return <OnlineMarketing draft={draft} onDone={() => goToStarted(draft.supplier)} />;
}

/** number: the lead's number, or another of the numbers area's inventory (the chooser of the self sign-up's number step). */
function OnlineNumber({ draft, onDone }: { draft: SignupDraft; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const chooseNumber = useChooseOnlineNumber();
  const choose = (number: OnlineChosenNumber) => {
    if (!draft.ssu_details_token) return;
    setError(null);
    chooseNumber.mutate(
      { token: draft.ssu_details_token, number, draft },
      { onSuccess: () => onDone(), onError: (failure) => setError(chooseNumberErrorText(failure)) },
    );
  };
  const initial = draft.chosen_number
    ? {
        number: draft.chosen_number,
        rating: draft.chosen_number_rating ?? undefined,
        area: draft.chosen_number_area ?? undefined,
      }
    : null;
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="2xl">
        Choose your number
      </Heading>
      <Text>
        Welcome back, {draft.first_name || 'there'}. Choose the number for {draft.business_name || 'your business'}.
      </Text>
      {error && (
        <Text role="alert" color="fg.error">
          {error}
        </Text>
      )}
      <Suspense fallback={<Loading label="Finding numbers" />}>
        <SignupNumberStep initial={initial} onChosen={choose} />
      </Suspense>
    </Flex>
  );
}

function OnlineTrial({ draft, onDone }: { draft: SignupDraft; onDone: () => void }) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyOnlinePin();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.ssu_details_token) return;
    verify.mutate(
      { token: draft.ssu_details_token, pin, draft },
      { onSuccess: () => onDone(), onError: (failure) => setError(verifyPinErrorText(failure)) },
    );
  };
  return (
    <chakra.form onSubmit={submit} noValidate display="grid" gap="4">
      <Heading as="h1" size="2xl">
        Confirm your email address
      </Heading>
      <Text>Enter the 6-digit PIN we emailed to {draft.email_address}.</Text>
      <TextField
        id="online-pin"
        label="PIN from the email"
        inputMode="numeric"
        value={pin}
        error={error ?? undefined}
        onChange={(event) => setPin(event.target.value)}
      />
      <Box>
        <Button type="submit" colorPalette="brand" loading={verify.isPending}>
          Confirm
        </Button>
      </Box>
    </chakra.form>
  );
}

function OnlineMarketing({ draft, onDone }: { draft: SignupDraft; onDone: () => void }) {
  const [news, setNews] = useState(false);
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="2xl">
        Keeping in touch
      </Heading>
      <Checkbox
        id="online-marketing"
        label="Email me tips for my phone system and news of offers (you can stop these at any time)"
        checked={news}
        onChange={setNews}
      />
      <Box>
        <Button
          colorPalette="brand"
          onClick={() => {
            saveDraft({ ...draft }, new Date());
            track('Online sign-up - marketing', { opted_in: news });
            onDone();
          }}
        >
          Continue
        </Button>
      </Box>
    </Flex>
  );
}
