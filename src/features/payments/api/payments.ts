import { paymentEndpoints as endpoints, type ProcessPaymentRequest } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/http.ts';

/** GET /api/v3/payment/balance/: the balance and the checkout fields. */
export const paymentBalanceQuery = () =>
  queryOptions({ queryKey: ['payment', 'balance'], queryFn: ({ signal }) => apiCall(endpoints.getPaymentBalance, { signal }), staleTime: 0 });

export const usePaymentBalance = () => useQuery(paymentBalanceQuery());

/** POST /payment/process/: starts (or, with the same key, finds) the attempt; answers where to go. */
export const processPayment = (body: ProcessPaymentRequest) => apiCall(endpoints.processPayment, { body });

/** GET /payment/process/?cko-session-id=: the outcome, verified by the server with the provider. */
export const verifyPayment = (sessionId: string, signal?: AbortSignal) =>
  apiCall(endpoints.verifyPayment, { query: { 'cko-session-id': sessionId }, ...(signal && { signal }) });
