import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import {
  broadbandTypeHeading,
  BusinessDetails,
  CURRENT_PROVIDERS,
  displayPrice,
  type BroadbandTariff,
  type BusinessDetailsInput,
  type TelcoLead,
} from '@portal/contract';

import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { Options, SelectField } from '../../../components/form/select-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { LoadError, Loading } from '../../../components/states.tsx';
import { TextField } from '../../../components/text-field.tsx';
import * as journeyPaths from '../../../config/journey-paths.ts';
import * as paths from '../../../config/paths.ts';
import { track } from '../../../lib/analytics.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { tariffsQueryOptions, useConfirmBroadbandSignup } from '../api/broadband-api.ts';
import { EMPTY_DETAILS, signupStore, type DetailsValues, type SignupPage } from '../journey.ts';
import { AddressSearch } from './address-search.tsx';

export const signupText = {
  steps: { address: 'Address', tariffs: 'Tariff', details: 'Your details', summary: 'Summary' } satisfies Record<
    SignupPage,
    string
  >,
  step: (n: number, of: number) => `Step ${n} of ${of}`,
  addressTitle: 'Where do you need broadband?',
  continue: 'Continue',
  back: 'Back',
  tariffsTitle: 'Choose your broadband',
  loadingTariffs: 'Finding tariffs',
  tariffsFailed: 'The tariffs could not be loaded',
  noTariffs: 'No broadband tariffs are available at this address.',
  chooseAnother: 'Choose another address',
  chooseTariff: 'Choose a tariff',
  perMonth: (price: string) => `${displayPrice(price)} a month`,
  setup: (fee: string) => (Number(fee) === 0 ? 'No set-up fee' : `${displayPrice(fee)} set-up fee`),
  contract: (months: number) => `${months}-month contract`,
  pricesExVat: 'Prices exclude VAT.',
  detailsTitle: 'Your business details',
  detailsKept: 'We keep what you type on this device for 24 hours, so you can come back to it.',
  summaryTitle: 'Check your order',
  change: 'Change',
  confirm: 'Confirm and sign up',
  confirming: 'Signing you up',
  failed: 'Your sign-up could not be completed',
  doneTitle: 'You are signed up for broadband',
  doneAppointment: (date: string, window: string) =>
    `Your installation appointment is on ${date}, between ${window.replace('-', ' and ')}.`,
  doneReference: (reference: string) => `Order reference ${reference}.`,
  doneSignIn: 'Sign in to your account to see the appointment in your notifications and the order tracker.',
  doneNext: 'What happens next',
  doneCreated: (email: string) =>
    `We have made you an account with ${email} and e-mailed you a link to set its password. Once it is set, sign in to follow the installation in the order tracker.`,
  doneExisting: (email: string) =>
    `We have e-mailed the booking to ${email}. Sign in to your account to see the appointment in your notifications and the order tracker.`,
  doneEngineer: 'An engineer comes to the address on the day; someone needs to be there to let them in.',
  signIn: 'Sign in',
  checkAnother: 'Check another address',
} as const;

const FIELD_LABELS: Record<keyof BusinessDetailsInput, string> = {
  name: 'Your name',
  business_name: 'Business name',
  email_address: 'Email address',
  mobile_number: 'Mobile number',
  phone_number: 'Business phone number',
  current_provider: 'Current broadband provider',
};

const signupPath = (page: SignupPage) => journeyPaths.broadbandSignupPage.build({ page });

function useJourney() {
  const store = signupStore();
  return useSyncExternalStore(store.subscribe, store.getJourney);
}

/** The page's frame: which step of four, its heading, what it holds. */
function StepFrame({
  page,
  title,
  children,
  back,
}: {
  page: SignupPage;
  title: string;
  children: ReactNode;
  back?: SignupPage;
}) {
  usePageTitle(title);
  const pages = Object.keys(signupText.steps) as SignupPage[];
  return (
    <Flex direction="column" gap="6">
      {back && (
        <chakra.div>
          <RouterLink to={signupPath(back)}>
            <chakra.span textDecoration="underline" color="fg.info">
              {signupText.back}
            </chakra.span>
          </RouterLink>
        </chakra.div>
      )}
      <Box>
        <Text color="fg.muted" fontWeight="semibold">
          {signupText.step(pages.indexOf(page) + 1, pages.length)}: {signupText.steps[page]}
        </Text>
        <Heading as="h1" size="3xl">
          {title}
        </Heading>
      </Box>
      {children}
    </Flex>
  );
}

