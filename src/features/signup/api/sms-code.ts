import { useMutation } from '@tanstack/react-query';

import { sendSmsCode, verifySmsCode } from './signup-api.ts';

/** POST /auth/sms/send/: the details page's optional check of the mobile texts it a code. */
export function useSendSmsCode() {
  return useMutation({
    mutationFn: ({ token, mobile }: { token: string; mobile: string }) => sendSmsCode(token, mobile),
  });
}

/** POST /auth/sms/verify/: the code typed back; only the status SUCCESS confirms the number (spec 001 section 4). */
export function useVerifySmsCode() {
  return useMutation({
    mutationFn: ({ token, mobile, code }: { token: string; mobile: string; code: string }) =>
      verifySmsCode(token, mobile, code),
  });
}
