import { queryOptions, useQuery } from '@tanstack/react-query';

import {
  paymentEndpoints as endpoints,
  type ProcessPaymentRequest,
  type RecurringCardPaymentRequest,
} from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** GET /api/v3/payment/balance/: the balance and the checkout fields. */
export const paymentBalanceQuery = () =>
  queryOptions({
    queryKey: ['payment', 'balance'],
    queryFn: ({ signal }) => apiCall(endpoints.getPaymentBalance, { signal }),
    staleTime: 0,
  });

export const usePaymentBalance = () => useQuery(paymentBalanceQuery());

/** GET /api/v3/billing/payments/?tkn=: a payment link's account, its balance and the checkout fields (signed out). */
export const usePaymentsByToken = (tkn: string) =>
  useQuery({
    queryKey: ['payment', 'link', tkn],
    queryFn: ({ signal }) => apiCall(endpoints.getPaymentsByToken, { query: { tkn }, signal }),
    staleTime: 0,
    retry: false,
  });

/** POST /payment/process/ (?tkn= with a payment link): starts (or, with the same key, finds) the attempt; answers where to go. */
export const processPayment = (body: ProcessPaymentRequest, tkn: string | null = null) =>
  apiCall(endpoints.processPayment, { body, ...(tkn !== null && { query: { tkn } }) });

/** GET /payment/process/?cko-session-id= (and tkn with a payment link): the outcome, verified by the server with the provider. */
export const verifyPayment = (sessionId: string, tkn: string | null, signal?: AbortSignal) =>
  apiCall(endpoints.verifyPayment, {
    query: { 'cko-session-id': sessionId, ...(tkn !== null && { tkn }) },
    ...(signal && { signal }),
  });

/** GET /api/v1/recurring-card-payment/tokens/{token}/: a card set-up link's account details and RCP details (signed out). */
export const useRecurringCardPayment = (token: string) =>
  useQuery({
    queryKey: ['payment', 'recurring-card', token],
    queryFn: ({ signal }) => apiCall(endpoints.getRecurringCardPayment, { params: { token }, signal }),
    staleTime: 0,
    retry: false,
  });

/** POST /api/v1/recurring-card-payment/tokens/{token}/: starts a card set-up (idempotency_key) or checks one on return (session_id). */
export const postRecurringCardPayment = (token: string, body: RecurringCardPaymentRequest, signal?: AbortSignal) =>
  apiCall(endpoints.postRecurringCardPayment, { params: { token }, body, ...(signal && { signal }) });
