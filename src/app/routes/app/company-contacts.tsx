import { useParams } from 'react-router-dom';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { ContactsPage } from '../../../features/contacts/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** Company contacts (route company-contacts-id); the older version's 404 comes from the layout's start-up rules. */
export function CompanyContactsPage() {
  usePageTitle('Company contacts');
  const productId = parseProductId(useParams().id);
  if (productId === null) return <NotFoundContent loggedIn />;
  return <ContactsPage key={productId} productId={productId} />;
}

export { CompanyContactsPage as Component };
