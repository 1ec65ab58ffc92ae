import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { displayPhone, displayPrice, NUMBER_RATINGS, SIGNUP_FEATURES, type SignupFeature } from '@portal/contract';

import { Checkbox } from '../../../components/checkbox.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Loading } from '../../../components/states.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { track } from '../../../lib/analytics.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { loadNumberSelection } from '../../numbers/index.ts';
import { selfSignupCalls } from '../api/self-signup-api.ts';
import { SIGNUP_SECTIONS, VARIANT_SUPPLIER, type SignupSection, type SignupVariant } from '../draft.ts';
import { createSelfSignupController, type SelfSignupController } from '../self-signup-controller.ts';

const SignupNumberStep = lazy(() => loadNumberSelection().then((module) => ({ default: module.SignupNumberStep })));

const TITLES: Record<SignupSection, string> = {
  needs: 'What do you need your phone system for?',
  number: 'Choose your business number',
  details: 'Your details',
  started: 'Get started',
};

interface Props {
  variant: SignupVariant;
  section: SignupSection;
  /** Goes to another section's page. */
  go: (section: SignupSection) => void;
  /** The referral code of the link the visitor came by (?ref=). */
  referralCode: string | null;
  /** Signs in with the key and goes home. */
  onSignedIn: (key: string) => void;
  /** Google's code and state, back from "Sign up with Google" (the details page's history state), once. */
  google?: { code: string; state: string } | null;
  /** Leaves for Google (/auth/register/ssu), coming back to this journey's details page. */
  startGoogle?: () => void;
}

/**
 * The self sign-up journeys (/signup, /signup-voip3, /signup-voip3-b; spec 001 section 4):
 * needs, number, details (with the e-mailed PIN), started (the phone's PIN, then its
 * provisioning), back allowed until the customer exists. A view of the controller's state.
 */
export function SelfSignupPage({ variant, section, go, referralCode, onSignedIn, google = null, startGoogle }: Props) {
  const [controller] = useState(() =>
    createSelfSignupController({
      supplier: VARIANT_SUPPLIER[variant],
      calls: selfSignupCalls,
      onFailed: (stage, message) => track('Self sign-up - failed', { stage, message, variant }),
    }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => () => controller.dispose(), [controller]);
  useEffect(() => controller.setReferral(referralCode), [controller, referralCode]);
  useEffect(() => controller.show(section), [controller, section]);
  usePageTitle(TITLES[section]);
  const step = SIGNUP_SECTIONS.indexOf(section) + 1;
  const back = step > 1 && controller.canGoBack() ? SIGNUP_SECTIONS[step - 2] : undefined;

  return (
    <Flex direction="column" gap="6">
      <Box>
        <Text color="fg.muted" mb="1">
          Step {step} of {SIGNUP_SECTIONS.length}
        </Text>
        <Heading as="h1" size="2xl">
          {variant === 'signup-voip3-b' && section === 'needs'
            ? 'Get your business phone system in minutes'
            : TITLES[section]}
        </Heading>
      </Box>
      {section === 'needs' && <NeedsSection controller={controller} variant={variant} onDone={() => go('number')} />}
      {section === 'number' && <NumberSection controller={controller} onDone={() => go('details')} />}
      {section === 'details' && (
        <DetailsSection
          controller={controller}
          onDone={() => go('started')}
          google={google}
          startGoogle={startGoogle}
        />
      )}
      {section === 'started' && <StartedSection controller={controller} onSignedIn={onSignedIn} />}
      {back && (
        <Box>
          <Button variant="ghost" onClick={() => go(back)}>
            Back
          </Button>
        </Box>
      )}
      <Dialog
        open={state.existingUserStep === 'welcome'}
        onClose={() => controller.closeExistingUser()}
        title="Welcome back"
        footer={
          <>
            <Button
              variant="outline"
              onClick={() => {
                controller.reset();
                go('needs');
              }}
            >
              Start again
            </Button>
            {/* type={undefined}: Button would put type="button" on the link */}
            <Button asChild colorPalette="brand" type={undefined}>
              <RouterLink to="/auth/login">Sign in</RouterLink>
            </Button>
          </>
        }
      >
        <Text>
          You already have an account with us
          {state.draft.email_address ? ` for ${state.draft.email_address}` : ' for that email address'}. Sign in to add
          a phone system to it, or start again with another email address.
        </Text>
      </Dialog>
    </Flex>
  );
}

function Problem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Box role="alert" borderWidth="2px" borderColor="border.error" rounded="md" p="3" color="fg.error">
      {message}
    </Box>
  );
}

