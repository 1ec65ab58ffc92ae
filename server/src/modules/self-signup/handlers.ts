import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

import {
  REFERRAL_TERMS,
  selfSignupMessages,
  SIGNUP_PIN_ATTEMPTS,
  SIGNUP_PIN_TTL_MINUTES,
  signupOpenFor,
  type LeadDetails,
} from '@portal/contract';

import { isUniqueViolation } from '../../db/errors.ts';
import { greeting, plainMail } from '../../mail/mailer.ts';
import { authOf } from '../../plugins/auth.ts';
import { detailError, fieldError, tooManyRequests } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { e164Mobile } from '../../sms/sms.ts';
import {
  authenticateKey,
  hashKey,
  hashPassword,
  hitRateLimit,
  issueToken,
  newKey,
  publicUrl,
  unusablePasswordHash,
  verifyPassword,
} from '../identity/index.ts';
import { availableInventoryNumber, reserveNumberIn } from '../numbers/index.ts';
import { provisioningStatusOf } from '../provisioning/index.ts';
import { linkSocialIdentity, spendStateForProfile, verifiedEmailOf } from '../social/index.ts';
import { setMainUserPin } from '../users/index.ts';
import {
  accountOfReferralCode,
  countSignupPinTry,
  createSignupCustomer,
  createSignupLead,
  referralCodeOf,
  referralsOf,
  returnSignupPinTry,
  setSignupMobileToken,
  signupLeadByTokenHash,
  signupLeadOfUser,
  updateOpenSignupLead,
  verifySignupMobile,
  type SignupLead,
  type TakeNumber,
} from './self-signup-repository.ts';

const PIN_TTL_MS = SIGNUP_PIN_TTL_MINUTES * 60 * 1000;
/** Leads (and their e-mails) per client address an hour, and per address: each one sends an e-mail. */
const LEADS_PER_HOUR = { ip: 30, email: 5 } as const;
/** Texts per number and for the whole portal an hour: texts cost money. */
const TEXTS_PER_HOUR = { mobile: 3, all: 500 } as const;
const HOUR_MS = 60 * 60 * 1000;

const leadNotFound = () => detailError(404, selfSignupMessages.leadNotFound);

export function leadDetailsOf(
  lead: SignupLead,
  token: string,
  pilotNumber: string | null = lead.productId ? lead.chosenNumber : null,
): LeadDetails {
  return {
    ssu_details_token: token,
    product_id: lead.productId,
    account_id: lead.accountId,
    user_verified: lead.userVerified,
    customer_details_completed: [lead.firstName, lead.lastName, lead.businessName, lead.mobileNumber].every(
      (value) => value.trim() !== '',
    ),
    mobile_verified: lead.mobileVerified,
    supplier: lead.supplier,
    features_to_use: lead.featuresToUse,
    chosen_number: lead.chosenNumber,
    user_data: {
      pilot_number: pilotNumber,
      email_address: lead.email,
      first_name: lead.firstName,
      last_name: lead.lastName,
      business_name: lead.businessName,
      mobile_number: lead.mobileNumber,
    },
  };
}

async function leadOf(request: FastifyRequest, token: string): Promise<SignupLead> {
  const lead = await signupLeadByTokenHash(request.server.db, hashKey(token));
  if (!lead) throw leadNotFound();
  return lead;
}

/**
 * A number of the numbers area's inventory that no one has (GET /api/v1/voip/numbers/ offers
 * them): else 400 on chosen_number. Nothing is held yet: verify-pin reserves it for the new phone.
 */
async function checkNumber(request: FastifyRequest, number: string): Promise<void> {
  if (!(await availableInventoryNumber(request.server.db, number)))
    throw fieldError('chosen_number', selfSignupMessages.numberUnavailable);
}

/**
 * The lead's number, reserved for the phone its sign-up token's customer just got (spec 001
 * section 6: reserving uses the sign-up token and product id), by the numbers area's one rule,
 * in the transaction that makes the customer.
 */
const takeChosenNumber =
  (request: FastifyRequest): TakeNumber =>
  async (tx, product, number) => {
    const row = await availableInventoryNumber(tx, number);
    return row !== null && (await reserveNumberIn(request.server, tx, product, row.id)) !== null;
  };

const newPin = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

async function sendPin(
  request: FastifyRequest,
  lead: Pick<SignupLead, 'email' | 'firstName'>,
  pin: string,
): Promise<void> {
  await request.server.mailer.send(
    plainMail(lead.email, 'Your sign-up PIN', [
      greeting(lead.firstName),
      '',
      `Your PIN to confirm your email address is ${pin}.`,
      `It works for ${SIGNUP_PIN_TTL_MINUTES} minutes. If you did not start a sign-up, ignore this email.`,
    ]),
  );
}

