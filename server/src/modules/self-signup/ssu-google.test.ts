import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  Me,
  selfSignupMessages,
  SocialAuthorizationResponse,
  socialMessages,
  SsuGoogleResponse,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { phoneNumbers, products, selfSignupLeads, socialIdentities, users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, useTestApp } from '../../test/helper.ts';
import { consent } from '../../test/sandbox-oauth.ts';

// Self sign-up with Google (POST /api/v5/signup/auth/google/; contract/src/self-signup.ts): the sandbox
// provider answers over HTTP, as a real one would.
const t = useTestApp();
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});

let address = 0;
const nextAddress = () => `203.0.113.${(++address % 250) + 1}`;

/** A browser: the state cookie GET /auth/accesstoken/google/ set, for the path it was set on. */
interface Started {
  state: string;
  url: URL;
  cookie: { value: string; path: string };
}

async function start(page: 'ssu' | 'login'): Promise<Started> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/auth/accesstoken/google/?page=${page}`,
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = SocialAuthorizationResponse.parse(response.json());
  const cookie = response.cookies.find((c) => c.name === 'oauth_state')!;
  return {
    state: body.state,
    url: new URL(body.authorization_url),
    cookie: { value: cookie.value, path: cookie.path ?? '' },
  };
}

const details = (number: string, extra: Record<string, unknown> = {}) => ({
  business_name: 'Quill & Co',
  mobile_number: '07700 900456',
  features_to_use: ['Work remotely'],
  chosen_number: number,
  supplier: 2,
  ...extra,
});

async function signUp(
  started: Started,
  code: string,
  body: Record<string, unknown>,
  url = '/api/v5/signup/auth/google/',
) {
  const csrf = await getCsrf(t.app);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...csrf.headers, cookie: `${csrf.headers.cookie}; oauth_state=${started.cookie.value}` },
    payload: { code, state: started.state, ...body },
    remoteAddress: nextAddress(),
  });
}

const typed = (email: string) => ({
  identity: 'typed',
  email,
  given_name: 'Quinn',
  family_name: 'Ashby',
  email_verified: 'true',
});

describe('POST /api/v5/signup/auth/google/', () => {
  it("makes the customer from Google's verified e-mail and name, links the identity and answers the lead with a session key", async () => {
    const started = await start('ssu');
    // The cookie goes only to the call that spends an ssu state.
    expect(started.cookie.path).toBe('/api/v5/signup/auth/');
    const { code } = await consent(t.app, started.url, typed('quinn@quill.example'));
    const response = await signUp(started, code, details('01134960017'));
    expect(response.statusCode, response.body).toBe(200);
    const answer = SsuGoogleResponse.parse(response.json());
    expect(answer).toMatchObject({
      user_verified: true,
      customer_details_completed: true,
      chosen_number: '01134960017',
      user_data: {
        email_address: 'quinn@quill.example',
        first_name: 'Quinn',
        last_name: 'Ashby',
        business_name: 'Quill & Co',
        mobile_number: '07700900456',
        pilot_number: '01134960017',
      },
    });
    expect(answer.product_id).toEqual(expect.any(Number));

    // Signed in with the key, as the new customer; the number is on the new phone; Google signs them in from now on.
    const me = Me.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v3/me/', headers: authHeaders(answer.key) })).json(),
    );
    expect(me.user_profile).toMatchObject({ email: 'quinn@quill.example', first_name: 'Quinn', last_name: 'Ashby' });
    const [number] = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.number, '01134960017'));
    expect(number?.productId).toBe(answer.product_id);
    const [product] = await t.db.select().from(products).where(eq(products.id, answer.product_id!));
    expect(product).toMatchObject({ channel: 'Self Sign Up', supplier: 2 });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'quinn@quill.example'));
    const identities = await t.db.select().from(socialIdentities).where(eq(socialIdentities.userId, user!.id));
    expect(identities.map((i) => i.provider)).toEqual(['google']);
    // The lead needs no PIN: nothing was e-mailed to the address for one.
    const [lead] = await t.db.select().from(selfSignupLeads).where(eq(selfSignupLeads.email, 'quinn@quill.example'));
    expect(lead?.convertedAt).not.toBeNull();

    // The state works once: the same answer again is refused, and no second customer is made.
    const again = await signUp(started, code, details('01134960028'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: socialMessages.stateInvalid('Google') });
  });

  it('refuses an address that already has an account (the existing-user dialog), making nothing', async () => {
    const started = await start('ssu');
    const { code } = await consent(t.app, started.url, { identity: demoLogins.customer.email });
    const before = await t.db.select().from(products);
    const response = await signUp(started, code, details('01134960039'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: selfSignupMessages.existingUser });
    expect(await t.db.select().from(products)).toHaveLength(before.length);
  });

  it('refuses a voip3 sign-up while the "VoIP3 sign-up" flag is off, leaving the state unspent', async () => {
    const started = await start('ssu');
    const { code } = await consent(t.app, started.url, typed('closed@quill.example'));
    t.app.signupSettings.voip3Signup = false;
    try {
      const refused = await signUp(started, code, details('01134960074', { supplier: 3 }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ supplier: [selfSignupMessages.voip3Closed] });
    } finally {
      t.app.signupSettings.voip3Signup = true;
    }
    expect(await t.db.select().from(selfSignupLeads).where(eq(selfSignupLeads.email, 'closed@quill.example'))).toEqual(
      [],
    );
    // The same state and code, for the supplier the flag leaves open, go through.
    expect((await signUp(started, code, details('01134960074'))).statusCode).toBe(200);
  });

  it('refuses a Google account whose e-mail Google has not verified', async () => {
    const started = await start('ssu');
    const { code } = await consent(t.app, started.url, {
      ...typed('unverified@quill.example'),
      email_verified: 'false',
    });
    const response = await signUp(started, code, details('01134960041'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: socialMessages.emailNotVerified('Google') });
  });

  it('keeps the journeys apart: a sign-in state cannot make a customer, an ssu state cannot sign in', async () => {
    const signIn = await start('login');
    const { code } = await consent(t.app, signIn.url, typed('journeys@quill.example'));
    // The sign-in's cookie is not sent to the self sign-up's path; given anyway, the state is refused.
    const refused = await signUp(signIn, code, details('01134960052'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: socialMessages.otherJourney('Google') });

    const ssu = await start('ssu');
    const second = await consent(t.app, ssu.url, typed('journeys2@quill.example'));
    const login = await signUp(ssu, second.code, {}, '/auth/google/');
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ detail: socialMessages.otherJourney('Google') });
    expect(await t.db.select().from(users).where(eq(users.email, 'journeys2@quill.example'))).toEqual([]);
  });

  it('checks the details first: a bad field or a taken number is a 400 that leaves the state unspent', async () => {
    const started = await start('ssu');
    const { code } = await consent(t.app, started.url, typed('details@quill.example'));
    const bad = await signUp(started, code, details('01134960063', { mobile_number: '0123', business_name: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      business_name: [selfSignupMessages.businessName],
      mobile_number: [expect.stringContaining('UK mobile')],
    });
    const taken = await signUp(started, code, details('01134960017'));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ chosen_number: [selfSignupMessages.numberUnavailable] });
    const ok = await signUp(started, code, details('01134960063'));
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
