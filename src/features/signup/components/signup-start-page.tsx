import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';

import {
  BUY_NOW_CHANNEL,
  CreateLeadRequest,
  EmailVerifyRequest,
  resolveTrialVersion,
  type Lead,
  type SignupChannel,
} from '@portal/contract';

import { ErrorSummary } from '../../../components/error-summary.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCheckPromo } from '../api/promo-code.ts';
import { createLead, verifyEmailPin } from '../api/signup-api.ts';
import { readSignupData, writeSignupData } from '../signup-data.ts';
import { journeyOf } from './journey.ts';

const leadIds = {
  first_name: 'first-name',
  last_name: 'last-name',
  email: 'email',
  business_name: 'business-name',
  promo_code: 'promo-code',
} as const;
const pinIds = { pin: 'email-pin' } as const;
const PinForm = z.pick(EmailVerifyRequest, { pin: true });

/** A promo code's check: the code checked, and its description or why it is not valid. */
type PromoOutcome = { code: string; ok: boolean; text: string; trialDays: number | null };

/** The promo code's check, beside the field: its description, or why it is not valid; a valid one tells the page its trial length. */
function PromoCheck({
  code,
  result,
  onResult,
}: {
  code: string;
  result: PromoOutcome | null;
  onResult: (outcome: PromoOutcome) => void;
}) {
  const promo = useCheckPromo();
  // The answer goes to the page, which keeps it even if this field has gone meanwhile (the PIN step shown).
  const check = () => {
    const checked = code.trim();
    promo.mutateAsync(checked).then(
      (answer) => onResult({ code: checked, ok: true, text: answer.description, trialDays: answer.trial_days }),
      (error: unknown) => onResult({ code: checked, ok: false, text: userErrorText(error), trialDays: null }),
    );
  };
  return (
    <Flex direction="column" gap="2" align="flex-start">
      <Button variant="outline" onClick={check} loading={promo.isPending} disabled={code.trim() === ''}>
        Apply promo code
      </Button>
      {result && (
        <Text role="status" color={result.ok ? 'fg.success' : 'fg.error'} data-testid="promo-result">
          {result.text}
        </Text>
      )}
    </Flex>
  );
}

/**
 * The first page of the trial and buy-now journeys (/trial/signup, /buynow/signup): who is
 * signing up, then the PIN e-mailed to them (the spec's showOTP), on the same page.
 */
export function SignupStartPage({ channel }: { channel: SignupChannel }) {
  const journey = journeyOf(channel);
  const [promo, setPromo] = useState<PromoOutcome | null>(null);
  usePageTitle(journey.title);
  const navigate = useNavigate();
  const stored = readSignupData();
  const [lead, setLead] = useState<Lead | null>(
    stored?.token && stored.channel === channel ? ({ token: stored.token, email: stored.email_address } as Lead) : null,
  );

  const {
    summaryRef: leadSummaryRef,
    summary: leadSummary,
    submit: submitLead,
    field,
    pending: leadPending,
    values: leadValues,
  } = useForm({
    title: journey.title,
    schema: CreateLeadRequest,
    ids: leadIds,
    initial: { first_name: '', last_name: '', email: '', business_name: '', promo_code: '' },
    toInput: (values) => ({
      ...values,
      channel,
      trial_version: resolveTrialVersion({ stored: stored?.split_test_version ?? null, channel }),
      promo_code: values.promo_code.trim() || null,
    }),
    send: async (body) => {
      const answer = await createLead(body);
      writeSignupData({
        date: Date.now(),
        channel,
        split_test_version: answer.trial_version,
        email_address: answer.email,
        full_name: `${body.first_name} ${body.last_name}`,
        business_name: body.business_name,
        is_free_email: answer.is_free_email,
        token: answer.token,
      });
      setLead(answer);
    },
  });

  const {
    summaryRef: pinSummaryRef,
    summary: pinSummary,
    submit: submitPin,
    field: pinField,
    pending: pinPending,
  } = useForm({
    title: journey.title,
    schema: PinForm,
    ids: pinIds,
    initial: { pin: '' },
    send: async ({ pin }) => {
      if (!lead) return;
      await verifyEmailPin(lead.token, pin);
      const data = readSignupData();
      if (data) writeSignupData({ ...data, key: lead.token, token: undefined });
      await navigate(journey.detailsPath);
    },
  });

  // A promo code applied (and still the one in the field) changes what the page says of the trial's length.
  const current = promo?.code.toUpperCase() === leadValues.promo_code.trim().toUpperCase() ? promo : null;
  const words = journeyOf(channel, current?.trialDays ?? undefined);

  if (lead) {
    return (
      <Flex direction="column" gap="6">
        <Box>
          <Heading as="h1" size="3xl" mb="2">
            Check your email
          </Heading>
          <Text color="fg.muted">
            We have emailed a 6-digit PIN to <strong>{lead.email}</strong>. Enter it to confirm your address. It works
            for 30 minutes.
          </Text>
        </Box>
        <ErrorSummary ref={pinSummaryRef} errors={pinSummary} />
        <form noValidate onSubmit={submitPin}>
          <Flex direction="column" gap="6" maxW="md">
            <TextField
              {...pinField('pin')}
              label="PIN from the email"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <SubmitButton pending={pinPending} pendingText="Checking">
              Confirm email address
            </SubmitButton>
          </Flex>
        </form>
        <Text>
          No email?{' '}
          <Button
            variant="plain"
            textDecoration="underline"
            color="brand.fg"
            p="0"
            h="auto"
            onClick={() => setLead(null)}
          >
            Change your details or send a new PIN
          </Button>
        </Text>
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="6">
      <Box>
        <Heading as="h1" size="3xl" mb="2">
          {journey.title}
        </Heading>
        <Text color="fg.muted" data-testid="journey-lead">
          {words.lead}
        </Text>
      </Box>
      <ErrorSummary ref={leadSummaryRef} errors={leadSummary} />
      <form noValidate onSubmit={submitLead}>
        <Flex direction="column" gap="6">
          <Flex direction={{ base: 'column', md: 'row' }} gap="6">
            <Box flex="1">
              <TextField {...field('first_name')} label="First name" autoComplete="given-name" spellCheck={false} />
            </Box>
            <Box flex="1">
              <TextField {...field('last_name')} label="Last name" autoComplete="family-name" spellCheck={false} />
            </Box>
          </Flex>
          <TextField
            {...field('email')}
            label="Work email address"
            hint="We will email you a PIN to confirm it."
            type="email"
            autoComplete="email"
            spellCheck={false}
          />
          <TextField {...field('business_name')} label="Business name" autoComplete="organization" />
          <Flex direction="column" gap="3">
            <TextField {...field('promo_code')} label="Promo code (optional)" autoComplete="off" spellCheck={false} />
            <PromoCheck code={leadValues.promo_code} result={current} onResult={setPromo} />
          </Flex>
          <SubmitButton pending={leadPending} pendingText="Sending your PIN">
            {channel === BUY_NOW_CHANNEL ? 'Continue' : 'Start my free trial'}
          </SubmitButton>
        </Flex>
      </form>
    </Flex>
  );
}
