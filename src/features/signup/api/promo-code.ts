import { useMutation } from '@tanstack/react-query';

import { checkPromo } from './signup-api.ts';

/** GET /api/v1/signup/promo/?code=: the first page's "Apply promo code", answering its description and trial length. */
export function useCheckPromo() {
  return useMutation({ mutationFn: (code: string) => checkPromo(code) });
}
