import * as paths from '../../config/paths.ts';
import { isApiError } from '../../lib/api-error.ts';
import { userErrorText } from '../../lib/error-text.ts';
import { returnToStaff } from './api/return-to-staff.ts';

// The admin dialog, the login-as page and the top bar's way back all load this module on
// demand; what they share lives here, so it downloads as one file.
export { switchUser } from './api/switch-user.ts';

/** Spec 000 section 9: the page reloads this long after a switch of user. */
export const SWITCH_USER_RELOAD_DELAY_MS = 500;

type Navigate = (to: string, options: { replace: boolean }) => Promise<void> | void;

/** How the page reloads; tests put a spy here (jsdom cannot reload). */
export const pageReload = { reload: (): void => window.location.reload() };

/** Reloads the page after 500 ms, so nothing of the session's other identity stays in memory. */
export function scheduleReload(): void {
  window.setTimeout(() => pageReload.reload(), SWITCH_USER_RELOAD_DELAY_MS);
}

/** After the session changed identity (a switch, or the return from one): go home, then reload after 500 ms. */
export function goHomeAndReload(navigate: Navigate): void {
  void navigate(paths.index.build(), { replace: true });
  scheduleReload();
}

/** Ends the switch (POST /accounts/return/), then home and a reload after 500 ms, as after a switch. */
export async function returnToOwnAccount(navigate: Navigate): Promise<void> {
  await returnToStaff();
  goHomeAndReload(navigate);
}

function fieldOf(error: unknown, field: 'error' | 'detail'): string | undefined {
  if (!isApiError(error) || !error.isClientError) return undefined;
  const data = error.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Spec 000 section 8: the switch-user alert shows the answer's `error` field (else the usual error text). */
export function switchErrorText(error: unknown): string {
  return fieldOf(error, 'error') ?? userErrorText(error);
}

/** Spec 000 section 8: the resend-verification alert shows the answer's `detail` field (else the usual error text). */
export function resendErrorText(error: unknown): string {
  return fieldOf(error, 'detail') ?? userErrorText(error);
}
