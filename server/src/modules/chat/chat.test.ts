import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { Chat, CHAT_MESSAGE_MAX_LENGTH, ChatMessages, chatMessages as messages } from '@portal/contract';

import { buildApp } from '../../app.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { chatMessages, chatUsers, users } from '../../db/schema/index.ts';
import { sandboxAgentReply } from '../../sandbox/chat/sandbox-chat.ts';
import { authHeaders, getCsrf, login, SEED_TIME, useTestApp, type Csrf } from '../../test/helper.ts';

const t = useTestApp();

let csrf: Csrf;
let customer: string;
let other: string;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [customer, other] = await Promise.all([login(t.app, demoLogins.customer), login(t.app, demoLogins.multiProduct)]);
});

const alex = { first_name: 'Alex', last_name: 'Morgan', email: 'alex@acme-plumbing.example' };

const getChat = async (key: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v3/chat/', headers: authHeaders(key) });
  expect(response.statusCode).toBe(200);
  return Chat.parse(response.json());
};
const putUser = (key: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v3/chat/user/',
    headers: authHeaders(key, csrf),
    payload: payload as object,
  });
const send = (key: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v3/chat/messages/',
    headers: authHeaders(key, csrf),
    payload: payload as object,
  });

const userIdOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;

describe('chat support', () => {
  it('answers 401 without a token and 403 without the CSRF header', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v3/chat/' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/v3/chat/user/', headers: csrf.headers, payload: alex }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/v3/chat/user/', headers: authHeaders(customer), payload: alex }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v3/chat/messages/',
          headers: authHeaders(customer),
          payload: { text: 'Hi' },
        })
      ).statusCode,
    ).toBe(403);
    expect(await t.db.select({ n: count() }).from(chatUsers)).toEqual([{ n: 0 }]);
  });

  it('has no chat user and no messages before the first open, and refuses a message until then', async () => {
    expect(await getChat(customer)).toEqual({ user: null, messages: [] });
    const response = await send(customer, { text: 'Hello?' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: messages.noChatUser });
    expect(await t.db.select({ n: count() }).from(chatMessages)).toEqual([{ n: 0 }]);
  });

  it('refuses bad chat users with 400 and a readable message', async () => {
    const bad: [unknown, Record<string, string[]>?][] = [
      [{ ...alex, first_name: '  ' }, { first_name: [messages.firstNameRequired] }],
      [{ ...alex, email: 'not an address' }, { email: [messages.emailInvalid] }],
      [{ ...alex, last_name: 'x'.repeat(101) }, { last_name: [messages.nameTooLong] }],
      [{ first_name: 'Alex' }],
      [[alex]],
    ];
    for (const [payload, fields] of bad) {
      const response = await putUser(customer, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json())).not.toMatch(/undefined|\[object/);
      if (fields) expect(response.json()).toEqual(fields);
    }
    expect((await getChat(customer)).user).toBeNull();
  });

  it('creates the chat user from the profile, then updates it in place', async () => {
    const created = await putUser(customer, { ...alex, first_name: ' Alex ' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual(alex);
    const renamed = { ...alex, last_name: 'Morgan-Reid', email: 'alex.m@acme-plumbing.example' };
    expect((await putUser(customer, renamed)).json()).toEqual(renamed);
    expect((await getChat(customer)).user).toEqual(renamed);
    const id = await userIdOf(demoLogins.customer.email);
    expect(await t.db.select({ n: count() }).from(chatUsers).where(eq(chatUsers.userId, id))).toEqual([{ n: 1 }]);
    await putUser(customer, alex);
  });

  it("keeps the customer's message and answers it with the agent's canned reply", async () => {
    t.clock.set(new Date(SEED_TIME.getTime() + 60_000));
    const response = await send(customer, { text: '  My desk phone shows "No service"  ' });
    expect(response.statusCode).toBe(201);
    const answer = ChatMessages.parse(response.json());
    expect(answer.messages.map(({ author, text, sent_at }) => ({ author, text, sent_at }))).toEqual([
      {
        author: 'customer',
        text: 'My desk phone shows "No service"',
        sent_at: new Date(SEED_TIME.getTime() + 60_000).toISOString(),
      },
      {
        author: 'agent',
        text: sandboxAgentReply('Alex'),
        sent_at: new Date(SEED_TIME.getTime() + 60_000).toISOString(),
      },
    ]);
    expect(sandboxAgentReply('Alex')).toMatch(/^Thanks, Alex\./);

    await send(customer, { text: 'Second question' });
    const chat = await getChat(customer);
    expect(chat.messages.map((message) => [message.author, message.text])).toEqual([
      ['customer', 'My desk phone shows "No service"'],
      ['agent', sandboxAgentReply('Alex')],
      ['customer', 'Second question'],
      ['agent', sandboxAgentReply('Alex')],
    ]);
    expect(chat.messages.map((message) => message.id)).toEqual(
      [...chat.messages.map((message) => message.id)].sort((a, b) => a - b),
    );
  });

  it('refuses empty and too long messages with 400, keeping nothing', async () => {
    const before = (await getChat(customer)).messages.length;
    for (const [payload, detail] of [
      [{ text: '   ' }, messages.textRequired],
      [{ text: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }, messages.textTooLong],
      [{}, messages.textRequired],
      [{ text: 42 }, messages.textRequired],
    ] as const) {
      const response = await send(customer, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json()).toEqual({ text: [detail] });
    }
    expect((await send(customer, { text: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH) })).statusCode).toBe(201);
    expect((await getChat(customer)).messages).toHaveLength(before + 2);
  });

  it("keeps each user's chat to that user", async () => {
    expect(await getChat(other)).toEqual({ user: null, messages: [] });
    await putUser(other, { first_name: 'Morgan', last_name: 'Hale', email: 'ops@harbour-freight.example' });
    const answer = ChatMessages.parse((await send(other, { text: 'Hi from Harbour' })).json());
    expect(answer.messages[1]!.text).toBe(sandboxAgentReply('Morgan'));
    expect((await getChat(other)).messages.map((message) => message.text)).toEqual([
      'Hi from Harbour',
      sandboxAgentReply('Morgan'),
    ]);
    expect((await getChat(customer)).messages.some((message) => message.text === 'Hi from Harbour')).toBe(false);
  });

  it('keeps the conversation across a restart: another app on the same database reads it', async () => {
    const again = await buildApp({ db: t.db, audio: t.audio, now: () => SEED_TIME });
    try {
      const response = await again.inject({ method: 'GET', url: '/api/v3/chat/', headers: authHeaders(customer) });
      expect(Chat.parse(response.json()).messages[0]!.text).toBe('My desk phone shows "No service"');
    } finally {
      await again.close();
    }
  });
});