/** Texts the lead's mobile a link to confirm it, within the per-number and the portal-wide caps (a text past them is not sent). */
async function textMobileLink(request: FastifyRequest, lead: SignupLead): Promise<void> {
  const { server } = request;
  const now = server.now();
  const capped = await hitRateLimit(
    server.db,
    [
      { bucket: 'ssu_mobile_text', key: lead.mobileNumber, limit: TEXTS_PER_HOUR.mobile },
      { bucket: 'ssu_mobile_text_all', key: 'all', limit: TEXTS_PER_HOUR.all },
    ],
    HOUR_MS,
    now,
  );
  if (capped !== null) return;
  const token = newKey();
  await setSignupMobileToken(server.db, lead.id, hashKey(token));
  try {
    await server.sms.send({
      to: e164Mobile(lead.mobileNumber),
      text: `Confirm your mobile number for your new phone system: ${publicUrl()}/verify-mobile-number?token=${token}`,
    });
  } catch (error) {
    // The sign-up goes on; the customer can confirm the number later.
    request.log.warn({ err: error }, 'sign-up mobile link not sent');
  }
}

/** New sign-ups per client address an hour (each makes a lead); a refusal is a 429. */
async function limitLeads(request: FastifyRequest, email: string): Promise<void> {
  const { server } = request;
  const limited = await hitRateLimit(
    server.db,
    [
      { bucket: 'ssu_lead_ip', key: request.ip, limit: LEADS_PER_HOUR.ip },
      { bucket: 'ssu_lead_email', key: email, limit: LEADS_PER_HOUR.email },
    ],
    HOUR_MS,
    server.now(),
  );
  if (limited !== null) throw tooManyRequests('Too many sign-ups started. Wait a while, then try again.', limited);
}

/** A mobile number as the contract passes it (digits, maybe +44 or 0044 first) in its national form. */
const nationalMobile = (digits: string) => `0${digits.slice(-10)}`;

/**
 * The customer a verified lead becomes (verify-pin, or Google): made once, its phone's provisioning begun and
 * its mobile texted the link to confirm it; answers the user to sign in as, or throws the refusal.
 */
async function makeCustomer(request: FastifyRequest, lead: SignupLead) {
  const { server } = request;
  const now = server.now();
  const created = await createSignupCustomer(
    server.db,
    lead.id,
    await unusablePasswordHash(),
    now,
    takeChosenNumber(request),
  );
  if (created.outcome === 'existing_user') throw detailError(409, selfSignupMessages.existingUser);
  if (created.outcome === 'number_taken') throw fieldError('chosen_number', selfSignupMessages.numberUnavailable);
  if (created.outcome === 'created') {
    await server.provisioning.begin({ productId: created.productId, kind: 'signup', payload: { lead_id: lead.id } });
    await textMobileLink(request, lead);
  }
  return created;
}

/**
 * The environment's "VoIP3 sign-up" flag off: no new lead is for a voip3 (supplier 3) phone. A lead made before the
 * flag was turned off goes on to its end: its customer was offered that phone.
 */
function refuseClosedSupplier(request: FastifyRequest, supplier: number) {
  if (!signupOpenFor(supplier, request.server.signupSettings.voip3Signup))
    throw fieldError('supplier', selfSignupMessages.voip3Closed);
}

