import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { accounts, type E2eAccount } from '../e2e/accounts.ts';
import { demoLogins } from '../server/src/db/demo-logins.ts';

/**
 * The guard of e2e/accounts.ts: the end-to-end specs run fully parallel on one database, so an
 * account that one spec changes must be that spec's alone. Reads every e2e/*.spec.ts as text and
 * fails when
 * - a spec uses (`accounts.<name>`) an account that another spec writes (`writtenBy`), unless the
 *   account lists it in `alsoReadBy` with the reason;
 * - a spec names a seeded account's e-mail address itself, which would slip past this count;
 * - a spec uses a name the list does not have, or an account's writer no longer uses it.
 * What it cannot see is whether a spec writes an account the list calls read-only: that is for
 * the reviewer of a spec that starts changing one (give it an account of its own).
 */

type Registry = Record<string, E2eAccount>;

/** The spec files' text by spec name (the file name without `.spec.ts`). */
function readSpecs(): Record<string, string> {
  const dir = new URL('../e2e/', import.meta.url);
  const files = readdirSync(dir).filter((file) => file.endsWith('.spec.ts'));
  return Object.fromEntries(
    files.map((file) => [file.replace(/\.spec\.ts$/, ''), readFileSync(new URL(file, dir), 'utf8')]),
  );
}

/** Every breach of the rules above, worded for the person who has to fix it. */
function accountViolations(specs: Record<string, string>, registry: Registry): string[] {
  const problems: string[] = [];
  const usedBy = new Map<string, Set<string>>();
  for (const [spec, text] of Object.entries(specs)) {
    for (const [, name] of text.matchAll(/\baccounts\.(\w+)/g)) {
      if (!name || !(name in registry)) {
        problems.push(`${spec}: accounts.${name} is not in e2e/accounts.ts`);
        continue;
      }
      usedBy.set(name, (usedBy.get(name) ?? new Set()).add(spec));
    }
    for (const [name, account] of Object.entries(registry)) {
      if (text.toLowerCase().includes(account.email.toLowerCase()))
        problems.push(`${spec}: names ${account.email} itself; use accounts.${name}`);
    }
  }
  for (const [name, account] of Object.entries(registry)) {
    const users = usedBy.get(name) ?? new Set<string>();
    if (!account.writtenBy) continue;
    if (!users.has(account.writtenBy))
      problems.push(`accounts.${name}: written by ${account.writtenBy}, which does not use it`);
    for (const spec of users) {
      if (spec !== account.writtenBy && !(spec in (account.alsoReadBy ?? {}))) {
        problems.push(
          `${spec}: signs in as accounts.${name}, which ${account.writtenBy} changes; give ${spec} an account of its own`,
        );
      }
    }
  }
  return problems;
}

describe('e2e accounts', () => {
  it('no spec uses an account another spec writes, and every seeded address goes through e2e/accounts.ts', () => {
    expect(accountViolations(readSpecs(), accounts)).toEqual([]);
  });

  it('every demo login is registered, and the every-customer spec signs in as each or says why not', () => {
    const spec = readSpecs()['every-customer'] ?? '';
    const names = Object.values(demoLogins).map(
      (login) =>
        Object.entries(accounts).find(([, account]) => account.email === login.email)?.[0] ??
        `unregistered ${login.email}`,
    );
    expect(names.filter((name) => name.startsWith('unregistered'))).toEqual([]);
    expect(names.filter((name) => !new RegExp(`^\\s+${name}:\\s+(accounts\\.|')`, 'm').test(spec))).toEqual([]);
  });

  it('every e-mail address is listed once', () => {
    const emails = Object.values(accounts).map((account) => account.email.toLowerCase());
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('the e2e-only copies (of Acme, Fenwick Joinery and Meadow Lane Vets) are the ones the e2e server seeds', () => {
    const seed = readFileSync(new URL('../server/src/db/demo-e2e.ts', import.meta.url), 'utf8');
    const copies = Object.values(accounts).filter((account) => account.email.startsWith('e2e-'));
    // One per entry of e2eLogins, whichever specs those are.
    expect(copies).toHaveLength(seed.match(/\{\s*spec: '/g)?.length ?? 0);
    expect(copies.length).toBeGreaterThanOrEqual(5);
    for (const { email, password } of copies)
      expect(seed).toMatch(new RegExp(`email: '${email}',\\s+password: '${password}'`));
  });

  describe('the guard fires', () => {
    const registry: Registry = {
      shared: { email: 'shared@example.test', password: 'p', firstName: 'S' },
      written: {
        email: 'written@example.test',
        password: 'p',
        firstName: 'W',
        writtenBy: 'writer',
        alsoReadBy: { looker: 'only the banner' },
      },
    };

    it('on a second spec signing in as a written account', () => {
      const specs = {
        writer: 'signInAs(accounts.written)',
        other: 'signInAs(accounts.written); signInAs(accounts.shared)',
        looker: 'accounts.written',
      };
      expect(accountViolations(specs, registry)).toEqual([
        'other: signs in as accounts.written, which writer changes; give other an account of its own',
      ]);
    });

    it('on an address written out in a spec, an unknown name, and a writer that no longer uses its account', () => {
      const specs = { other: "loginPage.signIn('Written@example.test', 'p'); accounts.nobody" };
      expect(accountViolations(specs, registry)).toEqual([
        'other: accounts.nobody is not in e2e/accounts.ts',
        'other: names written@example.test itself; use accounts.written',
        'accounts.written: written by writer, which does not use it',
      ]);
    });
  });
});