/** /broadband-signup/address: the address the broadband is for. */
export function SignupAddressPage() {
  const navigate = useNavigate();
  const journey = useJourney();
  return (
    <StepFrame page="address" title={signupText.addressTitle}>
      {journey.address && <Text>Chosen: {journey.address.line}</Text>}
      <AddressSearch
        idPrefix="signup"
        chooseText={signupText.continue}
        onChoose={({ address, line }) => {
          signupStore().chooseAddress({
            address_ref: address.addressReference ?? '',
            css_database_code: address.cssDatabaseCode ?? '',
            postcode: address.postcode,
            line,
          });
          navigate(signupPath('tariffs'));
        }}
      />
    </StepFrame>
  );
}

function TariffOption({
  tariff,
  checked,
  onChange,
}: {
  tariff: BroadbandTariff;
  checked: boolean;
  onChange: () => void;
}) {
  const id = `tariff-${tariff.id}`;
  return (
    <chakra.label
      htmlFor={id}
      display="flex"
      gap="3"
      alignItems="flex-start"
      borderWidth="2px"
      borderColor={checked ? 'brand.solid' : 'border'}
      rounded="lg"
      p="4"
      cursor="pointer"
      bg="bg"
    >
      <chakra.input
        type="radio"
        id={id}
        name="tariff"
        value={tariff.id}
        checked={checked}
        onChange={onChange}
        mt="1.5"
        boxSize="5"
      />
      <Box flex="1">
        <Flex justify="space-between" gap="3" wrap="wrap">
          <Text fontWeight="bold" fontSize="lg">
            {tariff.name}
          </Text>
          <Text fontWeight="bold" fontSize="lg">
            {signupText.perMonth(tariff.monthly_price)}
          </Text>
        </Flex>
        <Text>{tariff.service.name}</Text>
        <Text color="fg.muted">
          {signupText.contract(tariff.contract_length_months)} · {signupText.setup(tariff.setup_fee)}
        </Text>
      </Box>
    </chakra.label>
  );
}

/** /broadband-signup/tariffs: the tariffs the address can have, 'Full Fibre' and 'Standard' (spec 001 section 9). */
export function SignupTariffsPage() {
  const navigate = useNavigate();
  const journey = useJourney();
  const address = journey.address;
  const tariffs = useQuery({
    ...tariffsQueryOptions({
      address_ref: address?.address_ref ?? '',
      css_database_code: address?.css_database_code ?? '',
      postcode: address?.postcode ?? '',
    }),
    enabled: address !== null,
  });
  const [chosen, setChosen] = useState(journey.tariff?.id ?? '');
  const [error, setError] = useState<string | undefined>(undefined);
  const errorRef = useRef<HTMLDivElement>(null);
  const all = tariffs.data ? [...tariffs.data.fttp, ...tariffs.data.fttc] : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tariff = all.find((t) => t.id === chosen);
    if (!tariff) {
      setError(signupText.chooseTariff);
      window.setTimeout(() => errorRef.current?.focus(), 0);
      return;
    }
    signupStore().chooseTariff(tariff);
    navigate(signupPath('details'));
  };
  return (
    <StepFrame page="tariffs" title={signupText.tariffsTitle} back="address">
      {address && <Text color="fg.muted">{address.line}</Text>}
      {tariffs.isPending && <Loading label={signupText.loadingTariffs} />}
      {tariffs.isError && (
        <LoadError
          title={signupText.tariffsFailed}
          error={tariffs.error}
          onRetry={() => void tariffs.refetch()}
          retrying={tariffs.isFetching}
        />
      )}
      {tariffs.data && all.length === 0 && (
        <Box role="status" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="4">
          <Text mb="3">{signupText.noTariffs}</Text>
          <Button asChild variant="outline" colorPalette="brand" type={undefined}>
            <RouterLink to={signupPath('address')}>{signupText.chooseAnother}</RouterLink>
          </Button>
        </Box>
      )}
      {tariffs.data && all.length > 0 && (
        <form noValidate onSubmit={submit}>
          <Flex direction="column" gap="6">
            <ErrorSummary
              ref={errorRef}
              errors={error ? [{ fieldId: `tariff-${all[0]?.id ?? ''}`, message: error }] : []}
            />
            {(['fttp', 'fttc'] as const)
              .filter((type) => tariffs.data[type].length > 0)
              .map((type) => (
                <chakra.fieldset key={type} display="flex" flexDirection="column" gap="3">
                  <chakra.legend fontSize="xl" fontWeight="bold" mb="2">
                    {broadbandTypeHeading(type)}
                  </chakra.legend>
                  {tariffs.data[type].map((tariff) => (
                    <TariffOption
                      key={tariff.id}
                      tariff={tariff}
                      checked={chosen === tariff.id}
                      onChange={() => {
                        setChosen(tariff.id);
                        setError(undefined);
                      }}
                    />
                  ))}
                </chakra.fieldset>
              ))}
            <Text color="fg.muted">{signupText.pricesExVat}</Text>
            <SubmitButton pending={false} align="start">
              {signupText.continue}
            </SubmitButton>
          </Flex>
        </form>
      )}
    </StepFrame>
  );
}

