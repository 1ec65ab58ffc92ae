import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { returnToOwnAccount } from '../switch-session.ts';

/**
 * The "Viewing" bar's way back (spec 000 section 9): ends the switch, then home and a reload
 * after 500 ms. A failure says so in a toast and leaves the session as it was.
 */
export function useReturnToOwnAccount() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => returnToOwnAccount(navigate),
    onError: (error) =>
      toaster.create({
        type: 'error',
        title: 'You could not return to your account',
        description: userErrorText(error),
      }),
  });
}
