import type { FastifyRequest } from 'fastify';
import { validateAccountDetails } from 'uk-modulus-check';
import type * as z from 'zod/mini';

import {
  BILLING_HISTORY_PAGE_SIZE,
  billingMessages,
  mandateMessages,
  paymentMessages,
  poundsOf,
  type BillingAccount,
  type BillingHistoryItem,
  type DirectDebitError,
  type DirectDebitRequest,
  type DirectDebitSettings,
  type FieldErrors,
  type Invoice,
  type InvoiceStatus,
  type MandateEntry,
} from '@portal/contract';

import { authOf } from '../../plugins/auth.ts';
import { ApiError, detailError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { spendOneTimeKeyById } from '../identity/index.ts';
import { pageAnswer, pageRequest } from '../paging.ts';
import { rowId } from '../products/index.ts';
import * as shop from '../shop/index.ts';
import {
  billingAccount,
  billingProductsOf,
  invoicedPence,
  invoicesOf,
  latestInvoiceDate,
  mandateOf,
  paidPence,
  paymentsOf,
  refuseMandate,
  savedCardOf,
  setMandate,
  updateBillingDetails,
  type BillingAccountRow,
  type InvoiceRow,
  type MandateRow,
} from './billing-repository.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { liveLinkAccount, sendMandateLink, sendPaymentLink } from './payment-links.ts';
import { bankOfSortCode, invoiceStatuses, isoDate, nextBillingDate } from './rules.ts';

type DirectDebitRequestBody = z.output<typeof DirectDebitRequest>;

const unknownAccount = () => detailError(404, billingMessages.unknownAccount);

/** The billing account `id` when it is the signed-in customer's own, else 404 (another's, unknown, staff). */
export async function ownedAccount(request: FastifyRequest, id: number | string): Promise<BillingAccountRow> {
  const { accountId } = authOf(request).user;
  const wanted = rowId(id);
  if (accountId === null || accountId !== wanted) throw unknownAccount();
  const account = await billingAccount(request.server.db, accountId);
  if (!account) throw unknownAccount();
  return account;
}

const today = (request: FastifyRequest) => isoDate(request.server.now());

async function mandateEntryAnswer(request: FastifyRequest, accountId: number): Promise<MandateEntry> {
  const account = await billingAccount(request.server.db, accountId);
  if (!account) throw detailError(401, mandateMessages.linkInvalid);
  const mandate = await mandateOf(request.server.db, accountId);
  return {
    business_name: account.businessName,
    bill_cycle: account.billCycle,
    payment_method: account.paymentMethod,
    payee_confirm_status: mandate?.payeeConfirmStatus ?? 'not_set_up',
  };
}

/**
 * Sets the account's direct debit from the four bank fields (the contract has checked their form):
 * the modulus check, then the mandate; a refusal is counted and answers 400 with extra_data.
 * The billing page and the mandate link (/mandate-entry/{token}) both come here.
 */
async function setBankDetails(
  request: FastifyRequest,
  account: BillingAccountRow,
  body: DirectDebitRequestBody,
): Promise<void> {
  if (!validateAccountDetails(body.sort_code.replace(/-/g, ''), body.bank_acc_no)) {
    const mandate = await refuseMandate(request.server.db, account.accountId, request.server.now());
    const fields: FieldErrors = {
      sort_code: [billingMessages.modulusFailed],
      bank_acc_no: [billingMessages.modulusFailed],
    };
    // The mandate as it now stands: the attempt counted, the details last confirmed kept (so not echoed over what was typed).
    const refusal: DirectDebitError = {
      extra_data: {
        payee_confirm_status: mandate.payeeConfirmStatus,
        payee_confirm_attempt: mandate.payeeConfirmAttempt,
        payment_method: account.paymentMethod,
      },
    };
    // The spec's direct-debit error carries extra_data beside the field arrays (routes/index.ts documents it).
    throw new ApiError(400, { ...fields, ...refusal } as unknown as FieldErrors);
  }
  await setMandate(
    request.server.db,
    account.accountId,
    {
      sortCode: body.sort_code,
      bankAccNo: body.bank_acc_no,
      payeeAccountName: body.payee_account_name,
      payeeAccountType: body.payee_account_type,
    },
    request.server.now(),
  );
}

async function balancePence(request: FastifyRequest, accountId: number): Promise<number> {
  const [invoiced, paid] = await Promise.all([
    invoicedPence(request.server.db, accountId),
    paidPence(request.server.db, accountId),
  ]);
  return invoiced - paid;
}

async function accountAnswer(request: FastifyRequest, row: BillingAccountRow): Promise<BillingAccount> {
  const [balance, products, card] = await Promise.all([
    balancePence(request, row.accountId),
    billingProductsOf(request.server.db, row.accountId),
    savedCardOf(request.server.db, row.accountId),
  ]);
  return {
    account_id: row.accountId,
    account_status: row.accountStatus,
    balance: poundsOf(balance),
    products: products.map((product) => ({ id: product.id, product_detail: product.productDetail })),
    business_name: row.businessName,
    next_invoice_date: nextBillingDate(today(request), row.billCycle),
    payment_method: row.paymentMethod,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    bill_cycle: row.billCycle,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phoneNumber,
    mobile_number: row.mobileNumber,
    email_address: row.emailAddress,
    address_line_one: row.addressLineOne,
    address_line_two: row.addressLineTwo,
    address_city: row.addressCity,
    address_country: row.addressCountry,
    address_county: row.addressCounty,
    address_post_code: row.addressPostCode,
    authorised_contact: row.authorisedContact,
  };
}

/** Every invoice of the account with its status (payments pay the oldest first). */
async function invoicesWithStatus(
  request: FastifyRequest,
  accountId: number,
): Promise<Array<{ row: InvoiceRow; status: InvoiceStatus }>> {
  const [rows, paid] = await Promise.all([
    invoicesOf(request.server.db, accountId),
    paidPence(request.server.db, accountId),
  ]);
  const statuses = invoiceStatuses(rows, paid, today(request));
  return rows.map((row) => ({ row, status: statuses.get(row.id) ?? 'due' }));
}

const invoiceAnswer = (row: InvoiceRow, status: InvoiceStatus): Invoice => ({
  id: row.id,
  invoice_number: row.invoiceNumber,
  date: row.issuedOn,
  due_date: row.dueOn,
  description: row.description,
  net: poundsOf(row.netPence),
  vat: poundsOf(row.vatPence),
  amount: poundsOf(row.netPence + row.vatPence),
  status,
});

async function ownedInvoice(request: FastifyRequest, params: { id: string; invoiceId: string }) {
  const account = await ownedAccount(request, params.id);
  const invoiceId = rowId(params.invoiceId);
  const found = (await invoicesWithStatus(request, account.accountId)).find(({ row }) => row.id === invoiceId);
  if (!found) throw detailError(404, billingMessages.unknownInvoice);
  return { account, invoice: invoiceAnswer(found.row, found.status) };
}

function settingsAnswer(account: BillingAccountRow, mandate: MandateRow | null): DirectDebitSettings {
  return {
    id: account.accountId,
    payment_method: account.paymentMethod,
    bank_acc_no: mandate?.bankAccNo ?? '',
    sort_code: mandate?.sortCode ?? '',
    payee_account_name: mandate?.payeeAccountName ?? '',
    payee_account_type: mandate?.payeeAccountType ?? null,
    payee_confirm_status: mandate?.payeeConfirmStatus ?? 'not_set_up',
    payee_confirm_attempt: mandate?.payeeConfirmAttempt ?? 0,
    business_name: account.businessName,
    bill_cycle: account.billCycle,
    bank_name: mandate?.sortCode ? bankOfSortCode(mandate.sortCode) : null,
  };
}

/**
 * Billing (spec 001 section 7 "Billing and payments"): the contract checks the bodies (sort code,
 * account number, account details: contract/src/billing.ts); here, ownership, the modulus check
 * and what needs the database. A customer only reaches their own account; anything else is 404.
 */
/** The calendar day after a YYYY-MM-DD date. */
const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

export const billingHandlers = {
  listBillingAccounts: async ({ request }) => {
    const { accountId } = authOf(request).user;
    const account = accountId === null ? null : await billingAccount(request.server.db, accountId);
    return { results: account ? [await accountAnswer(request, account)] : [] };
  },

  getBillingAccount: async ({ params, request }) => accountAnswer(request, await ownedAccount(request, params.id)),

  patchBillingAccount: async ({ params, body, request }) => {
    const account = await ownedAccount(request, params.id);
    await updateBillingDetails(request.server.db, account.accountId, {
      businessName: body.business_name,
      firstName: body.first_name,
      lastName: body.last_name,
      phoneNumber: body.phone_number,
      mobileNumber: body.mobile_number,
      emailAddress: body.email_address,
      addressLineOne: body.address_line_one,
      addressLineTwo: body.address_line_two,
      addressCity: body.address_city,
      addressCounty: body.address_county,
      addressPostCode: body.address_post_code,
      authorisedContact: body.authorised_contact,
    });
    return accountAnswer(request, await ownedAccount(request, params.id));
  },

  getBillingHistory: async ({ params, query, request }) => {
    const account = await ownedAccount(request, params.id);
    const [invoices, payments] = await Promise.all([
      invoicesWithStatus(request, account.accountId),
      paymentsOf(request.server.db, account.accountId),
    ]);
    const items: Array<BillingHistoryItem & { at: string }> = [
      ...invoices.map(({ row, status }) => ({
        key: `invoice-${row.id}`,
        type: 'invoice' as const,
        date: row.issuedOn,
        at: `${row.issuedOn}T00:00:00.000Z`,
        description: row.description,
        amount: poundsOf(row.netPence + row.vatPence),
        invoice_id: row.id,
        invoice_number: row.invoiceNumber,
        due_date: row.dueOn,
        status,
        method: null,
      })),
      ...payments.map((row) => ({
        key: `payment-${row.id}`,
        type: 'payment' as const,
        date: isoDate(row.paidAt),
        at: row.paidAt.toISOString(),
        description: row.method === 'card' ? 'Card payment - thank you' : 'Direct debit payment - thank you',
        amount: poundsOf(row.amountPence),
        invoice_id: null,
        invoice_number: null,
        due_date: null,
        status: null,
        method: row.method,
      })),
    ];
    // Newest first; on one day the payment (made after the invoice) comes first.
    items.sort(
      (a, b) =>
        b.at.localeCompare(a.at) || (a.type === b.type ? b.key.localeCompare(a.key) : a.type === 'payment' ? -1 : 1),
    );
    const page = pageRequest(query, BILLING_HISTORY_PAGE_SIZE);
    const results = items.slice(page.offset, page.offset + page.limit).map(({ at: _at, ...item }) => item);
    return pageAnswer(`/api/v3/billing/accounts/${account.accountId}/history/`, page, items.length, results);
  },

  getInvoice: async ({ params, request }) => (await ownedInvoice(request, params)).invoice,

  getInvoicePdf: async ({ params, request, reply }) => {
    const { account, invoice } = await ownedInvoice(request, params);
    const pdf = await invoicePdf(invoice, {
      businessName: account.businessName,
      name: `${account.firstName} ${account.lastName}`.trim(),
      lines: [
        account.addressLineOne,
        account.addressLineTwo,
        account.addressCity,
        account.addressCounty,
        account.addressPostCode,
      ],
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="invoice-${invoice.invoice_number}.pdf"`)
      .send(pdf);
  },

  getDirectDebitStatus: async ({ params, request }) => {
    const account = await ownedAccount(request, params.id);
    const mandate = await mandateOf(request.server.db, account.accountId);
    return { successful: account.paymentMethod === 'direct_debit' && mandate?.payeeConfirmStatus === 'confirmed' };
  },

  getDirectDebitSettings: async ({ params, request }) => {
    const account = await ownedAccount(request, params.id);
    return settingsAnswer(account, await mandateOf(request.server.db, account.accountId));
  },

  postDirectDebitSettings: async ({ params, body, request }) => {
    const account = await ownedAccount(request, params.id);
    await setBankDetails(request, account, body);
    return settingsAnswer(
      await ownedAccount(request, params.id),
      await mandateOf(request.server.db, account.accountId),
    );
  },

  sendMandateLink: async ({ params, request }) => ({
    sent_to: await sendMandateLink(request.server, await ownedAccount(request, params.id)),
  }),

  getMandateEntry: async ({ params, request }) => {
    const { accountId } = await liveLinkAccount(request.server, params.token, 'dd_mandate');
    return mandateEntryAnswer(request, accountId);
  },

  postMandateEntry: async ({ params, body, request }) => {
    const { accountId, key } = await liveLinkAccount(request.server, params.token, 'dd_mandate');
    const account = await billingAccount(request.server.db, accountId);
    if (!account) throw detailError(401, mandateMessages.linkInvalid);
    await setBankDetails(request, account, body);
    // The link has done its job: it works once.
    await spendOneTimeKeyById(request.server.db, key.id, request.server.now());
    return mandateEntryAnswer(request, accountId);
  },

  sendPaymentLink: async ({ params, request }) => {
    const account = await ownedAccount(request, params.id);
    const balance = await balancePence(request, account.accountId);
    if (balance <= 0) throw detailError(400, paymentMessages.nothingToPay);
    const sentTo = await sendPaymentLink(request.server, account, poundsOf(balance));
    return { sent_to: sentTo };
  },

  getNextInvoice: async ({ query, request }) => {
    const { accountId } = authOf(request).user;
    const account = await ownedAccount(request, query.account_id ?? accountId ?? 0);
    // Shop orders added to the next bill since the latest invoice (the day after it was issued) are on the next one.
    const latest = await latestInvoiceDate(request.server.db, account.accountId);
    const oneOff = await shop.nextBillPence(
      request.server.db,
      account.accountId,
      latest === null ? null : dayAfter(latest),
    );
    return {
      account_id: account.accountId,
      date: nextBillingDate(today(request), account.billCycle),
      amount: poundsOf(account.monthlyChargePence + oneOff),
      one_off_charges: poundsOf(oneOff),
      bill_cycle: account.billCycle,
    };
  },
} satisfies Pick<
  Handlers,
  | 'listBillingAccounts'
  | 'getBillingAccount'
  | 'patchBillingAccount'
  | 'getBillingHistory'
  | 'getInvoice'
  | 'getInvoicePdf'
  | 'getDirectDebitStatus'
  | 'getDirectDebitSettings'
  | 'postDirectDebitSettings'
  | 'getNextInvoice'
  | 'sendPaymentLink'
  | 'sendMandateLink'
  | 'getMandateEntry'
  | 'postMandateEntry'
>;