const DETAIL_IDS = {
  name: 'details-name',
  business_name: 'details-business-name',
  email_address: 'details-email',
  mobile_number: 'details-mobile',
  phone_number: 'details-phone',
  current_provider: 'details-provider',
} satisfies Record<keyof BusinessDetailsInput, string>;

/** /broadband-signup/details: the business details, kept on this device for 24 hours. */
export function SignupDetailsPage() {
  const navigate = useNavigate();
  const [initial] = useState<DetailsValues>(() => signupStore().getDetails() ?? EMPTY_DETAILS);
  const { summary, summaryRef, submit, field, pending, values } = useForm({
    title: signupText.detailsTitle,
    schema: BusinessDetails,
    ids: DETAIL_IDS,
    initial,
    send: () => {
      navigate(signupPath('summary'));
    },
  });
  // Every change is kept (spec 001 section 4: business details kept in browser storage).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    signupStore().saveDetails(values);
    signupStore().detailsChanged();
  }, [values]);
  return (
    <StepFrame page="details" title={signupText.detailsTitle} back="tariffs">
      <Text color="fg.muted">{signupText.detailsKept}</Text>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <form noValidate onSubmit={submit}>
        <Flex direction="column" gap="5">
          <TextField {...field('name')} label={FIELD_LABELS.name} autoComplete="name" />
          <TextField {...field('business_name')} label={FIELD_LABELS.business_name} autoComplete="organization" />
          <TextField
            {...field('email_address')}
            label={FIELD_LABELS.email_address}
            type="email"
            autoComplete="email"
            spellCheck={false}
          />
          <TextField
            {...field('mobile_number')}
            label={FIELD_LABELS.mobile_number}
            type="tel"
            autoComplete="tel"
            hint="A UK mobile, like 07700 900982"
          />
          <TextField {...field('phone_number')} label={FIELD_LABELS.phone_number} type="tel" hint="Optional" />
          <SelectField {...field('current_provider')} label={FIELD_LABELS.current_provider}>
            <Options
              placeholder="Choose a provider"
              options={CURRENT_PROVIDERS.map((name) => ({
                value: name,
                label: name === 'None' ? 'None (a new line)' : name,
              }))}
            />
          </SelectField>
          <SubmitButton pending={pending} align="start">
            {signupText.continue}
          </SubmitButton>
        </Flex>
      </form>
    </StepFrame>
  );
}

function SummaryBlock({ title, change, children }: { title: string; change: SignupPage; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }} bg="bg">
      <Flex justify="space-between" align="center" mb="2" gap="3">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        <RouterLink to={signupPath(change)}>
          <chakra.span textDecoration="underline" color="fg.info">
            {signupText.change}
            <chakra.span srOnly> {title.toLowerCase()}</chakra.span>
          </chakra.span>
        </RouterLink>
      </Flex>
      {children}
    </Box>
  );
}

