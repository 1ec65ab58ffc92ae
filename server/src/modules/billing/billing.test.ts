import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  BillingAccount,
  BillingAccounts,
  BillingHistoryPage,
  billingMessages,
  CreditStatus,
  DirectDebitSettings,
  Invoice,
  NextInvoice,
  type BillingAccountUpdate,
} from '@portal/contract';
import { displayDate } from '@portal/editor-core';

import { demoLogins } from '../../db/demo-logins.ts';
import { users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, tokenOf, useTestApp, type Csrf } from '../../test/helper.ts';
import { pdfText } from './invoice-pdf.ts';
import { bankOfSortCode, billingDaysUpTo, invoiceStatuses, nextBillingDate } from './rules.ts';

const t = useTestApp();

let csrf: Csrf;
let acme: string;
let harbour: string;
let nova: string;
let acmeAccount: number;
let harbourAccount: number;
let novaAccount: number;

const accountIdOf = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0]!.accountId!;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [acme, harbour, nova] = await Promise.all([
    tokenOf(t, demoLogins.customer),
    tokenOf(t, demoLogins.multiProduct),
    tokenOf(t, demoLogins.gettingStarted),
  ]);
  [acmeAccount, harbourAccount, novaAccount] = await Promise.all([
    accountIdOf(demoLogins.customer.email),
    accountIdOf(demoLogins.multiProduct.email),
    accountIdOf(demoLogins.gettingStarted.email),
  ]);
});

type Method = 'GET' | 'POST' | 'PATCH';
const inject = (key: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: authHeaders(key, method === 'GET' ? undefined : csrf),
    ...(payload !== undefined && { payload: payload as object }),
  });
const history = async (key: string, account: number, query = '') =>
  BillingHistoryPage.parse((await inject(key, 'GET', `/api/v3/billing/accounts/${account}/history/${query}`)).json());

describe('billing rules', () => {
  it('bills on the billing day: the next one after today, and the last ones up to a date', () => {
    expect(nextBillingDate('2025-03-03', 'T2')).toBe('2025-03-08');
    expect(nextBillingDate('2025-03-08', 'T2')).toBe('2025-04-08');
    expect(nextBillingDate('2025-12-23', 'T4')).toBe('2026-01-22');
    expect(billingDaysUpTo('2025-03-03', 'T1', 2)).toEqual(['2025-02-01', '2025-03-01']);
    expect(billingDaysUpTo('2025-01-07', 'T2', 2)).toEqual(['2024-11-08', '2024-12-08']);
  });

  it('pays invoices oldest first: paid, then overdue past the due date, else due', () => {
    const invoice = (id: number, issuedOn: string, dueOn: string) => ({
      id,
      issuedOn,
      dueOn,
      netPence: 1000,
      vatPence: 200,
    });
    const statuses = invoiceStatuses(
      [
        invoice(3, '2025-03-01', '2025-03-15'),
        invoice(1, '2025-01-01', '2025-01-15'),
        invoice(2, '2025-02-01', '2025-02-15'),
      ],
      1500,
      '2025-03-03',
    );
    expect([...statuses.entries()].sort()).toEqual([
      [1, 'paid'],
      [2, 'overdue'],
      [3, 'due'],
    ]);
  });

  it("names the bank of a sort code from the spec's list, or none", () => {
    expect(bankOfSortCode('20-00-00')).toBe('Barclays');
    expect(bankOfSortCode('040004')).toBe('Monzo');
    expect(bankOfSortCode('83-10-22')).toBe('Royal Bank of Scotland');
    expect(bankOfSortCode('99-99-99')).toBeNull();
  });
});

