import { NotFoundContent } from '../../components/not-found-content.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { GuestLayout } from '../layouts/guest-layout.tsx';

/** Any path no route matches (NotFoundContent tracks the 404). */
export function NotFoundPage() {
  const { loggedIn } = useAuth();
  return (
    <GuestLayout>
      <NotFoundContent loggedIn={loggedIn} />
    </GuestLayout>
  );
}

export { NotFoundPage as Component };
