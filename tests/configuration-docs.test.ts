import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { CONFIGURATION_DOCS, configurationDocs } from '../scripts/config-docs.ts';
import { VARIABLES } from '../server/src/config.ts';

// docs/configuration.md is written from the configuration schema (npm run docs:config); these fail when the page
// is not what the schema says, and when the server reads the environment anywhere but the schema's file.

const root = fileURLToPath(new URL('..', import.meta.url));

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` writes from server/src/config.ts', () => {
    expect(readFileSync(CONFIGURATION_DOCS, 'utf8'), 'run `npm run docs:config`').toBe(configurationDocs());
  });

  it('names every variable the schema reads', () => {
    const page = configurationDocs();
    for (const name of Object.keys(VARIABLES)) expect(page).toContain(`| \`${name}\` |`);
  });
});

describe('the server reads the environment in one place', () => {
  it("has process.env only in server/src/config.ts (and the test helpers, which read the test runner's own)", () => {
    const files = execFileSync('git', ['grep', '-l', 'process\\.env', '--', 'server/src'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean)
      .filter((file) => !file.endsWith('.test.ts') && !file.startsWith('server/src/test/'));
    expect(files).toEqual(['server/src/config.ts']);
  });
});