/** The confirmation once the lead is approved: the appointment, and where to see it. */
function SignedUp({ lead }: { lead: TelcoLead }) {
  usePageTitle(signupText.doneTitle);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Flex direction="column" gap="5" align="flex-start">
      <Heading as="h1" size="3xl" ref={headingRef} tabIndex={-1}>
        {signupText.doneTitle}
      </Heading>
      {lead.appointment && (
        <Box role="status" borderWidth="1px" borderColor="border.success" bg="bg.success" rounded="md" p="4">
          <Text fontWeight="semibold">
            {signupText.doneAppointment(
              formatDate(lead.appointment.appointment_date),
              lead.appointment.appointment_window,
            )}
          </Text>
          <Text>{signupText.doneReference(lead.appointment.order_id)}</Text>
        </Box>
      )}
      <Heading as="h2" size="lg">
        {signupText.doneNext}
      </Heading>
      <Text>
        {lead.account === 'created'
          ? signupText.doneCreated(lead.business_details.email_address)
          : lead.account === 'existing'
            ? signupText.doneExisting(lead.business_details.email_address)
            : signupText.doneSignIn}
      </Text>
      <Text>{signupText.doneEngineer}</Text>
      <Flex direction={{ base: 'column', sm: 'row' }} gap="3" alignSelf="stretch">
        <Button asChild colorPalette="brand" size="lg" type={undefined}>
          <RouterLink to={paths.authLogin.build()}>{signupText.signIn}</RouterLink>
        </Button>
        <Button asChild variant="outline" colorPalette="brand" size="lg" type={undefined}>
          <RouterLink to={journeyPaths.broadbandAvailability.build()}>{signupText.checkAnother}</RouterLink>
        </Button>
      </Flex>
    </Flex>
  );
}

/** /broadband-signup/summary: everything chosen, then the telco lead is created and approved. */
export function SignupSummaryPage() {
  const journey = useJourney();
  const [details] = useState(() => signupStore().getDetails());
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<TelcoLead | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const signUp = useConfirmBroadbandSignup();
  const pending = signUp.isPending;
  if (done) return <SignedUp lead={done} />;
  const { address, tariff } = journey;
  const confirm = () => {
    if (pending || !address || !tariff || !details) return;
    setError(null);
    // The journey ends even if the page has gone meanwhile: the lead is made and approved.
    signUp
      .mutateAsync({
        request_id: journey.request_id,
        address_ref: address.address_ref,
        css_database_code: address.css_database_code,
        postcode: address.postcode,
        tariff_id: tariff.id,
        business_details: details as BusinessDetailsInput,
      })
      .then(
        (approved) => {
          setDone(approved);
          signupStore().finish();
        },
        (failure: unknown) => {
          const message = userErrorText(failure);
          track('Broadband sign-up failed', { error: message });
          setError(message);
          window.setTimeout(() => errorRef.current?.focus(), 0);
        },
      );
  };
  return (
    <StepFrame page="summary" title={signupText.summaryTitle} back="details">
      {error && (
        <Box ref={errorRef} tabIndex={-1}>
          <ErrorAlert title={signupText.failed} message={error} />
        </Box>
      )}
      {address && (
        <SummaryBlock title="Address" change="address">
          <Text>{address.line}</Text>
        </SummaryBlock>
      )}
      {tariff && (
        <SummaryBlock title="Tariff" change="tariffs">
          <Text fontWeight="semibold">
            {broadbandTypeHeading(tariff.broadband_type)}: {tariff.name}
          </Text>
          <Text>{tariff.service.name}</Text>
          <Text>
            {signupText.perMonth(tariff.monthly_price)}, {signupText.contract(tariff.contract_length_months)},{' '}
            {signupText.setup(tariff.setup_fee).toLowerCase()}. {signupText.pricesExVat}
          </Text>
        </SummaryBlock>
      )}
      {details && (
        <SummaryBlock title="Your details" change="details">
          <chakra.dl
            display="grid"
            gridTemplateColumns={{ base: '1fr', sm: 'max-content 1fr' }}
            columnGap="6"
            rowGap="1"
          >
            {(Object.keys(FIELD_LABELS) as Array<keyof BusinessDetailsInput>).map((field) => (
              <Box key={field} display="contents">
                <chakra.dt fontWeight="semibold">{FIELD_LABELS[field]}</chakra.dt>
                <chakra.dd overflowWrap="anywhere" mb={{ base: '2', sm: '0' }}>
                  {details[field] || '-'}
                </chakra.dd>
              </Box>
            ))}
          </chakra.dl>
        </SummaryBlock>
      )}
      <Button
        colorPalette="brand"
        size="lg"
        alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        onClick={confirm}
        loading={pending}
        loadingText={signupText.confirming}
      >
        {signupText.confirm}
      </Button>
    </StepFrame>
  );
}
