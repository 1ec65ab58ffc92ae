import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { BUY_NOW_CHANNEL, CreatePasswordRequest, PIN_LENGTH, type SignupChannel } from '@portal/contract';

import { ErrorSummary } from '../../../components/error-summary.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Loading } from '../../../components/states.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { startSession } from '../../auth/index.ts';
import { loadNumberSelection } from '../../numbers/index.ts';
import { createPassword, validateMobile } from '../api/signup-api.ts';
import { useSendSmsCode, useVerifySmsCode } from '../api/sms-code.ts';
import { clearSignupData, readSignupData, updateSignupData } from '../signup-data.ts';
import { journeyOf } from './journey.ts';
import { SignupProvisioning } from './signup-provisioning.tsx';

const NumberSelectionStep = lazy(() =>
  loadNumberSelection().then((module) => ({ default: module.NumberSelectionStep })),
);

const ids = {
  mobile_number: 'mobile-number',
  business_postcode: 'business-postcode',
  business_address: 'business-address',
  business_line_two: 'business-line-two',
  business_city: 'business-city',
  business_county: 'business-county',
  pin: 'phone-pin',
  password1: 'password',
  password2: 'confirm-password',
} as const;

/** The optional SMS check of the mobile number: send a code, enter it; 'Incorrect verification code' unless SUCCESS. */
function MobileVerification({ token, mobile }: { token: string; mobile: string }) {
  const [state, setState] = useState<'idle' | 'sent' | 'verified'>('idle');
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useSendSmsCode();
  const verify = useVerifySmsCode();
  const busy = send.isPending || verify.isPending;
  const failed = (error: unknown) => setMessage({ ok: false, text: userErrorText(error) });
  if (state === 'verified') {
    return (
      <Text role="status" color="fg.success" fontWeight="semibold" data-testid="mobile-verified">
        Your mobile number is confirmed.
      </Text>
    );
  }
  return (
    <Flex direction="column" gap="3" align="stretch">
      <Text color="fg.muted">Optional: confirm your mobile with a code we text to it.</Text>
      <Button
        variant="outline"
        alignSelf="flex-start"
        loading={busy && state === 'idle'}
        disabled={mobile.trim() === ''}
        onClick={() =>
          send.mutate(
            { token, mobile },
            {
              onSuccess: (sent) => {
                setMessage({ ok: true, text: sent.detail });
                setState('sent');
              },
              onError: failed,
            },
          )
        }
      >
        {state === 'sent' ? 'Send a new code' : 'Text me a code'}
      </Button>
      {state === 'sent' && (
        <Flex direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-end' }}>
          <Box flex="1">
            <TextField
              id="sms-code"
              label="Code from the text message"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Box>
          <Button
            variant="outline"
            loading={busy}
            onClick={() =>
              verify.mutate(
                { token, mobile, code },
                {
                  onSuccess: (answer) => {
                    // Only SUCCESS confirms the number (spec 001 section 4).
                    if (answer.status === 'SUCCESS') {
                      setState('verified');
                      setMessage(null);
                    } else setMessage({ ok: false, text: 'Incorrect verification code' });
                  },
                  onError: failed,
                },
              )
            }
          >
            Confirm code
          </Button>
        </Flex>
      )}
      {message && (
        <Text
          role={message.ok ? 'status' : 'alert'}
          color={message.ok ? 'fg.muted' : 'fg.error'}
          data-testid="sms-message"
        >
          {message.text}
        </Text>
      )}
    </Flex>
  );
}

/**
 * The details page of the trial and buy-now journeys (/trial/details, /buynow/details): the
 * mobile number (checked by the server, optionally confirmed by SMS), the business address when
 * the e-mail is a free one, the phone PIN and the portal password. Creating them creates the
 * customer; a trial goes on to its international calls page, a purchase waits here for its
 * phone and goes to its complete page, signed in.
 */
