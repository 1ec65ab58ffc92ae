import { StaffEmail } from '@portal/contract';

/**
 * The message an admin dialog e-mail field shows (spec 000 section 5): 'Email is a required
 * field' or 'Email is invalid'; undefined when it is fine. Shown once the field is touched.
 */
export function staffEmailError(value: string): string | undefined {
  const result = StaffEmail.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
