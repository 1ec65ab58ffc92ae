import { Flex, Heading, Text } from '@chakra-ui/react';
import { useParams, useSearchParams } from 'react-router-dom';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { phoneSetupTab, type PhoneSetupTab } from '../../../config/paths.ts';
import { parseProductId } from '../../../lib/product-id.ts';
import { HoldMusicTab, VoicemailTab } from '../../../features/phone-setup/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

const TABS = [
  { value: 'voicemail', label: 'Voicemail' },
  { value: 'hold-music', label: 'Hold music' },
] as const satisfies ReadonlyArray<{ value: PhoneSetupTab; label: string }>;

/** Phone setup (route phone-setup-id, ?tab=): voicemail and hold music. */
export function PhoneSetupPage() {
  usePageTitle('Phone setup');
  const productId = parseProductId(useParams().id);
  const [search, setSearch] = useSearchParams();
  const tab = phoneSetupTab(search.get('tab'));
  if (productId === null) return <NotFoundContent loggedIn />;
  const choose = (next: PhoneSetupTab) =>
    setSearch(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  return (
    <Flex direction="column" gap="6" maxW="4xl">
      <div>
        <Heading as="h1" size="3xl" mb="2">
          Phone setup
        </Heading>
        <Text color="fg.muted">What callers hear when no one answers, and while they wait.</Text>
      </div>
      <Tabs label="Phone setup" items={TABS} value={tab} onChange={choose}>
        {tab === 'voicemail' ? <VoicemailTab key={productId} productId={productId} /> : <HoldMusicTab key={productId} productId={productId} />}
      </Tabs>
    </Flex>
  );
}

export { PhoneSetupPage as Component };