function NeedsSection({
  controller,
  variant,
  onDone,
}: {
  controller: SelfSignupController;
  variant: SignupVariant;
  onDone: () => void;
}) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const [chosen, setChosen] = useState<SignupFeature[]>(state.draft.features_to_use);
  const error = state.fieldErrors.features_to_use;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (controller.chooseNeeds(chosen)) onDone();
  };
  return (
    <chakra.form onSubmit={submit} noValidate display="grid" gap="4">
      <chakra.fieldset display="grid" gap="3" aria-describedby={error ? 'needs-error' : undefined}>
        <chakra.legend mb="2" color="fg.muted">
          {variant === 'signup-voip3-b'
            ? 'Tell us what matters to you: we will set your phone up for it.'
            : 'Choose all that apply.'}
        </chakra.legend>
        {error && (
          <Text id="needs-error" color="fg.error" fontWeight="semibold">
            {error}
          </Text>
        )}
        {SIGNUP_FEATURES.map((feature) => (
          <Checkbox
            key={feature}
            id={`need-${feature.replace(/\s+/g, '-').toLowerCase()}`}
            label={feature}
            checked={chosen.includes(feature)}
            onChange={(on) =>
              setChosen((current) => (on ? [...current, feature] : current.filter((f) => f !== feature)))
            }
          />
        ))}
      </chakra.fieldset>
      <Box>
        <Button type="submit" colorPalette="brand" size="lg">
          Continue
        </Button>
      </Box>
    </chakra.form>
  );
}

/**
 * number: the numbers area's inventory and chooser (loaded on demand). Nothing is reserved yet:
 * verify-pin reserves the chosen number for the new phone, with the numbers area's one rule.
 */
function NumberSection({ controller, onDone }: { controller: SelfSignupController; onDone: () => void }) {
  const { draft } = useSyncExternalStore(controller.subscribe, controller.getState);
  const initial = draft.chosen_number
    ? {
        number: draft.chosen_number,
        rating: draft.chosen_number_rating ?? undefined,
        area: draft.chosen_number_area ?? undefined,
      }
    : null;
  return (
    <Flex direction="column" gap="4">
      <Text color="fg.muted">
        Gold numbers cost {displayPrice(NUMBER_RATINGS.GOLD.price)}, Silver {displayPrice(NUMBER_RATINGS.SILVER.price)};
        Included numbers are free.
      </Text>
      <Suspense fallback={<Loading label="Finding numbers" />}>
        <SignupNumberStep
          initial={initial}
          onChosen={(number) => {
            controller.chooseNumber(number);
            onDone();
          }}
        />
      </Suspense>
    </Flex>
  );
}

interface DetailsProps {
  controller: SelfSignupController;
  onDone: () => void;
  google: { code: string; state: string } | null;
  startGoogle?: () => void;
}

