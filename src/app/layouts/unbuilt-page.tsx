import { NotFoundContent } from '../../components/not-found-content.tsx';
import { useAuth } from '../../features/auth/index.ts';

/** A route of the spec whose page is not built yet, inside its frame: "Page not found". */
export function UnbuiltPage() {
  return <NotFoundContent loggedIn={useAuth().loggedIn} />;
}
