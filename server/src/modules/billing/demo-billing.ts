import { eq } from 'drizzle-orm';

import { poundsOf, type BillCycle } from '@portal/contract';

import type { Database, Inserts } from '../../db/connect.ts';
import { liveBroadband, seedCustomer, type SeedTransaction } from '../../db/demo-customers.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import type { DemoUser } from '../../db/demo-users.ts';
import {
  billingAccounts,
  creditControlStatuses,
  directDebitMandates,
  invoices,
  payments,
} from '../../db/schema/billing.ts';
import { addDays, billingDaysUpTo, dueDateOf, isoDate, netOfTotal } from './rules.ts';

/** Months of invoices each demo customer has. */
const DEMO_MONTHS = 12;

interface DemoInvoices {
  accountId: number;
  cycle: BillCycle;
  monthlyPence: number;
  /** The newest invoice is issued on the last billing day on or before this date. */
  latest: string;
  /** Invoices left unpaid, newest first (0: all paid that are due). */
  unpaid: number;
  method: 'direct_debit' | 'card';
  today: string;
}

/** A year of monthly invoices, each paid on its due date (when that has come) except the newest `unpaid`. */
async function seedInvoices(tx: Inserts, demo: DemoInvoices) {
  const net = netOfTotal(demo.monthlyPence);
  const days = billingDaysUpTo(demo.latest, demo.cycle, DEMO_MONTHS);
  const rows = await tx
    .insert(invoices)
    .values(
      days.map((issuedOn) => ({
        accountId: demo.accountId,
        invoiceNumber: `INV-${String(demo.accountId).padStart(5, '0')}-${issuedOn.slice(0, 7).replace('-', '')}`,
        issuedOn,
        dueOn: dueDateOf(issuedOn),
        description: `Monthly services, ${new Date(`${issuedOn}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
        netPence: net,
        vatPence: demo.monthlyPence - net,
      })),
    )
    .returning();
  const paid = rows.slice(0, rows.length - demo.unpaid).filter((row) => row.dueOn <= demo.today);
  if (paid.length > 0) {
    await tx.insert(payments).values(
      paid.map((row) => ({
        accountId: demo.accountId,
        amountPence: row.netPence + row.vatPence,
        method: demo.method,
        paidAt: new Date(`${row.dueOn}T10:00:00Z`),
        providerPaymentId: demo.method === 'card' ? `pay_demo_${row.invoiceNumber}` : null,
      })),
    );
  }
  return rows;
}

/**
 * Billing for the demo customers (seed.ts, after the shell demo): a year of invoices each.
 * Acme Plumbing pays by direct debit (billed on the 1st, a confirmed mandate at Barclays);
 * Harbour Freight pays by card (billed on the 8th) and has not paid its newest invoice, whose
 * due date and amount its credit-control status (the home card) now names. Other customers get
 * their billing details from their first user when first asked (billing-repository.ts).
 */
