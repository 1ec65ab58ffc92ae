import type { AudioStorage } from '../audio/storage.ts';
import type { Database } from './connect.ts';
import { seedAcmeLike, type AcmeNumbers } from './demo-acme.ts';
import { demoUser, type DemoUser } from './demo-users.ts';
import { seedGettingStartedCustomer } from '../modules/getting-started/demo-getting-started.ts';

/**
 * The end-to-end suite's own customers: copies of Acme Plumbing, one for each spec that
 * changes a cloud phone's data (its call flows, voicemail, hold music) or its sign-in (wrong
 * passwords count towards the throttle), so specs running side by side never see each
 * other's changes. They are seeded only when the e2e server asks (PORTAL_E2E_ACCOUNTS=on, set
 * by scripts/e2e-server.mjs), after the demo data, so the demo's ids stay: they are test
 * fixtures with known passwords, and four more copies of Acme would only confuse a demo.
 * e2e/accounts.ts lists the same sign-ins for the specs.
 */
export const e2eLogins = [
  { spec: 'auth', email: 'e2e-auth@acme-plumbing.example', password: 'portal-e2e-auth-1', company: 'Acme Plumbing Ltd (e2e auth)' },
  { spec: 'call-flow-editor', email: 'e2e-call-flow-editor@acme-plumbing.example', password: 'portal-e2e-editor-1', company: 'Acme Plumbing Ltd (e2e call-flow editor)' },
  { spec: 'call-flows', email: 'e2e-call-flows@acme-plumbing.example', password: 'portal-e2e-flows-1', company: 'Acme Plumbing Ltd (e2e call flows)' },
  { spec: 'phone-setup', email: 'e2e-phone-setup@acme-plumbing.example', password: 'portal-e2e-phone-1', company: 'Acme Plumbing Ltd (e2e phone setup)' },
] as const;

/**
 * Copies of Nova Dental (a cloud phone whose getting started is due), one for each run of the
 * getting-started spec's test that completes it, on the desktop and on a phone, three times
 * (`--repeat-each=3`): once done, the product leaves the list for good.
 */
export const e2eGettingStartedLogins = [
  { spec: 'getting-started', email: 'desktop-1@e2e-nova-dental.example', password: 'portal-e2e-welcome-desktop-1', company: 'Nova Dental (e2e desktop 1)' },
  { spec: 'getting-started', email: 'desktop-2@e2e-nova-dental.example', password: 'portal-e2e-welcome-desktop-2', company: 'Nova Dental (e2e desktop 2)' },
  { spec: 'getting-started', email: 'desktop-3@e2e-nova-dental.example', password: 'portal-e2e-welcome-desktop-3', company: 'Nova Dental (e2e desktop 3)' },
  { spec: 'getting-started', email: 'phone-1@e2e-nova-dental.example', password: 'portal-e2e-welcome-phone-1', company: 'Nova Dental (e2e phone 1)' },
  { spec: 'getting-started', email: 'phone-2@e2e-nova-dental.example', password: 'portal-e2e-welcome-phone-2', company: 'Nova Dental (e2e phone 2)' },
  { spec: 'getting-started', email: 'phone-3@e2e-nova-dental.example', password: 'portal-e2e-welcome-phone-3', company: 'Nova Dental (e2e phone 3)' },
] as const;

/** Every copy's user is Riley Shaw, as in Nova Dental. */
const E2E_GETTING_STARTED_NAME = 'Riley Shaw';

/** Every copy's user is Alex Morgan, as in Acme, so the specs read the same names. */
const E2E_USER_NAME = 'Alex Morgan';

/** Six numbers of its own per copy (numbers are unique): 01632 9606x1-3 and 020 7946 06x1-3, from Ofcom's drama ranges. */
function e2eNumbers(index: number): AcmeNumbers {
  const at = (prefix: string, n: number) => `${prefix}${600 + 10 * (index + 1) + n}`;
  return { leeds: [at('01632960', 1), at('01632960', 2), at('01632960', 3)], london: [at('02079460', 1), at('02079460', 2), at('02079460', 3)] };
}

/**
 * Reads PORTAL_E2E_ACCOUNTS: `on` (or true, 1) seeds the e2e customers at the first start;
 * unset, empty, `off` (false, 0) does not. Anything else stops the start.
 */
export function readE2eAccountsSetting(env: Record<string, string | undefined>): boolean {
  const value = (env.PORTAL_E2E_ACCOUNTS ?? '').trim().toLowerCase();
  if (['', 'off', 'false', '0'].includes(value)) return false;
  if (['on', 'true', '1'].includes(value)) return true;
  throw new Error(`PORTAL_E2E_ACCOUNTS must be on or off, not "${env.PORTAL_E2E_ACCOUNTS}"`);
}

/** The e2e users with their password hashes; slow, so seed.ts starts it before its transaction. */
export function e2eDemoUsers(): Promise<DemoUser[]> {
  return Promise.all([
    ...e2eLogins.map(({ email, password }) => demoUser({ email, password, name: E2E_USER_NAME })),
    ...e2eGettingStartedLogins.map(({ email, password }) => demoUser({ email, password, name: E2E_GETTING_STARTED_NAME })),
  ]);
}

export async function seedE2eDemo(tx: Pick<Database, 'insert'>, audio: AudioStorage, hashed: DemoUser[], now: Date): Promise<void> {
  for (const [index, login] of e2eLogins.entries()) {
    const user = hashed[index];
    if (!user) throw new Error('seed: e2e demo users missing');
    await seedAcmeLike(tx, audio, { user, company: login.company, numbers: e2eNumbers(index) }, now);
  }
  for (const [index, login] of e2eGettingStartedLogins.entries()) {
    const user = hashed[e2eLogins.length + index];
    if (!user) throw new Error('seed: e2e getting-started users missing');
    await seedGettingStartedCustomer(tx, user, login.company, now);
  }
}
