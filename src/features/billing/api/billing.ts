import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import {
  billingEndpoints as endpoints,
  paymentEndpoints,
  type BillingAccountUpdate,
  type DirectDebitRequest,
} from '@portal/contract';

import { apiBlob, apiCall } from '../../../lib/http.ts';

/** Every billing query starts with this key: a payment or a change refreshes them all at once. */
export const BILLING_KEY = ['billing'] as const;

/** GET /api/v3/billing/accounts/: the customer's billing accounts (one). */
export const billingAccountsQuery = () =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'accounts'],
    queryFn: ({ signal }) => apiCall(endpoints.listBillingAccounts, { signal }),
  });

/** GET /api/v3/billing/accounts/{id}/: the account with its balance. */
export const billingAccountQuery = (id: number) =>
  queryOptions({
    queryKey: [...BILLING_KEY, id, 'account'],
    queryFn: ({ signal }) => apiCall(endpoints.getBillingAccount, { params: { id }, signal }),
  });

/** GET .../history/?page=: one page of invoices and payments, newest first. */
export const billingHistoryQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...BILLING_KEY, id, 'history', page],
    queryFn: ({ signal }) => apiCall(endpoints.getBillingHistory, { params: { id }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/v3/billing/next-invoice/?account_id=. */
export const nextInvoiceQuery = (id: number) =>
  queryOptions({
    queryKey: [...BILLING_KEY, id, 'next-invoice'],
    queryFn: ({ signal }) => apiCall(endpoints.getNextInvoice, { query: { account_id: String(id) }, signal }),
  });

/** GET .../dd-status/. */
export const directDebitStatusQuery = (id: number) =>
  queryOptions({
    queryKey: [...BILLING_KEY, id, 'dd-status'],
    queryFn: ({ signal }) => apiCall(endpoints.getDirectDebitStatus, { params: { id }, signal }),
  });

/** GET .../dd-settings/. */
export const directDebitSettingsQuery = (id: number) =>
  queryOptions({
    queryKey: [...BILLING_KEY, id, 'dd-settings'],
    queryFn: ({ signal }) => apiCall(endpoints.getDirectDebitSettings, { params: { id }, signal }),
  });

export const useBillingAccounts = (enabled: boolean) => useQuery({ ...billingAccountsQuery(), enabled });
export const useBillingAccount = (id: number) => useQuery(billingAccountQuery(id));
export const useBillingHistory = (id: number, page: number) => useQuery(billingHistoryQuery(id, page));
export const useNextInvoice = (id: number) => useQuery(nextInvoiceQuery(id));
export const useDirectDebitStatus = (id: number) => useQuery(directDebitStatusQuery(id));
export const useDirectDebitSettings = (id: number) => useQuery(directDebitSettingsQuery(id));

/** PATCH .../accounts/{id}/: the answer is the account as now saved. */
export async function saveAccountDetails(queryClient: QueryClient, id: number, body: BillingAccountUpdate) {
  const saved = await apiCall(endpoints.patchBillingAccount, { params: { id }, body });
  queryClient.setQueryData(billingAccountQuery(id).queryKey, saved);
  await queryClient.invalidateQueries({ queryKey: billingAccountsQuery().queryKey });
  return saved;
}

/** POST .../dd-settings/: the mandate as now saved; the status and payment method change with it. */
export async function saveDirectDebit(queryClient: QueryClient, id: number, body: DirectDebitRequest) {
  const saved = await apiCall(endpoints.postDirectDebitSettings, { params: { id }, body });
  queryClient.setQueryData(directDebitSettingsQuery(id).queryKey, saved);
  await queryClient.invalidateQueries({ queryKey: [...BILLING_KEY, id] });
  return saved;
}

/** GET .../invoices/{invoiceId}/: one invoice. */
export const invoiceQuery = (id: number, invoiceId: number) =>
  queryOptions({
    queryKey: [...BILLING_KEY, id, 'invoice', invoiceId],
    queryFn: ({ signal }) => apiCall(endpoints.getInvoice, { params: { id, invoiceId }, signal }),
  });

export const useInvoice = (id: number, invoiceId: number) => useQuery(invoiceQuery(id, invoiceId));

/** GET .../invoices/{invoiceId}/pdf/: the invoice's PDF. */
export const invoicePdf = (id: number, invoiceId: number) =>
  apiBlob(endpoints.getInvoicePdf, { params: { id, invoiceId } });

/** POST .../payment-link/: e-mails the account holder a link to pay without signing in. */
export const sendPaymentLink = (id: number) => apiCall(paymentEndpoints.sendPaymentLink, { params: { id } });

/** POST .../rcp-link/: e-mails the account holder a link to save a card for the bills without signing in. */
export const sendRecurringCardLink = (id: number) =>
  apiCall(paymentEndpoints.sendRecurringCardLink, { params: { id } });

/** POST .../dd-link/: e-mails the account holder a link to set up the direct debit without signing in. */
export const sendMandateLink = (id: number) => apiCall(endpoints.sendMandateLink, { params: { id } });

/** GET /api/v1/direct-debit/tokens/{token}/: whose direct debit the link sets up (signed out). */
export const useMandateEntry = (token: string) =>
  useQuery({
    queryKey: ['mandate-entry', token],
    queryFn: ({ signal }) => apiCall(endpoints.getMandateEntry, { params: { token }, signal }),
    retry: false,
    staleTime: 0,
  });

/** POST /api/v1/direct-debit/tokens/{token}/: the four bank fields. */
export const postMandateEntry = (token: string, body: DirectDebitRequest) =>
  apiCall(endpoints.postMandateEntry, { params: { token }, body });