describe('GET /api/v3/billing/accounts/', () => {
  it("answers Harbour Freight's account: card, billed on the 8th, the overdue invoice as its balance", async () => {
    const response = await inject(harbour, 'GET', '/api/v3/billing/accounts/');
    expect(response.statusCode).toBe(200);
    const [account] = BillingAccounts.parse(response.json()).results;
    expect(account).toMatchObject({
      account_id: harbourAccount,
      business_name: 'Harbour Freight Ltd',
      balance: '84.00',
      payment_method: 'card',
      bill_cycle: 'T2',
      next_invoice_date: '2025-03-08',
    });
    expect(account!.products.length).toBe(4);
  });

  it("agrees with the credit-control card on home: the same amount, due on the unpaid invoice's due date", async () => {
    const credit = CreditStatus.parse((await inject(harbour, 'GET', '/customer/status/')).json()).results;
    const overdue = (await history(harbour, harbourAccount)).results.find((item) => item.status === 'overdue');
    expect(credit).toEqual([expect.objectContaining({ balance_due: '84.00', due_date: overdue?.due_date })]);
    expect(overdue).toMatchObject({ amount: '84.00', date: '2025-02-08', due_date: '2025-02-22' });
  });

  it('gives a customer with no billing details yet their own from their sign-in, owing nothing', async () => {
    const account = BillingAccount.parse(
      (await inject(nova, 'GET', `/api/v3/billing/accounts/${novaAccount}/`)).json(),
    );
    expect(account).toMatchObject({
      balance: '0.00',
      bill_cycle: 'T1',
      payment_method: 'card',
      email_address: demoLogins.gettingStarted.email,
    });
    expect((await history(nova, novaAccount)).count).toBe(0);
  });

  it("answers 404 for another customer's account and an unknown one, 400 for a junk id", async () => {
    expect((await inject(harbour, 'GET', `/api/v3/billing/accounts/${acmeAccount}/`)).statusCode).toBe(404);
    expect((await inject(harbour, 'GET', `/api/v3/billing/accounts/${acmeAccount}/history/`)).statusCode).toBe(404);
    expect((await inject(harbour, 'GET', `/api/v3/billing/accounts/${acmeAccount}/dd-settings/`)).statusCode).toBe(404);
    expect((await inject(harbour, 'GET', '/api/v3/billing/accounts/999999/')).statusCode).toBe(404);
    expect((await inject(harbour, 'GET', '/api/v3/billing/accounts/abc/')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v3/billing/accounts/${harbourAccount}/` })).statusCode).toBe(
      401,
    );
  });
});

describe('GET .../history/', () => {
  it('lists invoices and payments newest first, paged', async () => {
    const first = await history(harbour, harbourAccount, '?page_size=5');
    // Twelve invoices, eleven of them paid by card.
    expect(first.count).toBe(23);
    expect(first.results).toHaveLength(5);
    expect(first.next).toBe(`/api/v3/billing/accounts/${harbourAccount}/history/?page=2&page_size=5`);
    expect(first.results[0]).toMatchObject({ type: 'invoice', status: 'overdue', amount: '84.00' });
    expect(first.results[1]).toMatchObject({ type: 'payment', method: 'card', amount: '84.00' });
    const dates = [...first.results, ...(await history(harbour, harbourAccount, '?page=2&page_size=5')).results].map(
      (item) => item.date,
    );
    expect(dates).toEqual([...dates].sort().reverse());
    const last = await history(harbour, harbourAccount, '?page=5&page_size=5');
    expect(last.results).toHaveLength(3);
    expect(last.next).toBeNull();
  });

  it("Acme's direct debit has paid every invoice due; the newest is not due yet", async () => {
    const page = await history(acme, acmeAccount, '?page_size=50');
    const invoices = page.results.filter((item) => item.type === 'invoice');
    expect(invoices).toHaveLength(12);
    expect(invoices[0]).toMatchObject({ date: '2025-03-01', status: 'due', amount: '36.00' });
    expect(invoices.slice(1).every((item) => item.status === 'paid')).toBe(true);
    expect(page.results.filter((item) => item.type === 'payment').every((item) => item.method === 'direct_debit')).toBe(
      true,
    );
  });

  it('refuses a page that is no page with a readable 400', async () => {
    const response = await inject(harbour, 'GET', `/api/v3/billing/accounts/${harbourAccount}/history/?page=0`);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('page is a whole number from 1');
  });
});

describe('invoices', () => {
  it('answers one invoice with net, VAT at 20 % and total', async () => {
    const [item] = (await history(harbour, harbourAccount)).results;
    const invoice = Invoice.parse(
      (await inject(harbour, 'GET', `/api/v3/billing/accounts/${harbourAccount}/invoices/${item!.invoice_id}/`)).json(),
    );
    expect(invoice).toMatchObject({
      net: '70.00',
      vat: '14.00',
      amount: '84.00',
      status: 'overdue',
      due_date: '2025-02-22',
    });
  });

  it('makes the invoice a PDF whose text has its number and amount', async () => {
    const [item] = (await history(harbour, harbourAccount)).results;
    const response = await inject(
      harbour,
      'GET',
      `/api/v3/billing/accounts/${harbourAccount}/invoices/${item!.invoice_id}/pdf/`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${item!.invoice_number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    expect(text).toContain(item!.invoice_number!);
    expect(text).toContain('Total: £84.00');
    expect(text).toContain('VAT at 20%: £14.00');
    // Its dates by the portal's one date rule, DD MMM YYYY (spec 000 section 5).
    expect(text).toContain(`Invoice date: ${displayDate(item!.date)}`);
    expect(text).toMatch(/Due date: \d{2} [A-Z][a-z]{2} \d{4}/);
  });

  it("answers 404 for another account's invoice", async () => {
    const [item] = (await history(harbour, harbourAccount)).results;
    expect(
      (await inject(acme, 'GET', `/api/v3/billing/accounts/${acmeAccount}/invoices/${item!.invoice_id}/pdf/`))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject(acme, 'GET', `/api/v3/billing/accounts/${harbourAccount}/invoices/${item!.invoice_id}/`))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /api/v3/billing/next-invoice/', () => {
  it("answers the next billing day's date and the monthly amount", async () => {
    expect(NextInvoice.parse((await inject(harbour, 'GET', '/api/v3/billing/next-invoice/')).json())).toEqual({
      account_id: harbourAccount,
      date: '2025-03-08',
      amount: '84.00',
      one_off_charges: '0.00',
      bill_cycle: 'T2',
    });
    expect(
      NextInvoice.parse((await inject(acme, 'GET', `/api/v3/billing/next-invoice/?account_id=${acmeAccount}`)).json()),
    ).toMatchObject({ date: '2025-04-01', amount: '36.00' });
    expect((await inject(acme, 'GET', `/api/v3/billing/next-invoice/?account_id=${harbourAccount}`)).statusCode).toBe(
      404,
    );
  });
});

const harbourDetails: BillingAccountUpdate = {
  business_name: 'Harbour Freight Ltd',
  first_name: 'Morgan',
  last_name: 'Reid',
  phone_number: '023 8049 6000',
  mobile_number: '',
  email_address: 'accounts@harbour-freight.example',
  address_line_one: 'Berth 7, Ocean Quay',
  address_line_two: '',
  address_city: 'Southampton',
  address_county: 'Hampshire',
  address_post_code: 'so14 3jf',
  authorised_contact: {
    full_name: 'Sam Reid',
    email_address: 'sam@harbour-freight.example',
    phone_number: '',
    mobile_number: '07700 900456',
  },
};

describe('PATCH .../accounts/{id}/', () => {
  it('changes the details, normalised', async () => {
    const response = await inject(harbour, 'PATCH', `/api/v3/billing/accounts/${harbourAccount}/`, harbourDetails);
    expect(response.statusCode).toBe(200);
    expect(BillingAccount.parse(response.json())).toMatchObject({
      email_address: 'accounts@harbour-freight.example',
      phone_number: '02380496000',
      address_post_code: 'SO14 3JF',
      authorised_contact: { full_name: 'Sam Reid', mobile_number: '07700900456' },
      balance: '84.00',
    });
  });

  it('refuses missing and malformed fields with their messages', async () => {
    const response = await inject(harbour, 'PATCH', `/api/v3/billing/accounts/${harbourAccount}/`, {
      ...harbourDetails,
      business_name: ' ',
      address_post_code: 'nowhere',
      phone_number: '12345',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      business_name: [billingMessages.businessNameRequired],
      address_post_code: ['Postcode must be valid'],
      phone_number: [expect.stringContaining('Enter a UK phone number')],
    });
  });

  it("refuses another customer's account", async () => {
    expect(
      (await inject(acme, 'PATCH', `/api/v3/billing/accounts/${harbourAccount}/`, harbourDetails)).statusCode,
    ).toBe(404);
  });
});

describe('direct debit', () => {
  it('Acme pays by a confirmed direct debit at Barclays; Harbour Freight by card', async () => {
    expect((await inject(acme, 'GET', `/api/v3/billing/accounts/${acmeAccount}/dd-status/`)).json()).toEqual({
      successful: true,
    });
    expect(
      DirectDebitSettings.parse(
        (await inject(acme, 'GET', `/api/v3/billing/accounts/${acmeAccount}/dd-settings/`)).json(),
      ),
    ).toMatchObject({
      payment_method: 'direct_debit',
      sort_code: '20-00-00',
      payee_confirm_status: 'confirmed',
      bank_name: 'Barclays',
      bill_cycle: 'T1',
    });
    expect((await inject(harbour, 'GET', `/api/v3/billing/accounts/${harbourAccount}/dd-status/`)).json()).toEqual({
      successful: false,
    });
  });

  const ddSettings = (body: unknown) =>
    inject(nova, 'POST', `/api/v3/billing/accounts/${novaAccount}/dd-settings/`, body);
  const goodBank = {
    sort_code: '089999',
    bank_acc_no: '66374958',
    payee_account_name: 'Nova Dental',
    payee_account_type: 'business',
  };

  it('refuses a sort code of the wrong shape and an account number not of 8 digits', async () => {
    const response = await ddSettings({ ...goodBank, sort_code: '12-34', bank_acc_no: '1234567' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      sort_code: [billingMessages.sortCodeInvalid],
      bank_acc_no: [billingMessages.accountNumberInvalid],
    });
  });

  it('refuses details the modulus check fails, with extra_data counting the attempt, then takes good ones', async () => {
    const refused = await ddSettings({ ...goodBank, bank_acc_no: '66374959' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      sort_code: [billingMessages.modulusFailed],
      extra_data: { payee_confirm_status: 'failed', payee_confirm_attempt: 1, payment_method: 'card' },
    });
    const again = await ddSettings({ ...goodBank, bank_acc_no: '66374959' });
    expect(again.json()).toMatchObject({ extra_data: { payee_confirm_attempt: 2 } });

    const taken = await ddSettings({ ...goodBank, sort_code: '08-99-99' });
    expect(taken.statusCode).toBe(200);
    expect(DirectDebitSettings.parse(taken.json())).toMatchObject({
      sort_code: '08-99-99',
      bank_acc_no: '66374958',
      payment_method: 'direct_debit',
      payee_confirm_status: 'confirmed',
      payee_account_type: 'business',
    });
    expect((await inject(nova, 'GET', `/api/v3/billing/accounts/${novaAccount}/dd-status/`)).json()).toEqual({
      successful: true,
    });
  });

  it("refuses another customer's direct debit", async () => {
    expect(
      (await inject(nova, 'POST', `/api/v3/billing/accounts/${acmeAccount}/dd-settings/`, goodBank)).statusCode,
    ).toBe(404);
  });
});
