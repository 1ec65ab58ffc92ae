import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Page,
  type Request as PlaywrightRequest,
} from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

import { SandboxCustomer, type SandboxCustomerKind } from '@portal/contract';

/** The demo logins, for the specs that sign in only to look (e2e/accounts.ts). */
export { accounts } from './accounts.ts';

/** axe-core's browser build, read once per worker. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const axeOptions: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  // WCAG 2.5.3 (label in name) is an axe rule marked experimental, which no tag turns on: turned on by name.
  // Not for a control whose visible text is its label followed by its description (aria-describedby):
  // a call-flow step ("Transfer: Sales team", then its members) or a step-palette entry ("Voicemail",
  // then what it does). Its name is the label it shows first, what a speech-input user says; the rule
  // wants every visible word in the name, description included.
  rules: { 'label-content-name-mismatch': { enabled: true } },
  // Only what fails is read; the portal has no frames to follow.
  resultTypes: ['violations'],
  iframes: false,
};

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical
 * violation, naming the rule and the elements so the failure says what to fix.
 *
 * axe is put into the page once (again after a navigation) and run there directly. @axe-core/playwright, used
 * before, injected it again for every check and finished each run in a new blank page: a check took 1.2-2.6 s of
 * CI's two shared cores against 0.15-0.45 s this way, for the same rules and the same violations.
 */
export async function expectAccessible(
  page: Page,
  label = page.url(),
  options: { onPhone?: boolean } = {},
): Promise<void> {
  // axe reads the page's DOM, which the desktop run of the same test has checked already: on the phone project only
  // the phone-only tests (@phone) and the checks that ask for it (the phone's own layout: its navigation) scan,
  // which saves CI's two shared cores a scan in every @mobile test.
  const { project, title } = base.info();
  if (project.name === 'mobile' && !title.includes('@phone') && !options.onPhone) return;
  // Not while something fades or slides in: a dialog half-way through its opening animation has text of too little
  // contrast for a moment. (Endless animations, a spinner's, never finish and are not waited for.)
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        runOptions,
      ),
    axeOptions,
  );
  const bad = results.violations
    .map((v) =>
      v.id === 'label-content-name-mismatch'
        ? { ...v, nodes: v.nodes.filter((n) => !/^<[^>]*\saria-describedby=/.test(n.html)) }
        : v,
    )
    .filter((v) => v.nodes.length > 0 && (v.impact === 'serious' || v.impact === 'critical'));
  const summary = bad.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(summary, `accessibility violations on ${label}`).toEqual([]);
}

/**
 * The login page as a user sees it. Arriving does not run the accessibility check (axe takes a second or two
 * of CI's shared cores, and most tests only pass through this page): the auth spec checks it.
 */
