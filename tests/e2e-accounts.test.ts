import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { accounts } from '../e2e/accounts.ts';
import { demoLogins } from '../server/src/db/demo-logins.ts';

/**
 * e2e/accounts.ts lists the demo logins, which the specs only sign in to and look at (a test that changes
 * anything makes its own customer: e2e/fixtures.ts makeCustomer). Here: the list is the demo logins, a spec
 * reaches one only through the list (so a review finds every use by `accounts.`), and the every-customer spec
 * signs in as each or says why not.
 */

/** The spec files' text by spec name (the file name without `.spec.ts`). */
function readSpecs(): Record<string, string> {
  const dir = new URL('../e2e/', import.meta.url);
  const files = readdirSync(dir).filter((file) => file.endsWith('.spec.ts'));
  return Object.fromEntries(
    files.map((file) => [file.replace(/\.spec\.ts$/, ''), readFileSync(new URL(file, dir), 'utf8')]),
  );
}

describe('e2e accounts', () => {
  it('are the demo logins, by the same names, passwords and first names', () => {
    const expected = Object.fromEntries(
      Object.entries(demoLogins).map(([name, login]) => [
        name,
        { email: login.email, password: login.password, firstName: login.name.split(' ')[0] },
      ]),
    );
    expect(accounts).toEqual(expected);
  });

  it('are reached through e2e/accounts.ts: no spec writes a demo login’s address itself', () => {
    const named = Object.entries(readSpecs()).flatMap(([spec, text]) =>
      Object.values(accounts)
        .filter((account) => text.toLowerCase().includes(account.email))
        .map((account) => `${spec}: ${account.email}`),
    );
    expect(named).toEqual([]);
  });

  it('the every-customer spec signs in as each demo login or says why not', () => {
    const spec = readSpecs()['every-customer'] ?? '';
    const missing = Object.keys(demoLogins).filter(
      (name) => !new RegExp(`^\\s+${name}:\\s+(accounts\\.|')`, 'm').test(spec),
    );
    expect(missing).toEqual([]);
  });
});