export function SignupDetailsPage({ channel }: { channel: SignupChannel }) {
  const journey = journeyOf(channel);
  usePageTitle('Your details');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const data = readSignupData();
  const token = data?.key ?? '';
  const [mobileCheck, setMobileCheck] = useState<{ valid: boolean; text: string } | null>(null);
  const [created, setCreated] = useState<{ productId: number; userKey: string } | null>(
    data?.product_id !== undefined && data.user_key ? { productId: data.product_id, userKey: data.user_key } : null,
  );
  const [finishing, setFinishing] = useState<string | null>(null);
  // Read by callbacks a child may keep from an earlier render (the number chooser's action): a ref, not state.
  const provisioned = useRef(false);
  // A purchase chooses its business number while the phone is set up (or later, from the e-mailed link).
  const [selectionToken, setSelectionToken] = useState<string | null>(data?.number_selection_token ?? null);
  const [chosenNumber, setChosenNumber] = useState<string | null>(null);
  const choosing = useRef(selectionToken !== null);
  const finishStarted = useRef(false);
  /** Provisioned and the number settled: signed in, then the order's complete page (once). */
  const finishIfReady = () => {
    if (!created || !provisioned.current || choosing.current || finishStarted.current) return;
    finishStarted.current = true;
    setFinishing('Signing you in');
    void startSession(queryClient, created.userKey)
      .then(() => {
        clearSignupData();
        return navigate(`/buynow/complete/${created.productId}`);
      })
      .catch((error: unknown) => {
        finishStarted.current = false;
        setFinishing(userErrorText(error));
      });
  };
  const leaveSelection = (number: string | null) => {
    setChosenNumber(number);
    setSelectionToken(null);
    updateSignupData({ number_selection_token: undefined });
    choosing.current = false;
    finishIfReady();
  };

  const { summaryRef, summary, submit, field, pending, values } = useForm({
    title: 'Your details',
    schema: CreatePasswordRequest,
    ids,
    initial: {
      mobile_number: '',
      business_postcode: '',
      business_address: '',
      business_line_two: '',
      business_city: '',
      business_county: '',
      pin: '',
      password1: '',
      password2: '',
    },
    toInput: (values) => ({
      ...values,
      token,
      business_postcode: values.business_postcode.trim() || undefined,
      business_address: values.business_address.trim() || undefined,
      business_line_two: values.business_line_two.trim() || undefined,
      business_city: values.business_city.trim() || undefined,
      business_county: values.business_county.trim() || undefined,
    }),
    send: async (body) => {
      const answer = await createPassword(body);
      updateSignupData({
        product_id: answer.product_id,
        account_id: answer.account_id,
        user_key: answer.key,
        ...(answer.number_selection_token && { number_selection_token: answer.number_selection_token }),
      });
      setSelectionToken(answer.number_selection_token);
      choosing.current = answer.number_selection_token !== null;
      if (channel === BUY_NOW_CHANNEL) setCreated({ productId: answer.product_id, userKey: answer.key });
      else await navigate('/trial/intl-calls');
    },
  });

  const checkMobile = async () => {
    const mobile = values.mobile_number;
    if (mobile.trim() === '') return;
    try {
      const answer = await validateMobile(mobile);
      setMobileCheck(
        answer.valid
          ? { valid: true, text: 'This is a UK mobile number' }
          : { valid: false, text: answer.message.mobile_number[0] ?? 'Enter a UK mobile number' },
      );
    } catch (error) {
      setMobileCheck({ valid: false, text: userErrorText(error) });
    }
  };

  if (created) {
    return (
      <Flex direction="column" gap="6">
        <Heading as="h1" size="3xl">
          Setting up your phone
        </Heading>
        <Text color="fg.muted">
          This takes a moment. Keep this page open: we will take you to your order when it is ready.
        </Text>
        <SignupProvisioning
          productId={created.productId}
          userKey={created.userKey}
          onStatus={(status) => {
            if (!status.provisioned) return;
            provisioned.current = true;
            finishIfReady();
          }}
        />
        {selectionToken !== null ? (
          <Box as="section" aria-labelledby="choose-number-heading" borderWidth="1px" rounded="md" p="4">
            <Heading as="h2" id="choose-number-heading" size="lg" mb="2">
              Choose your business number
            </Heading>
            <Text color="fg.muted" mb="4">
              The number your customers will call. We have e-mailed you a link too, if you would rather choose later.
            </Text>
            <Suspense fallback={<Loading label="Finding numbers" />}>
              <NumberSelectionStep
                token={selectionToken}
                onChosen={(number) => leaveSelection(number.number)}
                footer={
                  <Flex mt="4" justify="flex-end">
                    <Button variant="ghost" onClick={() => leaveSelection(null)}>
                      Choose later
                    </Button>
                  </Flex>
                }
              />
            </Suspense>
          </Box>
        ) : (
          chosenNumber && <Text role="status">{chosenNumber} is your business number.</Text>
        )}
        {finishing && <Text role="status">{finishing}</Text>}
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="6">
      <Box>
        <Heading as="h1" size="3xl" mb="2">
          Your details
        </Heading>
        <Text color="fg.muted">
          {data?.email_address ? (
            <>
              Signing up as <strong>{data.email_address}</strong>.{' '}
            </>
          ) : null}
          {journey.title === 'Start your free trial'
            ? 'Nearly there: your trial starts when you finish this page.'
            : 'Nearly there: your phone is set up when you finish this page.'}
        </Text>
      </Box>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <form noValidate onSubmit={submit}>
        <Flex direction="column" gap="8">
          <Flex as="fieldset" direction="column" gap="4">
            <Heading as="legend" size="lg" mb="2">
              Your mobile
            </Heading>
            <TextField
              {...field('mobile_number')}
              onBlur={() => void checkMobile()}
              label="Mobile number"
              hint="A UK mobile, like 07700 900982"
              type="tel"
              autoComplete="tel"
            />
            {mobileCheck && (
              <Text role="status" color={mobileCheck.valid ? 'fg.success' : 'fg.error'} data-testid="mobile-check">
                {mobileCheck.text}
              </Text>
            )}
            <MobileVerification token={token} mobile={values.mobile_number} />
          </Flex>
          {data?.is_free_email && (
            <Flex as="fieldset" direction="column" gap="4">
              <Heading as="legend" size="lg" mb="2">
                Your business address
              </Heading>
              <Text color="fg.muted">
                You signed up with a personal email address, so tell us where your business is. It is the address we
                give the emergency services if a 999 call is made from your phone.
              </Text>
              <TextField {...field('business_postcode')} label="Postcode" autoComplete="postal-code" maxW="12rem" />
              <TextField {...field('business_address')} label="Address line 1" autoComplete="address-line1" />
              <TextField
                {...field('business_line_two')}
                label="Address line 2"
                hint="Optional"
                autoComplete="address-line2"
              />
              <TextField {...field('business_city')} label="Town/City" autoComplete="address-level2" />
              <TextField {...field('business_county')} label="County" autoComplete="address-level1" />
            </Flex>
          )}
          <Flex as="fieldset" direction="column" gap="4">
            <Heading as="legend" size="lg" mb="2">
              Your phone PIN
            </Heading>
            <TextField
              {...field('pin')}
              label="PIN"
              hint={`${PIN_LENGTH} digits you sign in to the phone apps and desk phones with. Not 123456 or 555555.`}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={PIN_LENGTH}
            />
          </Flex>
          <Flex as="fieldset" direction="column" gap="4">
            <Heading as="legend" size="lg" mb="2">
              Your portal password
            </Heading>
            <TextField
              {...field('password1')}
              label="Create a password"
              hint="10 characters or more. A few words you will remember work well."
              type="password"
              autoComplete="new-password"
            />
            <TextField {...field('password2')} label="Confirm password" type="password" autoComplete="new-password" />
          </Flex>
          <SubmitButton pending={pending} pendingText="Creating your account">
            Create my account
          </SubmitButton>
        </Flex>
      </form>
    </Flex>
  );
}
