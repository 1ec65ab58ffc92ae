import { useLoaderData, useParams } from 'react-router-dom';

import type { SignupChannel } from '@portal/contract';

import { IntlCallsPage } from './intl-calls-page.tsx';
import { MaintenancePage } from './maintenance-page.tsx';
import { SignupDetailsPage } from './signup-details-page.tsx';
import { SignupStartPage } from './signup-start-page.tsx';

/** What the journeys' route loaders answer: whether the trial page is closed for maintenance. */
export interface SignupRouteData {
  maintenance: boolean;
}

/** The page of /trial/{page} or /buynow/{page}; the loader has sent any other page away. */
export function SignupRoute({ channel }: { channel: SignupChannel }) {
  const { page } = useParams();
  const data = useLoaderData() as SignupRouteData | null;
  if (data?.maintenance) return <MaintenancePage />;
  if (page === 'details') return <SignupDetailsPage key={channel} channel={channel} />;
  if (page === 'intl-calls') return <IntlCallsPage />;
  return <SignupStartPage key={channel} channel={channel} />;
}
