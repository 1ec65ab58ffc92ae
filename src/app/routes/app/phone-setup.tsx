import { Flex, Heading, Text } from '@chakra-ui/react';
import { useParams, useSearchParams } from 'react-router-dom';

import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import type { PhoneSetupTab } from '../../../config/paths.ts';
import {
  HoldMusicTab,
  HolidayScheduleTab,
  phoneSetupTab,
  TemporaryDivertTab,
  VoicemailTab,
} from '../../../features/phone-setup/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

const TABS = [
  { value: 'holiday-schedule', label: 'Holiday schedule' },
  { value: 'voicemail', label: 'Voicemail' },
  { value: 'hold-music', label: 'Hold music' },
  { value: 'temporary-divert', label: 'Temporary divert' },
] as const satisfies ReadonlyArray<{ value: PhoneSetupTab; label: string }>;

const TAB_CONTENT: Record<PhoneSetupTab, (props: { productId: number }) => React.ReactNode> = {
  'holiday-schedule': HolidayScheduleTab,
  voicemail: VoicemailTab,
  'hold-music': HoldMusicTab,
  'temporary-divert': TemporaryDivertTab,
};

/** Phone setup (route phone-setup-id, ?tab=): holiday schedule (the default), voicemail, hold music and temporary divert. */
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
  const Content = TAB_CONTENT[tab];
  return (
    <Flex direction="column" gap="6" maxW="4xl">
      <div>
        <Heading as="h1" size="3xl" mb="2">
          Phone setup
        </Heading>
        <Text color="fg.muted">
          When your line is closed, what callers hear when no one answers and while they wait, and where calls go.
        </Text>
      </div>
      <Tabs label="Phone setup" items={TABS} value={tab} onChange={choose}>
        <Content key={`${tab}-${productId}`} productId={productId} />
      </Tabs>
    </Flex>
  );
}

export { PhoneSetupPage as Component };
export { AccountAddOnsPage } from './account-add-ons.tsx';
