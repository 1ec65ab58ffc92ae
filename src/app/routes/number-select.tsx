import { useSearchParams } from 'react-router-dom';
import { NumberSelectPage } from '../../features/numbers/index.ts';

/** /number-select?token=...: the choice the token opens (its loader has sent a visitor without one home). */
export function Component() {
  const [search] = useSearchParams();
  return <NumberSelectPage token={search.get('token') ?? ''} />;
}