function DetailsSection({ controller, onDone, google, startGoogle }: DetailsProps) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  // Back from Google: the customer is made with Google's name and e-mail (the controller sends each answer once).
  useEffect(() => {
    if (google) void controller.signUpWithGoogle(google).then((done) => done && onDone());
  }, [controller, google, onDone]);
  const { draft } = state;
  const [values, setValues] = useState({
    first_name: draft.first_name,
    last_name: draft.last_name,
    business_name: draft.business_name,
    email_address: draft.email_address,
    mobile_number: draft.mobile_number,
  });
  const [pin, setPin] = useState('');
  const [pinSent, setPinSent] = useState(false);
  const field = (name: keyof typeof values, label: string, extra: Record<string, string> = {}) => (
    <TextField
      id={`ssu-${name}`}
      label={label}
      value={values[name]}
      error={state.fieldErrors[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      disabled={pinSent}
      {...extra}
    />
  );
  const sendDetails = async (event: FormEvent) => {
    event.preventDefault();
    if (await controller.submitDetails(values)) setPinSent(true);
  };
  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (await controller.verifyPin(pin)) onDone();
  };
  const withGoogle = () => {
    if (controller.keepForGoogle(values)) startGoogle?.();
  };
  return (
    <Flex direction="column" gap="6">
      <chakra.form onSubmit={sendDetails} noValidate display="grid" gap="4">
        {field('first_name', 'First name', { autoComplete: 'given-name' })}
        {field('last_name', 'Last name', { autoComplete: 'family-name' })}
        {field('business_name', 'Business name', { autoComplete: 'organization' })}
        {field('email_address', 'Email address', { type: 'email', autoComplete: 'email' })}
        {field('mobile_number', 'Mobile number', { type: 'tel', autoComplete: 'tel' })}
        {state.fieldErrors.chosen_number && <Problem message={state.fieldErrors.chosen_number} />}
        {!pinSent && <Problem message={state.error} />}
        <Box>
          {pinSent ? (
            // Keyed apart: reusing the Continue button's element would animate its colours into these, and mid-way
            // the text fails contrast (seen by axe).
            <Button key="change" variant="outline" onClick={() => setPinSent(false)}>
              Change my details
            </Button>
          ) : (
            <Button key="continue" type="submit" colorPalette="brand" size="lg" loading={state.busy}>
              Continue
            </Button>
          )}
        </Box>
      </chakra.form>
      {!pinSent && startGoogle && (
        <Box borderTopWidth="1px" pt="5" display="grid" gap="3">
          <Text>
            Or sign up with Google: we take your name and email address from your Google account, so there is no PIN to
            type. Fill in your business name and mobile number above first.
          </Text>
          <Box>
            <Button variant="outline" size="lg" onClick={withGoogle} loading={Boolean(google) && state.busy}>
              Sign up with Google
            </Button>
          </Box>
        </Box>
      )}
      {pinSent && (
        <chakra.form onSubmit={verify} noValidate display="grid" gap="4">
          <Text>We emailed a 6-digit PIN to {draft.email_address}. Enter it to confirm your email address.</Text>
          <TextField
            id="ssu-pin"
            label="PIN from the email"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={pin}
            error={state.fieldErrors.pin}
            onChange={(event) => setPin(event.target.value)}
          />
          <Problem message={state.error} />
          <Box>
            <Button type="submit" colorPalette="brand" size="lg" loading={state.busy}>
              Confirm
            </Button>
          </Box>
        </chakra.form>
      )}
    </Flex>
  );
}