export async function seedBillingDemo(
  tx: Pick<Database, 'insert' | 'update'>,
  ids: { acme: number; harbour: number },
  now: Date,
): Promise<void> {
  const today = isoDate(now);
  await tx.insert(billingAccounts).values([
    {
      accountId: ids.acme,
      businessName: 'Acme Plumbing Ltd',
      firstName: 'Alex',
      lastName: 'Morgan',
      phoneNumber: '01134960000',
      mobileNumber: '07700900123',
      emailAddress: demoLogins.customer.email,
      addressLineOne: 'Unit 4, Canal Wharf',
      addressLineTwo: 'Water Lane',
      addressCity: 'Leeds',
      addressCounty: 'West Yorkshire',
      addressPostCode: 'LS11 5PZ',
      authorisedContact: {
        full_name: 'Priya Shah',
        email_address: 'priya@acme-plumbing.example',
        phone_number: '01134960001',
        mobile_number: '',
      },
      billCycle: 'T1',
      paymentMethod: 'direct_debit',
      monthlyChargePence: 3600,
    },
    {
      accountId: ids.harbour,
      businessName: 'Harbour Freight Ltd',
      firstName: 'Morgan',
      lastName: 'Reid',
      phoneNumber: '02380496000',
      mobileNumber: '',
      emailAddress: demoLogins.multiProduct.email,
      addressLineOne: 'Berth 7, Ocean Quay',
      addressCity: 'Southampton',
      addressCounty: 'Hampshire',
      addressPostCode: 'SO14 3JF',
      authorisedContact: {
        full_name: 'Morgan Reid',
        email_address: demoLogins.multiProduct.email,
        phone_number: '02380496000',
        mobile_number: '',
      },
      billCycle: 'T2',
      paymentMethod: 'card',
      monthlyChargePence: 8400,
    },
  ]);
  await tx.insert(directDebitMandates).values({
    accountId: ids.acme,
    sortCode: '20-00-00',
    bankAccNo: '55779911',
    payeeAccountName: 'Acme Plumbing Ltd',
    payeeAccountType: 'business',
    payeeConfirmStatus: 'confirmed',
    payeeConfirmAttempt: 1,
    updatedAt: now,
  });
  await seedInvoices(tx, {
    accountId: ids.acme,
    cycle: 'T1',
    monthlyPence: 3600,
    latest: today,
    unpaid: 0,
    method: 'direct_debit',
    today,
  });
  // Harbour Freight's newest invoice is past its due date and unpaid; its credit-control status names it.
  const overdue = await seedOverdueInvoices(tx, ids.harbour, now);
  await tx.update(creditControlStatuses).set(overdue).where(eq(creditControlStatuses.accountId, ids.harbour));
}

/** Harbour Freight's year of card-paid invoices on the 8th, the newest (at least 15 days old) unpaid; answers what is overdue. */
async function seedOverdueInvoices(
  tx: Inserts,
  accountId: number,
  now: Date,
): Promise<{ balanceDue: string; dueDate: string }> {
  const today = isoDate(now);
  const rows = await seedInvoices(tx, {
    accountId,
    cycle: 'T2',
    monthlyPence: 8400,
    latest: addDays(today, -15),
    unpaid: 1,
    method: 'card',
    today,
  });
  const overdue = rows.at(-1);
  if (!overdue) throw new Error('seed: overdue invoices not inserted');
  return { balanceDue: poundsOf(overdue.netPence + overdue.vatPence), dueDate: overdue.dueOn };
}

/**
 * A customer with business broadband billed as Harbour Freight is (card, the 8th, £84.00 overdue,
 * the credit-control status on home saying so), under another sign-in: the billing e2e spec's own.
 */
export async function seedOverdueCardCustomer(
  tx: SeedTransaction,
  holder: DemoUser,
  company: string,
  now: Date,
): Promise<{ accountId: number }> {
  const { accountId } = await seedCustomer(
    tx,
    {
      company,
      user: holder,
      products: [liveBroadband(addDays(isoDate(now), -365))],
    },
    now,
  );
  await tx.insert(billingAccounts).values({
    accountId,
    businessName: company,
    firstName: holder.firstName,
    lastName: holder.lastName,
    emailAddress: holder.email,
    addressLineOne: 'Berth 9, Ocean Quay',
    addressCity: 'Southampton',
    addressCounty: 'Hampshire',
    addressPostCode: 'SO14 3JF',
    authorisedContact: {
      full_name: `${holder.firstName} ${holder.lastName}`,
      email_address: holder.email,
      phone_number: '',
      mobile_number: '',
    },
    billCycle: 'T2',
    paymentMethod: 'card',
    monthlyChargePence: 8400,
  });
  const overdue = await seedOverdueInvoices(tx, accountId, now);
  await tx.insert(creditControlStatuses).values({ accountId, stage: 'overdue', ...overdue, createdAt: now });
  return { accountId };
}
