// Writes docs/configuration.md from the server's configuration schema (server/src/config.ts), so the page and
// the schema cannot drift: `npm run docs:config`. tests/configuration-docs.test.ts fails when the page is not
// what this writes.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { VARIABLES, type VariableDoc, type VariableGroup } from '../server/src/config.ts';

export const CONFIGURATION_DOCS = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));

const GROUPS: Record<VariableGroup, string> = {
  Server: 'Where it listens, how it is reached, how it logs and stops.',
  Storage: 'The database and where audio is kept.',
  Messages:
    'How e-mails and texts leave the portal. The sandbox outbox pages (`/sandbox/outbox`) exist only while both are `sandbox`.',
  Payments: 'Card payments. A hosted provider missing a setting stops the start; it never falls back to the sandbox.',
  'Social sign-in':
    'Google, Facebook and LinkedIn. The redirect URI to register with a provider is `$PORTAL_PUBLIC_URL/login`.',
  Services: 'The outside services the portal talks to, each with a sandbox that runs on this machine.',
  'Product switches': 'The flags spec 000 section 9 bakes in, as configuration.',
  'Test calls':
    "The test-call runtime (call-runtime/), which answers a customer's test call of a flow over SIP. Run alone, the runtime also reads CALL_RUNTIME_MAX_CALLS (200) and CALL_RUNTIME_ALLOW (loopback): docs/decisions/017-test-call-runtime.md.",
};

/** Read by the scripts and test runners, not by the server; listed so a newcomer finds them in one place. */
const TOOLS: Array<[string, string, string]> = [
  [
    'TEST_DATABASE_URL',
    '',
    'also run the server suite on this PostgreSQL (each test file in a database of its own; the role needs CREATEDB)',
  ],
  ['PORTAL_BACKUP_DIR', './backups', 'where `npm run db:backup` writes'],
  ['CHROMIUM_PATH', '/usr/bin/chromium', 'the browser the end-to-end suite drives'],
  ['E2E_PORT', '8181', "the end-to-end suite's server port"],
  ['E2E_WORKERS', '2', "Playwright's workers"],
];

const cell = (text: string) => text.replace(/\|/g, '\\|');
const value = (text: string) => (text === '' ? 'unset' : text.includes('`') ? text : `\`${text}\``);

export function configurationDocs(): string {
  const entries = Object.entries(VARIABLES) as Array<[string, VariableDoc]>;
  const lines = [
    '# Configuration',
    '',
    '<!-- Written by `npm run docs:config` from server/src/config.ts; edit the schema there, not this page. -->',
    '',
    'The server reads its settings from the environment once, at start (`server/src/config.ts`, one zod schema).',
    'A bad value stops the start with a message naming the variable; an empty value counts as unset.',
    '',
    `The ones every deployer must know: ${entries
      .filter(([, doc]) => doc.essential)
      .map(([name]) => `\`${name}\``)
      .join(', ')}.`,
    '',
  ];
  for (const [group, about] of Object.entries(GROUPS) as Array<[VariableGroup, string]>) {
    const rows = entries.filter(([, doc]) => doc.group === group);
    if (rows.length === 0) continue;
    lines.push(`## ${group}`, '', about, '', '| variable | default | meaning |', '|---|---|---|');
    for (const [name, doc] of rows) lines.push(`| \`${name}\` | ${cell(value(doc.default))} | ${cell(doc.about)} |`);
    lines.push('');
  }
  lines.push(
    '## Tools',
    '',
    'Read by the scripts and the test runners, not by the server.',
    '',
    '| variable | default | meaning |',
    '|---|---|---|',
  );
  for (const [name, fallback, about] of TOOLS)
    lines.push(`| \`${name}\` | ${cell(value(fallback))} | ${cell(about)} |`);
  lines.push('');
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CONFIGURATION_DOCS, configurationDocs());
  console.log(`wrote ${CONFIGURATION_DOCS}`);
}
