import { useParams } from 'react-router-dom';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { parseProductId } from '../../../lib/product-id.ts';
import { UserPageContent } from '../../../features/users-devices/index.ts';

/** A user's own page (route user-id): one seat's details, edit, PIN reset, add-ons and numbers. */
export function UserPage() {
  // A user id is spelled as a product id is: a positive whole number.
  const userId = parseProductId(useParams().id);
  if (userId === null) return <NotFoundContent loggedIn />;
  return <UserPageContent key={userId} userId={userId} />;
}

export { UserPage as Component };