export class LoginPage {
  constructor(readonly page: Page) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/auth/login/${query}`);
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email address').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  errorSummary() {
    return this.page.getByRole('alert').filter({ hasText: 'There is a problem' });
  }
}

/** The home page inside the default layout (its accessibility is checked by the shell and auth specs). */
export class HomePage {
  constructor(readonly page: Page) {}

  async expectShown(firstName: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: `Welcome, ${firstName}` })).toBeVisible();
  }

  async logout(): Promise<void> {
    await this.page.getByRole('button', { name: 'Profile menu' }).click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }
}

/** Most lines the network log keeps (the newest). */
const NETWORK_LOG_LINES = 120;

/**
 * A new customer like one of the demo customers, with a fresh e-mail address and password, made by the
 * sandbox's customer factory (POST /sandbox/customers/, server/src/db/demo-factory.ts): what a test that
 * changes the data it signs in as uses, so no other test (nor a repeat of this one) sees its changes.
 */
async function newCustomer(request: APIRequestContext, kind: SandboxCustomerKind): Promise<SandboxCustomer> {
  const csrf = await request.get('/auth/csrf/');
  expect(csrf.status(), 'GET /auth/csrf/').toBe(200);
  const { csrftoken } = (await csrf.json()) as { csrftoken: string };
  const answer = await request.post('/sandbox/customers/', { data: { kind }, headers: { 'X-CSRFToken': csrftoken } });
  expect(answer.status(), `POST /sandbox/customers/ ${kind}: ${await answer.text()}`).toBe(201);
  return SandboxCustomer.parse(await answer.json());
}

export const test = base.extend<{
  loginPage: LoginPage;
  homePage: HomePage;
  networkLog: void;
  makeCustomer: (kind: SandboxCustomerKind) => Promise<SandboxCustomer>;
}>({
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  /** Makes a new customer of the kind for this test alone (newCustomer). */
  makeCustomer: async ({ request }, use) => use((kind) => newCustomer(request, kind)),
  homePage: async ({ page }, use) => use(new HomePage(page)),
  /**
   * For every test: when it fails, what the page asked for and when (ms from the test's start), what was still
   * unanswered, where the page went and what it logged as an error, printed (the list reporter shows it), so that a failure seen once
   * on CI can be explained from its log.
   */
  networkLog: [
    async ({ page }, use, testInfo) => {
      const started = Date.now();
      const at = () => Date.now() - started;
      const pending = new Map<PlaywrightRequest, number>();
      const lines: string[] = [];
      const log = (line: string) => {
        lines.push(line);
        if (lines.length > NETWORK_LOG_LINES) lines.shift();
      };
      const nameOf = (request: PlaywrightRequest) =>
        `${request.method()} ${request.url().replace(/^https?:\/\/[^/]+/, '')}`;
      const ended = (outcome: string) => (request: PlaywrightRequest) => {
        // A script that arrived says little, and there are dozens: only the ones that failed or never came.
        if (outcome !== 'answered' || request.resourceType() !== 'script')
          log(`${pending.get(request) ?? '?'}-${at()} ${outcome} ${nameOf(request)}`);
        pending.delete(request);
      };
      page.on('request', (request) => pending.set(request, at()));
      page.on('requestfinished', ended('answered'));
      page.on('requestfailed', (request) => ended(`failed (${request.failure()?.errorText ?? 'unknown'})`)(request));
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) log(`${at()} page at ${frame.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') log(`${at()} console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => log(`${at()} page error: ${error.message}`));
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const waiting = [...pending].map(([request, since]) => `${since}- still unanswered ${nameOf(request)}`);
      const text = [...lines, ...waiting, `${at()} test ended (${testInfo.status ?? 'unknown'})`].join('\n');
      console.log(`Network log of "${testInfo.title}" (ms from the test's start):\n${text}`);
    },
    { auto: true },
  ],
});

/**
 * Signs in and waits for home. The session is started the way the login form does it (POST /auth/login/ with
 * the CSRF header, the key kept in browser storage), without loading and filling the form first: the auth
 * spec signs in through the form, and the rest of the suite saves that page load on CI's two shared cores.
 */
export async function signInAs(
  loginPage: LoginPage,
  homePage: HomePage,
  user: { email: string; password: string },
  firstName: string,
) {
  const { page } = loginPage;
  const csrf = await page.request.get('/auth/csrf/');
  expect(csrf.status(), 'GET /auth/csrf/').toBe(200);
  const { csrftoken } = (await csrf.json()) as { csrftoken: string };
  const answer = await page.request.post('/auth/login/', {
    data: { email: user.email, password: user.password },
    headers: { 'X-CSRFToken': csrftoken },
  });
  expect(answer.status(), `POST /auth/login/ as ${user.email}`).toBe(200);
  const { key } = (await answer.json()) as { key: string };
  // Stored once, before the page's first script runs: a later sign-out or reload of this page is left alone.
  await page.addInitScript((token) => {
    const marker = `e2e-signed-in:${token}`;
    if (sessionStorage.getItem(marker)) return;
    sessionStorage.setItem(marker, '1');
    localStorage.setItem('auth._token.local', token);
  }, key);
  await page.goto('/');
  await homePage.expectShown(firstName);
}

export { expect };

/** Signs in as a customer the sandbox made for this test (newCustomer) and waits for home. */
export async function signInCustomer(
  loginPage: LoginPage,
  homePage: HomePage,
  customer: SandboxCustomer,
): Promise<void> {
  await signInAs(loginPage, homePage, customer, customer.first_name);
}

