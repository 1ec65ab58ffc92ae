import { createHash, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

import {
  accountMessages,
  addressSummaryLine,
  businessAddressOf,
  BUY_NOW_CHANNEL,
  EMAIL_PIN_MAX_TRIES,
  EMAIL_PIN_TTL_MINUTES,
  isFreeEmail,
  LEAD_TTL_HOURS,
  mobileMessages,
  nationalUkMobile,
  resolveTrialVersion,
  signupMessages,
  SMS_CODE_TTL_MINUTES,
  TRIAL_DAYS,
} from '@portal/contract';

import { greeting, plainMail } from '../../mail/mailer.ts';
import { authOf } from '../../plugins/auth.ts';
import { ApiError, detailError, fieldError, tooManyRequests } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { e164Mobile } from '../../sms/sms.ts';
import { THROTTLE_WINDOW_MS, throttleStrictly } from '../account/index.ts';
import * as customers from '../customers/index.ts';
import {
  checkSmsCode,
  createSmsCode,
  hashPassword,
  hitRateLimit,
  newKey,
  passwordProblem,
  publicUrl,
  verifyPassword,
} from '../identity/index.ts';
import { issueNumberSelection } from '../numbers/index.ts';
import { internationalCalling, internationalTariffs, setInternationalTariff } from '../phone-setup/index.ts';
import { notFound, rowId } from '../products/index.ts';
import { provisioningStatusOf } from '../provisioning/index.ts';
import { createCustomer, givenNumber } from './create-customer.ts';
import { promoOf } from './promos.ts';
import { signupSupplier } from './settings.ts';
import {
  countLeadPinTry,
  emailTaken,
  leadOfToken,
  markLeadEmailVerified,
  markLeadMobileVerified,
  openLead,
  setLeadIntlCallsTariff,
  upsertLead,
} from './signup-repository.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Leads a client may start per hour, and leads per address (each sends an e-mail). */
export const LEAD_LIMITS = { ip: 30, address: 5 } as const;

const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The open lead of the request's journey token, else 400 "start again". */
async function journeyLead(request: FastifyRequest, token: string) {
  const since = new Date(request.server.now().getTime() - LEAD_TTL_HOURS * HOUR_MS);
  const lead = await openLead(request.server.db, tokenHashOf(token), since);
  if (!lead) throw detailError(400, signupMessages.journeyExpired);
  return lead;
}

/** The open lead of the token whose e-mail is confirmed (the SMS calls and the last step). */
async function verifiedLead(request: FastifyRequest, token: string) {
  const lead = await journeyLead(request, token);
  if (!lead.emailVerifiedAt) throw detailError(403, signupMessages.emailNotVerified);
  return lead;
}

/**
 * The global SMS cap (PORTAL_SMS_HOURLY_LIMIT, every number together): texts cost money, so a
 * script walking through numbers stops here even from many clients.
 */
async function smsGlobalCap(request: FastifyRequest): Promise<void> {
  const wait = await hitRateLimit(
    request.server.db,
    [{ bucket: 'signup_sms_global', key: 'all', limit: request.server.signupSettings.smsHourlyLimit }],
    THROTTLE_WINDOW_MS,
    request.server.now(),
  );
  if (wait !== null) throw tooManyRequests(signupMessages.smsGlobalCap, wait);
}

export const signupHandlers = {
  signupSettings: async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return {
      maintenance_mode: reply.server.signupSettings.maintenanceMode,
      signup_redirect_to_trial: reply.server.signupSettings.signupRedirectToTrial,
      voip3_signup: reply.server.signupSettings.voip3Signup,
    };
  },

  /**
   * Starts the journey (or restarts the address's open one: one lead per address). A new
   * address gets a PIN; one with an account gets an e-mail saying to sign in, and a lead that
   * can never be confirmed, so the answer is the same for both.
   */
  createLead: async ({ body, request, reply }) => {
    const { server } = request;
    const now = server.now();
    const email = body.email.toLowerCase();
    const ipWait = await hitRateLimit(
      server.db,
      [{ bucket: 'signup_lead_ip', key: request.ip, limit: LEAD_LIMITS.ip }],
      THROTTLE_WINDOW_MS,
      now,
    );
    if (ipWait !== null) throw tooManyRequests(accountMessages.tooManyRequests, ipWait);
    const addressWait = await hitRateLimit(
      server.db,
      [{ bucket: 'signup_lead_address', key: email, limit: LEAD_LIMITS.address }],
      THROTTLE_WINDOW_MS,
      now,
    );
    if (addressWait !== null) throw tooManyRequests(accountMessages.tooManyRequests, addressWait);

    const promoCode = body.promo_code?.trim() ? body.promo_code.trim().toUpperCase() : null;
    if (promoCode !== null && !promoOf(promoCode)) throw fieldError('promo_code', signupMessages.promoInvalid);
    const taken = await emailTaken(server.db, email);
    const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const token = newKey();
    const trialVersion = resolveTrialVersion({ given: body.trial_version ?? null, channel: body.channel });
    await upsertLead(
      server.db,
      {
        tokenHash: tokenHashOf(token),
        email,
        firstName: body.first_name,
        lastName: body.last_name,
        businessName: body.business_name,
        channel: body.channel,
        trialVersion,
        promoCode,
        pinHash: taken ? null : await hashPassword(pin),
        pinExpiresAt: taken ? null : new Date(now.getTime() + EMAIL_PIN_TTL_MINUTES * MINUTE_MS),
      },
      now,
    );
    const message = taken
      ? plainMail(email, 'You already have an account', [
          greeting(body.first_name),
          '',
          'Someone, hopefully you, started a sign-up with this email address. You already have a Customer Portal account.',
          '',
          `Sign in: ${publicUrl()}/auth/login`,
          'Once signed in, you can start a trial of our cloud phone from your home page.',
          '',
          'If this was not you, you can ignore this email: nothing has changed.',
        ])
      : plainMail(email, 'Your sign-up PIN', [
          greeting(body.first_name),
          '',
          `Your PIN is ${pin}. Enter it on the sign-up page to confirm your email address.`,
          `It works for ${EMAIL_PIN_TTL_MINUTES} minutes. Do not share it with anyone.`,
          '',
          'If you did not start a sign-up, you can ignore this email.',
        ]);
    try {
      await server.mailer.send(message);
    } catch (error) {
      request.log.error({ err: error }, 'sign-up e-mail not sent');
      throw detailError(503, 'We could not send the email just now. Try again in a few minutes.');
    }
    reply.header('cache-control', 'no-store');
    return {
      token,
      email,
      channel: body.channel,
      trial_version: trialVersion,
      is_free_email: isFreeEmail(email),
      promo_code: promoCode,
      detail: signupMessages.pinSent,
    };
  },

  emailVerify: async ({ body, request, reply }) => {
    const { server } = request;
    const lead = await journeyLead(request, body.token);
    reply.header('cache-control', 'no-store');
    if (lead.emailVerifiedAt) return { detail: signupMessages.emailVerified, email_verified: true };
    // An address with an account has no PIN: every guess is wrong, as for any other wrong PIN.
    if (!lead.pinExpiresAt || lead.pinExpiresAt.getTime() <= server.now().getTime()) {
      if (lead.pinHash) throw fieldError('pin', signupMessages.pinExpired);
    }
    if (!(await countLeadPinTry(server.db, lead.id, EMAIL_PIN_MAX_TRIES)))
      throw fieldError('pin', signupMessages.pinTooManyTries);
    const right = lead.pinHash !== null && (await verifyPassword(body.pin, lead.pinHash));
    if (!right) throw fieldError('pin', signupMessages.pinWrong);
    await markLeadEmailVerified(server.db, lead.id, server.now());
    return { detail: signupMessages.emailVerified, email_verified: true };
  },

  phoneNumberValidate: async ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    const text = query.mobile_number.trim();
    const national = text === '' ? null : nationalUkMobile(text);
    if (national) return { valid: true, mobile_number: national, message: { mobile_number: [] } };
    return {
      valid: false,
      mobile_number: null,
      message: { mobile_number: [text === '' ? mobileMessages.required : mobileMessages.invalid] },
    };
  },

  signupPromo: async ({ query }) => {
    const code = query.code.trim().toUpperCase();
    const promo = promoOf(code);
    if (!promo) throw detailError(404, signupMessages.promoInvalid);
    return { code, valid: true, description: promo.description, trial_days: promo.trialDays };
  },

  /** Texts a code to the journey's mobile: a confirmed e-mail, the per-number, per-client and global caps first. */
  smsSend: async ({ body, request, reply }) => {
    const { server } = request;
    const mobile = nationalUkMobile(body.mobile_number);
    if (!mobile) throw fieldError('mobile_number', mobileMessages.invalid);
    await verifiedLead(request, body.token);
    await throttleStrictly(request, 'smsSend', mobile);
    await smsGlobalCap(request);
    const code = await createSmsCode(server.db, mobile, server.now());
    try {
      await server.sms.send({
        to: e164Mobile(mobile),
        text: `Your Customer Portal code is ${code}. It works for ${SMS_CODE_TTL_MINUTES} minutes. Do not share it with anyone.`,
      });
    } catch (error) {
      request.log.error({ err: error }, 'text message not sent');
      throw detailError(503, accountMessages.smsNotSent);
    }
    reply.header('cache-control', 'no-store');
    return { detail: accountMessages.smsSent };
  },

  smsVerify: async ({ body, request, reply }) => {
    const mobile = nationalUkMobile(body.mobile_number);
    if (!mobile) throw fieldError('mobile_number', mobileMessages.invalid);
    const lead = await verifiedLead(request, body.token);
    await throttleStrictly(request, 'smsVerify', mobile);
    const outcome = await checkSmsCode(request.server.db, mobile, body.sms_code, request.server.now());
    reply.header('cache-control', 'no-store');
    switch (outcome) {
      case 'ok':
        await markLeadMobileVerified(request.server.db, lead.id, mobile);
        return { status: 'SUCCESS', detail: accountMessages.smsVerified };
      case 'wrong':
        return { status: 'FAILED', detail: accountMessages.smsCodeWrong };
      case 'tooManyTries':
        return { status: 'FAILED', detail: accountMessages.smsTooManyTries };
      case 'expired':
        return { status: 'FAILED', detail: accountMessages.smsCodeExpired };
    }
  },

  /**
   * The last step: the customer, their cloud phone (a trial unless bought) and its
   * provisioning. A free e-mail address says nothing of the business, so its postcode and
   * address are needed then.
   */
  createPassword: async ({ body, request, reply }) => {
    const { server } = request;
    const since = new Date(server.now().getTime() - LEAD_TTL_HOURS * HOUR_MS);
    const tokenHash = tokenHashOf(body.token);
    const lead = await openLead(server.db, tokenHash, since);
    if (!lead) {
      const spent = await leadOfToken(server.db, tokenHash);
      throw detailError(
        spent?.completedAt ? 409 : 400,
        spent?.completedAt ? signupMessages.alreadyDone : signupMessages.journeyExpired,
      );
    }
    if (!lead.emailVerifiedAt) throw detailError(403, signupMessages.emailNotVerified);
    const problem = passwordProblem(body.password1, lead.email);
    if (problem) throw fieldError('password1', problem);
    // The address the 999 service needs (spec 000 section 5's fields), asked of a free e-mail address; when given, all of it.
    const business = businessAddressOf(body, isFreeEmail(lead.email));
    if (business && 'errors' in business) throw new ApiError(400, business.errors);
    const trial = lead.channel !== BUY_NOW_CHANNEL;
    const promo = lead.promoCode ? promoOf(lead.promoCode) : undefined;
    const created = await createCustomer(server, {
      email: lead.email,
      firstName: lead.firstName,
      lastName: lead.lastName,
      businessName: lead.businessName,
      password: body.password1,
      pin: body.pin,
      phone: nationalUkMobile(body.mobile_number),
      channel: lead.channel,
      trial,
      trialDays: promo?.trialDays ?? TRIAL_DAYS,
      // A trial is given its number; a purchase chooses one (below).
      givesNumber: trial,
      installationAddress: business
        ? { ...business.address, summary_line: addressSummaryLine(business.address) }
        : null,
      leadId: lead.id,
    });
    // A purchase chooses its number (trials keep the one they are given): now in the journey, or later from the e-mail.
    const numberSelectionToken = trial
      ? null
      : await issueNumberSelection(request, { id: created.userId, email: lead.email, firstName: lead.firstName });
    reply.header('cache-control', 'no-store');
    return {
      key: created.key,
      account_id: created.accountId,
      product_id: created.productId,
      provisioning: created.provisioning,
      number_selection_token: numberSelectionToken,
    };
  },

  signupIntlTariffs: async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { results: internationalTariffs() };
  },

  /**
   * The trial's last page: the international calling tariff (or none) goes onto the new phone, by the rule the
   * account add-ons page uses, and stays on the lead as what the journey chose.
   */
  signupIntlCalls: async ({ body, request, reply }) => {
    const { server } = request;
    const tokenHash = tokenHashOf(body.token);
    // The choice comes after the last step, so a spent lead (of the last day) may still take it.
    const lead = await leadOfToken(server.db, tokenHash);
    if (!lead || lead.createdAt.getTime() <= server.now().getTime() - LEAD_TTL_HOURS * HOUR_MS)
      throw detailError(400, signupMessages.journeyExpired);
    if (lead.productId === null) throw detailError(409, signupMessages.finishDetailsFirst);
    await setInternationalTariff(server, lead.productId, body.tariff_id);
    const { tariff } = await internationalCalling(server, lead.productId);
    await setLeadIntlCallsTariff(server.db, lead.id, tariff?.name ?? null);
    reply.header('cache-control', 'no-store');
    return { detail: tariff ? `${tariff.name} is on your phone.` : 'No international calling plan.', tariff };
  },

  /** An existing customer's opt-in trial: only for their own account, and only when it has no cloud phone. */
  startVoipTrial: async ({ params, body, request }) => {
    const { server } = request;
    const { user } = authOf(request);
    const accountId = rowId(params.accountId);
    if (user.accountId !== accountId) throw notFound();
    const now = server.now();
    const endsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
    const made = await customers.create(server.db, 'optInTrial', {
      account: { id: accountId },
      cloudPhone: {
        now,
        supplier: signupSupplier(server.signupSettings),
        productDetail: body.product_detail?.trim() || 'Cloud phone - 1 user (trial)',
        trialEndsAt: endsAt,
        firstSeat: { firstName: user.firstName, lastName: user.lastName, email: user.email },
        giveNumber: givenNumber(server),
      },
    });
    if ('refused' in made && made.refused === 'hasCloudPhone') throw detailError(409, signupMessages.trialAlready);
    if ('refused' in made && made.refused === 'noNumber') throw detailError(503, signupMessages.noNumber);
    if ('refused' in made || made.productId === null) throw new Error('opt-in trial not made');
    const { productId } = made;
    const job = await server.provisioning.begin({
      productId,
      kind: 'signup',
      payload: { channel: 'Self Sign Up', trial: 'OPT_IN' },
    });
    return {
      account_id: accountId,
      product_id: productId,
      ends_at: endsAt.toISOString(),
      provisioning: provisioningStatusOf(productId, job ?? undefined, now),
    };
  },
} satisfies Pick<
  Handlers,
  | 'signupSettings'
  | 'createLead'
  | 'emailVerify'
  | 'phoneNumberValidate'
  | 'signupPromo'
  | 'smsSend'
  | 'smsVerify'
  | 'createPassword'
  | 'signupIntlTariffs'
  | 'signupIntlCalls'
  | 'startVoipTrial'
>;
