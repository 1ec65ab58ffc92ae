import type { FastifyInstance } from 'fastify';

import { signupMessages, TRIAL_DAYS, type InstallationAddress, type ProvisioningStatus } from '@portal/contract';

import { detailError } from '../../plugins/errors.ts';
import * as customers from '../customers/index.ts';
import { hashPassword, issueToken } from '../identity/index.ts';
import { giveIncludedNumberIn } from '../numbers/index.ts';
import { provisioningStatusOf } from '../provisioning/index.ts';
import { signupSupplier } from './settings.ts';
import { keepCustomerIn, productChannel, spendLeadIn } from './signup-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new phone's number, given by the numbers area's rule in the transaction that makes the phone (its pilot number). */
export const givenNumber =
  (app: FastifyInstance): customers.GiveNumber =>
  async (tx, product) =>
    (await giveIncludedNumberIn(app, tx, product)) !== null;

/** Who signs up, for what: the trial and buy-now journeys end here (every journey's customer is made by customers.create). */
export interface CustomerRequest {
  /** Lower-cased, and proved the person's by the journey (an e-mail PIN, a social identity). */
  email: string;
  firstName: string;
  lastName: string;
  businessName: string;
  /** As typed; checked by the caller against the password rule. */
  password: string;
  /** The phone user's PIN, checked by the caller against contract/src/pin.ts. */
  pin: string;
  /** National UK mobile, or null. */
  phone: string | null;
  /** 'Buy Now' or anything else (a self sign-up). */
  channel: string;
  /** Whether the cloud phone starts as an OPT_IN trial of TRIAL_DAYS (or `trialDays`) days. */
  trial: boolean;
  trialDays?: number;
  installationAddress?: InstallationAddress | null;
  /**
   * Whether the phone is given its number now (an Included one, as its pilot number): a journey that offers no
   * choice of number (a trial). A purchase chooses its own, in the journey or from the e-mailed link.
   */
  givesNumber: boolean;
  /** The journey's lead, spent with the customer; null when the journey keeps none. */
  leadId: number | null;
}

export interface CreatedCustomerAnswer {
  /** The new user's token key. */
  key: string;
  userId: number;
  accountId: number;
  productId: number;
  provisioning: ProvisioningStatus;
}

/**
 * Creates a customer: account, user, cloud phone (and trial), in one transaction, then starts
 * the phone's provisioning job and signs the user in. Never a second account for an address
 * that has one (409), and never twice for one lead (409): a double submit creates nothing.
 */
export async function createCustomer(app: FastifyInstance, request: CustomerRequest): Promise<CreatedCustomerAnswer> {
  const now = app.now();
  const [passwordHash, pinHash] = await Promise.all([hashPassword(request.password), hashPassword(request.pin)]);
  const customer: customers.NewCustomer = {
    account: { name: request.businessName },
    user: {
      email: request.email,
      passwordHash,
      firstName: request.firstName,
      lastName: request.lastName,
      phone: request.phone,
    },
    cloudPhone: {
      now,
      supplier: signupSupplier(app.signupSettings),
      installationAddress: request.installationAddress ?? null,
      ...(request.trial && { trialEndsAt: new Date(now.getTime() + (request.trialDays ?? TRIAL_DAYS) * DAY_MS) }),
      firstSeat: { firstName: request.firstName, lastName: request.lastName, email: request.email, pinHash },
      giveNumber: request.givesNumber ? givenNumber(app) : null,
    },
  };
  const { leadId } = request;
  // The lead is spent first, in the same transaction: two submits at once make one customer.
  const made = await customers.create(
    app.db,
    request.trial ? 'trial' : 'buyNow',
    leadId === null
      ? customer
      : async (tx) => {
          if (!(await spendLeadIn(tx, leadId, now))) customers.refuse('leadSpent');
          return { ...customer, after: (afterTx, ids) => keepCustomerIn(afterTx, leadId, ids) };
        },
  );
  if ('refused' in made) {
    if (made.refused === 'emailTaken') throw detailError(409, signupMessages.accountExists);
    if (made.refused === 'leadSpent') throw detailError(409, signupMessages.alreadyDone);
    if (made.refused === 'noNumber') throw detailError(503, signupMessages.noNumber);
    throw new Error(`customer refused: ${made.refused}`);
  }
  const created = { userId: made.userId!, accountId: made.accountId!, productId: made.productId! };
  const job = await app.provisioning.begin({
    productId: created.productId,
    kind: 'signup',
    payload: { channel: productChannel(request.channel) },
  });
  const key = await issueToken(app.db, created.userId, now);
  return {
    key,
    userId: created.userId,
    accountId: created.accountId,
    productId: created.productId,
    provisioning: provisioningStatusOf(created.productId, job ?? undefined, now),
  };
}
