import { Flex, Heading, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { parseProductId } from '../../../lib/product-id.ts';
import { UserPageContent, UsersTab } from '../../../features/users-devices/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/**
 * Users and devices (route users-devices-id, ?tab=users, the default): the users tab. The
 * devices (hardware) tab is not built yet, so there is no tab list; any ?tab= shows the users.
 */
export function UsersDevicesPage() {
  usePageTitle('Users and devices');
  const productId = parseProductId(useParams().id);
  if (productId === null) return <NotFoundContent loggedIn />;
  return (
    <Flex direction="column" gap="6" maxW="4xl">
      <div>
        <Heading as="h1" size="3xl" mb="2">
          Users and devices
        </Heading>
        <Text color="fg.muted">The people who use your phone: their extensions, PINs and add-ons.</Text>
      </div>
      <section aria-label="Users">
        <UsersTab key={productId} productId={productId} />
      </section>
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