/** A binary answer of the API, fetched with the signed-in page's token (as the SPA sends it). */
export async function apiBytes(page: Page, path: string): Promise<Buffer> {
  const token = await page.evaluate(() => localStorage.getItem('auth._token.local'));
  const response = await page.request.get(path, { headers: { Authorization: `Token ${token}` } });
  expect(response.status(), `GET ${path}`).toBe(200);
  return response.body();
}

/** What a stored WAV is: its format from the header, and its length from the data chunk. */
export function wavInfo(bytes: Buffer): {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  durationMs: number;
} {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
  const channels = bytes.readUInt16LE(22);
  const sampleRate = bytes.readUInt32LE(24);
  const bitsPerSample = bytes.readUInt16LE(34);
  expect(bytes.toString('ascii', 36, 40)).toBe('data');
  const dataBytes = bytes.readUInt32LE(40);
  return {
    sampleRate,
    channels,
    bitsPerSample,
    durationMs: (dataBytes / (sampleRate * channels * (bitsPerSample / 8))) * 1000,
  };
}

/** Layer III bitrates (kbps) of MPEG-2 and 2.5, by the header's index. */
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG2_RATES = { 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as Record<number, number[]>;

/**
 * What an MP3 of telephone audio (MPEG-2 or 2.5 layer III, as an 8 kHz recording encodes) is: its sample
 * rate and length, read from its frame headers (576 samples each), walked from the first to the last.
 */
export function mp3Info(bytes: Buffer): { sampleRate: number; frames: number; durationMs: number } {
  let at = bytes.findIndex((byte, i) => byte === 0xff && ((bytes[i + 1] ?? 0) & 0xe0) === 0xe0);
  expect(at, 'an MP3 frame').toBeGreaterThanOrEqual(0);
  let frames = 0;
  let sampleRate = 0;
  while (at + 4 <= bytes.length) {
    const version = (bytes[at + 1]! >> 3) & 3;
    expect(
      bytes[at]! === 0xff && (bytes[at + 1]! & 0xe0) === 0xe0 && (bytes[at + 1]! & 0x06) === 0x02 && version !== 3,
      `layer III frame of MPEG-2 or 2.5 at ${at}`,
    ).toBe(true);
    const kbps = MPEG2_KBPS[bytes[at + 2]! >> 4]!;
    sampleRate = MPEG2_RATES[version]![(bytes[at + 2]! >> 2) & 3]!;
    at += Math.floor((72_000 * kbps) / sampleRate) + ((bytes[at + 2]! >> 1) & 1);
    frames++;
  }
  return { sampleRate, frames, durationMs: ((frames * 576) / sampleRate) * 1000 };
}

/** The product id of the page's /{area}/{id} path. */
export const productIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[2] as string;

/** A message of the sandbox outbox (GET /sandbox/outbox.json), as the portal "sent" it. */
export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  created_at: string;
  /** Files attached to an e-mail, each downloaded from its url. */
  attachments: Array<{ filename: string; content_type: string; size_bytes: number; url: string }>;
}

/**
 * The newest message to `to` in the sandbox outbox (GET /sandbox/outbox.json?to=&channel=),
 * waiting for one to arrive: what a person reads in their inbox (or on their phone).
 */
export async function latestMessage(
  request: APIRequestContext,
  to: string,
  channel?: OutboxMessage['channel'],
): Promise<OutboxMessage> {
  let newest: OutboxMessage | undefined;
  // A text message's `to` may be given as typed (07700 900982): the server matches it to +447700900982.
  const query = new URLSearchParams({ to, ...(channel && { channel }) });
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/sandbox/outbox.json?${query}`);
        expect(answer.status(), 'GET /sandbox/outbox.json').toBe(200);
        newest = ((await answer.json()) as { results: OutboxMessage[] }).results[0];
        return newest !== undefined;
      },
      { message: `a message to ${to} in the sandbox outbox` },
    )
    .toBe(true);
  return newest!;
}

/** The first link to this portal in a message body, as a path (with query and fragment) a page can open. */
export function linkIn(body: string): string {
  const found = /https?:\/\/[^\s<>"']+/.exec(body);
  expect(found, `a link in:\n${body}`).not.toBeNull();
  const url = new URL(found![0]);
  return `${url.pathname}${url.search}${url.hash}`;
}