function StartedSection({
  controller,
  onSignedIn,
}: {
  controller: SelfSignupController;
  onSignedIn: (key: string) => void;
}) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const [pin, setPin] = useState({ pin: '', pin_confirmation: '' });
  const { provisioning } = state;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await controller.createPin(pin);
  };
  const finish = () => {
    const key = controller.finish();
    if (key) onSignedIn(key);
  };
  return (
    <Flex direction="column" gap="6">
      <Text>
        Your account is made
        {state.draft.chosen_number ? `, and ${displayPhone(state.draft.chosen_number)} is yours` : ''}. We are setting
        up your phone system now.
      </Text>
      <Box aria-live="polite">
        {provisioning?.provisioned ? (
          <Text fontWeight="semibold">Your phone system is ready.</Text>
        ) : provisioning?.status === 'failed' ? (
          <Problem message={provisioning.detail ?? 'We could not finish setting up your phone. Please contact us.'} />
        ) : (
          <Box>
            <Flex justify="space-between" mb="2">
              <Text>{provisioning?.step ?? 'Getting ready'}</Text>
              <Text fontWeight="semibold">{provisioning?.progress ?? 0}%</Text>
            </Flex>
            <Box
              role="progressbar"
              aria-label="Setting up your phone system"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={provisioning?.progress ?? 0}
              h="3"
              bg="bg.muted"
              rounded="full"
              overflow="hidden"
            >
              <Box
                h="full"
                w={`${provisioning?.progress ?? 0}%`}
                bg="brand.solid"
                rounded="full"
                transition="width 0.5s ease"
              />
            </Box>
          </Box>
        )}
      </Box>
      {state.pinSet ? (
        <Text>Your PIN is set: use it to sign in to the phone apps and desk phones.</Text>
      ) : (
        <chakra.form onSubmit={submit} noValidate display="grid" gap="4">
          <Heading as="h2" size="lg">
            Set your phone PIN
          </Heading>
          <TextField
            id="ssu-phone-pin"
            label="PIN (6 digits)"
            type="password"
            inputMode="numeric"
            value={pin.pin}
            error={state.fieldErrors.pin}
            onChange={(event) => setPin((c) => ({ ...c, pin: event.target.value }))}
          />
          <TextField
            id="ssu-phone-pin-confirmation"
            label="Confirm PIN"
            type="password"
            inputMode="numeric"
            value={pin.pin_confirmation}
            error={state.fieldErrors.pin_confirmation}
            onChange={(event) => setPin((c) => ({ ...c, pin_confirmation: event.target.value }))}
          />
          <Problem message={state.error} />
          <Box>
            <Button type="submit" colorPalette="brand" loading={state.busy}>
              Set PIN
            </Button>
          </Box>
        </chakra.form>
      )}
      {state.pinSet && <PasswordStep controller={controller} />}
      <Box>
        <Button
          colorPalette="brand"
          size="lg"
          disabled={!provisioning?.provisioned || !state.pinSet || state.passwordSetFor === null}
          onClick={finish}
        >
          Go to your account
        </Button>
      </Box>
    </Flex>
  );
}

/**
 * started, after the PIN: the portal password (the customer was made with none anyone knows), and how to sign
 * in next time once it is set.
 */
function PasswordStep({ controller }: { controller: SelfSignupController }) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const [password, setPassword] = useState({ new_password1: '', new_password2: '' });
  if (state.passwordSetFor !== null) {
    return (
      <Box role="status" borderWidth="1px" rounded="md" p="4" bg="bg.muted">
        <Text fontWeight="semibold" mb="1">
          Your password is set.
        </Text>
        <Text>
          Next time, sign in at <strong>{`${window.location.host}/auth/login`}</strong> with{' '}
          <strong>{state.passwordSetFor}</strong> and this password.
        </Text>
      </Box>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await controller.createPassword(password);
  };
  return (
    <chakra.form onSubmit={submit} noValidate display="grid" gap="4">
      <Heading as="h2" size="lg">
        Create your portal password
      </Heading>
      <Text color="fg.muted">
        You will sign in to your account with {state.draft.email_address || 'your email address'} and this password.
      </Text>
      {/* For password managers: the account this password is for. */}
      <input type="email" name="username" autoComplete="username" value={state.draft.email_address} readOnly hidden />
      <TextField
        id="ssu-password"
        label="Create a password"
        hint="10 characters or more. A few words you will remember work well."
        type="password"
        autoComplete="new-password"
        value={password.new_password1}
        error={state.fieldErrors.new_password1}
        onChange={(event) => setPassword((c) => ({ ...c, new_password1: event.target.value }))}
      />
      <TextField
        id="ssu-password-confirmation"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={password.new_password2}
        error={state.fieldErrors.new_password2}
        onChange={(event) => setPassword((c) => ({ ...c, new_password2: event.target.value }))}
      />
      <Problem message={state.error} />
      <Box>
        <Button type="submit" colorPalette="brand" loading={state.busy}>
          Set password
        </Button>
      </Box>
    </chakra.form>
  );
}
