import { Flex, Heading, Text } from '@chakra-ui/react';
import { useParams, useSearchParams } from 'react-router-dom';

import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { DevicesTab, UserPageContent, UsersTab } from '../../../features/users-devices/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

// Users and devices: its tabs, by the ?tab= value; users is the default (spec 000 section 2). A tab it does not know
// shows the users. (Here, not in config/paths.ts: that module is in the entry chunk, and only this page needs them.)
const USERS_DEVICES_TABS = ['users', 'devices'] as const;
type UsersDevicesTab = (typeof USERS_DEVICES_TABS)[number];

/** The tab a ?tab= value names, or the users tab. */
function usersDevicesTab(value: string | null | undefined): UsersDevicesTab {
  return (USERS_DEVICES_TABS as readonly string[]).includes(value ?? '')
    ? (value as UsersDevicesTab)
    : USERS_DEVICES_TABS[0];
}

const TABS = [
  { value: 'users', label: 'Users' },
  { value: 'devices', label: 'Devices' },
] as const satisfies ReadonlyArray<{ value: UsersDevicesTab; label: string }>;

const TAB_CONTENT: Record<UsersDevicesTab, (props: { productId: number }) => React.ReactNode> = {
  users: UsersTab,
  devices: DevicesTab,
};

/** Users and devices (route users-devices-id, ?tab=): the users (the default) and the devices (hardware). */
export function UsersDevicesPage() {
  usePageTitle('Users and devices');
  const productId = parseProductId(useParams().id);
  const [search, setSearch] = useSearchParams();
  const tab = usersDevicesTab(search.get('tab'));
  if (productId === null) return <NotFoundContent loggedIn />;
  const choose = (next: UsersDevicesTab) =>
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
          Users and devices
        </Heading>
        <Text color="fg.muted">
          The people who use your phone, their extensions, PINs and add-ons, and the desk phones that ring them.
        </Text>
      </div>
      <Tabs label="Users and devices" items={TABS} value={tab} onChange={choose}>
        <Content key={`${tab}-${productId}`} productId={productId} />
      </Tabs>
    </Flex>
  );
}

/** A user's own page (route user-id): one seat's details, edit, PIN reset, add-ons and numbers. */
export function UserPage() {
  // A user id is spelled as a product id is: a positive whole number.
  const userId = parseProductId(useParams().id);
  if (userId === null) return <NotFoundContent loggedIn />;
  return <UserPageContent key={userId} userId={userId} />;
}

export { UsersDevicesPage as Component };