const createLead = (async ({ body, request, reply }) => {
  const { server } = request;
  const now = server.now();
  const email = body.email_address.toLowerCase();
  refuseClosedSupplier(request, body.supplier);
  await checkNumber(request, body.chosen_number);
  const fields = {
    email,
    firstName: body.first_name,
    lastName: body.last_name,
    businessName: body.business_name,
    mobileNumber: nationalMobile(body.mobile_number),
    featuresToUse: body.features_to_use,
    chosenNumber: body.chosen_number,
    supplier: body.supplier,
  };
  reply.header('cache-control', 'no-store');
  if (body.ssu_details_token) {
    const lead = await leadOf(request, body.ssu_details_token);
    if (lead.convertedAt) throw detailError(409, selfSignupMessages.alreadyCustomer);
    // A new address must be confirmed again: a new PIN goes to it, an e-mail counted as a new sign-up's is (per
    // address and per source). The PIN tries already made stay counted: a new address is no new set of guesses.
    const changed = lead.email !== email;
    if (changed) await limitLeads(request, email);
    const pin = changed ? newPin() : null;
    const updated = await updateOpenSignupLead(server.db, lead.id, {
      ...fields,
      ...(pin && { pinHash: await hashPassword(pin), pinExpiresAt: new Date(now.getTime() + PIN_TTL_MS) }),
    }).catch((error: unknown) => {
      // Another open sign-up has this address (one open lead per address): it is not this lead's to take.
      if (isUniqueViolation(error)) throw fieldError('email_address', selfSignupMessages.addressInSignup);
      throw error;
    });
    if (!updated) throw detailError(409, selfSignupMessages.alreadyCustomer);
    if (pin) await sendPin(request, updated, pin);
    return leadDetailsOf(updated, body.ssu_details_token);
  }
  await limitLeads(request, email);
  const referredBy = body.referral_code ? await accountOfReferralCode(server.db, body.referral_code) : undefined;
  const token = newKey();
  const pin = newPin();
  const lead = await createSignupLead(server.db, {
    ...fields,
    tokenHash: hashKey(token),
    pinHash: await hashPassword(pin),
    pinExpiresAt: new Date(now.getTime() + PIN_TTL_MS),
    referredByAccountId: referredBy ?? null,
  });
  await sendPin(request, lead, pin);
  return leadDetailsOf(lead, token);
}) satisfies Handlers['ssuCreateLeadV4'] & Handlers['ssuCreateLeadV5'];

/**
 * Self sign-up (spec 001 section 7, "Signup and trial"; contract/src/self-signup.ts): leads by
 * ssu_details_token, the e-mailed PIN, the customer it becomes, its PIN and provisioning; the
 * texted mobile link; referrals.
 */
