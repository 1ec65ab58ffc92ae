import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';

import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { loadContactsPage } from '../../../features/contacts/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

// The page's code is a chunk of its own, asked for by this small route module: the route table in
// the entry then names one small chunk, not the page's dozen (the home page's bundle budget).
const ContactsPage = lazy(() => loadContactsPage().then((module) => ({ default: module.ContactsPage })));

/** Company contacts (route company-contacts-id); the older version's 404 comes from the layout's start-up rules. */
export function CompanyContactsPage() {
  usePageTitle('Company contacts');
  const productId = parseProductId(useParams().id);
  if (productId === null) return <NotFoundContent loggedIn />;
  return (
    <Suspense fallback={<PageLoading />}>
      <ContactsPage key={productId} productId={productId} />
    </Suspense>
  );
}

export { CompanyContactsPage as Component };
