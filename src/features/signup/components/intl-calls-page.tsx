import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { monthlyPriceWithVat } from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { startSession } from '../../auth/index.ts';
import { chooseIntlCalls, getIntlTariffs } from '../api/signup-api.ts';
import { clearSignupData, readSignupData } from '../signup-data.ts';
import { SignupProvisioning } from './signup-provisioning.tsx';

/** No plan: the radio's value beside the tariffs' ids. */
const NONE = 'none';

/**
 * The trial's last page (/trial/intl-calls): the phone is provisioned while the customer
 * chooses an international calling plan (the account add-ons page's catalogue, from the
 * server, in the spec's order) or none; once it is ready, "Go to my portal" puts the choice
 * on the phone and signs them in at home.
 */
export function IntlCallsPage() {
  usePageTitle('International calls');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const data = readSignupData();
  const tariffs = useQuery({ queryKey: ['signup', 'intl-tariffs'], queryFn: ({ signal }) => getIntlTariffs(signal) });
  const [choice, setChoice] = useState<number | typeof NONE>(NONE);
  const [ready, setReady] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (data?.product_id === undefined || !data.user_key || !data.key) return null;
  const { product_id: productId, user_key: userKey, key } = data;

  const finish = async () => {
    setPending(true);
    setProblem(null);
    try {
      await chooseIntlCalls(key, choice === NONE ? null : choice);
      await startSession(queryClient, userKey);
      clearSignupData();
      await navigate('/');
    } catch (error) {
      setProblem(userErrorText(error));
      setPending(false);
    }
  };

  const options = [
    ...(tariffs.data?.results ?? []).map((tariff) => ({
      id: tariff.id as number | typeof NONE,
      label: tariff.name,
      price: `${monthlyPriceWithVat(tariff)}, after your trial`,
      hint: tariff.description,
    })),
    {
      id: NONE as number | typeof NONE,
      label: 'No international calls for now',
      price: null,
      hint: 'You can add a plan later, on your account add-ons page.',
    },
  ];

  return (
    <Flex direction="column" gap="6">
      <Box>
        <Heading as="h1" size="3xl" mb="2">
          Calling abroad?
        </Heading>
        <Text color="fg.muted">
          While we set up your phone, choose an international calling plan for your trial, or carry on without one.
        </Text>
      </Box>
      <SignupProvisioning productId={productId} userKey={userKey} onStatus={(status) => setReady(status.provisioned)} />
      {tariffs.isPending ? (
        <Loading label="Loading the international calling plans" />
      ) : tariffs.isError ? (
        <LoadError
          title="The international calling plans could not be loaded"
          error={tariffs.error}
          onRetry={() => void tariffs.refetch()}
          retrying={tariffs.isFetching}
        />
      ) : (
        <chakra.fieldset display="flex" flexDirection="column" gap="3">
          <chakra.legend fontWeight="semibold" fontSize="lg" mb="2">
            International calling plan
          </chakra.legend>
          {options.map((option) => (
            <chakra.label
              key={option.id}
              display="flex"
              gap="3"
              alignItems="flex-start"
              borderWidth="1px"
              rounded="md"
              p="3"
              cursor="pointer"
              bg={choice === option.id ? 'bg.muted' : 'bg'}
            >
              <input
                type="radio"
                name="intl-calls"
                value={option.id}
                checked={choice === option.id}
                onChange={() => setChoice(option.id)}
                style={{ marginTop: '0.3rem' }}
              />
              <span>
                <Text as="span" display="block" fontWeight="semibold">
                  {option.price ? `${option.label}: ${option.price}` : option.label}
                </Text>
                <Text as="span" display="block" color="fg.muted" fontSize="sm">
                  {option.hint}
                </Text>
              </span>
            </chakra.label>
          ))}
        </chakra.fieldset>
      )}
      {problem && (
        <Text role="alert" color="fg.error">
          {problem}
        </Text>
      )}
      <Button
        colorPalette="brand"
        size="lg"
        onClick={() => void finish()}
        disabled={!ready}
        loading={pending}
        loadingText="Signing you in"
      >
        {ready ? 'Go to my portal' : 'Waiting for your phone'}
      </Button>
    </Flex>
  );
}