export const selfSignupHandlers = {
  ssuCreateLeadV4: createLead,
  ssuCreateLeadV5: createLead,
  ssuLeadDetails: async ({ query, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return leadDetailsOf(await leadOf(request, query.ssu_details_token), query.ssu_details_token);
  },
  ssuUpdateLeadDetails: async ({ query, body, request, reply }) => {
    const lead = await leadOf(request, query.ssu_details_token);
    if (body.chosen_number !== undefined) await checkNumber(request, body.chosen_number);
    const updated = await updateOpenSignupLead(request.server.db, lead.id, {
      ...(body.first_name !== undefined && { firstName: body.first_name }),
      ...(body.last_name !== undefined && { lastName: body.last_name }),
      ...(body.business_name !== undefined && { businessName: body.business_name }),
      ...(body.mobile_number !== undefined && { mobileNumber: nationalMobile(body.mobile_number) }),
      ...(body.chosen_number !== undefined && { chosenNumber: body.chosen_number }),
    });
    if (!updated) throw detailError(409, selfSignupMessages.alreadyCustomer);
    reply.header('cache-control', 'no-store');
    return leadDetailsOf(updated, query.ssu_details_token);
  },
  ssuFeaturesToUse: async ({ body, request, reply }) => {
    const lead = await leadOf(request, body.ssu_details_token);
    const updated = await updateOpenSignupLead(request.server.db, lead.id, {
      featuresToUse: body.features_to_use,
    });
    if (!updated) throw detailError(409, selfSignupMessages.alreadyCustomer);
    reply.header('cache-control', 'no-store');
    return leadDetailsOf(updated, body.ssu_details_token);
  },
  ssuVerifyPin: async ({ body, request, reply }) => {
    const { server } = request;
    const now = server.now();
    const lead = await leadOf(request, body.ssu_details_token);
    if (lead.pinExpiresAt.getTime() <= now.getTime()) throw detailError(400, selfSignupMessages.pinExpired);
    // Every try is counted before the (slow) compare: parallel tries are held to the limit too.
    if (!(await countSignupPinTry(server.db, lead.id, SIGNUP_PIN_ATTEMPTS)))
      throw detailError(400, selfSignupMessages.pinTooManyTries);
    if (!(await verifyPassword(body.pin, lead.pinHash))) throw fieldError('pin', selfSignupMessages.pinIncorrect);
    // A right PIN is no wrong try: a customer whose number went meanwhile chooses another and enters it again.
    await returnSignupPinTry(server.db, lead.id);
    const created = await makeCustomer(request, lead);
    reply.header('cache-control', 'no-store');
    return {
      key: await issueToken(server.db, created.userId, now),
      product_id: created.productId,
      account_id: created.accountId,
      user_verified: true,
    };
  },
  ssuGoogle: async ({ body, request, reply }) => {
    const { server } = request;
    const now = server.now();
    refuseClosedSupplier(request, body.supplier);
    // The number first: a number gone since it was chosen leaves Google's state unspent, to try again with another.
    await checkNumber(request, body.chosen_number);
    const profile = await spendStateForProfile(request, reply, 'google', body, 'ssu');
    const email = verifiedEmailOf('google', profile);
    await limitLeads(request, email);
    const referredBy = body.referral_code ? await accountOfReferralCode(server.db, body.referral_code) : undefined;
    const token = newKey();
    const lead = await createSignupLead(server.db, {
      email,
      firstName: profile.givenName.trim().slice(0, 100) || email.split('@')[0]!.slice(0, 100),
      lastName: profile.familyName.trim().slice(0, 100),
      businessName: body.business_name,
      mobileNumber: nationalMobile(body.mobile_number),
      featuresToUse: body.features_to_use,
      chosenNumber: body.chosen_number,
      supplier: body.supplier,
      tokenHash: hashKey(token),
      // No PIN: Google confirmed the address. Nobody knows this one, and it has already expired.
      pinHash: await unusablePasswordHash(),
      pinExpiresAt: now,
      referredByAccountId: referredBy ?? null,
    });
    const created = await makeCustomer(request, lead);
    // Later sign-ins with Google find this user.
    await linkSocialIdentity(server.db, {
      provider: 'google',
      subject: profile.subject,
      userId: created.userId,
      email,
      now,
    });
    reply.header('cache-control', 'no-store');
    const verified = (await signupLeadByTokenHash(server.db, hashKey(token))) ?? lead;
    return { ...leadDetailsOf(verified, token), key: await issueToken(server.db, created.userId, now) };
  },
  ssuRegistrationKey: async ({ query, request, reply }) => {
    const { server } = request;
    const auth = await authenticateKey(server.db, query.key, server.now());
    // Only the sign-up's own session: never a staff member's switched one, nor any customer's who did not sign up.
    const lead = auth && auth.actingUserId === null ? await signupLeadOfUser(server.db, auth.user.id) : undefined;
    if (!lead?.productId || !lead.accountId) throw detailError(401, selfSignupMessages.keyInvalid);
    reply.header('cache-control', 'no-store');
    return { key: query.key, product_id: lead.productId, account_id: lead.accountId, user_verified: lead.userVerified };
  },
  ssuCreatePin: async ({ body, request }) => {
    const { user } = authOf(request);
    const lead = await signupLeadOfUser(request.server.db, user.id);
    if (!lead?.productId) throw detailError(404, selfSignupMessages.notSignupCustomer);
    await setMainUserPin(request.server.db, lead.productId, await hashPassword(body.pin));
    return { product_id: lead.productId, pin_set: true };
  },
  ssuProvisioningStatus: async ({ query, request, reply }) => {
    const lead = await leadOf(request, query.ssu_details_token);
    if (!lead.productId) throw detailError(409, selfSignupMessages.notVerified);
    reply.header('cache-control', 'no-store');
    return provisioningStatusOf(
      lead.productId,
      await request.server.provisioning.current(lead.productId),
      request.server.now(),
    );
  },
  ssuVerifyMobile: async ({ params, request }) => {
    const lead = await verifySignupMobile(request.server.db, hashKey(params.token));
    if (!lead) throw detailError(404, selfSignupMessages.verifyLinkInvalid);
    return { mobile_number: `${lead.mobileNumber.slice(0, 5)} ••• ${lead.mobileNumber.slice(-3)}`, verified: true };
  },
  referrals: async ({ request, reply }) => {
    const { accountId } = authOf(request).user;
    if (accountId === null) throw detailError(403, selfSignupMessages.notCustomer);
    const code = await referralCodeOf(request.server.db, accountId, () =>
      randomBytes(6)
        .toString('base64url')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, 'X')
        .padEnd(8, 'X')
        .slice(0, 8),
    );
    const made = await referralsOf(request.server.db, accountId);
    reply.header('cache-control', 'no-store');
    return {
      code,
      link: `${publicUrl()}/signup?ref=${code}`,
      terms: [...REFERRAL_TERMS],
      referrals: made.map((lead) => ({
        business_name: lead.businessName,
        status: lead.convertedAt ? ('signed_up' as const) : ('started' as const),
        created_at: lead.createdAt.toISOString(),
      })),
    };
  },
} satisfies Pick<
  Handlers,
  | 'ssuCreateLeadV4'
  | 'ssuCreateLeadV5'
  | 'ssuLeadDetails'
  | 'ssuUpdateLeadDetails'
  | 'ssuFeaturesToUse'
  | 'ssuVerifyPin'
  | 'ssuGoogle'
  | 'ssuRegistrationKey'
  | 'ssuCreatePin'
  | 'ssuProvisioningStatus'
  | 'ssuVerifyMobile'
  | 'referrals'
>;
