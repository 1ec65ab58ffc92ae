import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';

import {
  balanceText,
  billingMessages,
  DirectDebitRequest,
  displayPrice,
  formatPence,
  normaliseSortCode,
  penceOf,
  poundsOf,
} from './billing.ts';
import { amountProblem, MIN_PART_PAYMENT_PENCE, paymentMessages } from './payments.ts';

describe('money', () => {
  it('reads a balance as what is owed, or a credit as a positive amount in credit, never a negative amount to pay', () => {
    expect(balanceText('84.00')).toEqual({ amount: '£84.00', label: 'To pay' });
    expect(balanceText('-74.00')).toEqual({ amount: '£74.00', label: 'In credit' });
    expect(balanceText('0.00')).toEqual({ amount: '£0.00', label: 'Nothing to pay' });
    expect(balanceText('-1234.5').amount).toBe('£1,234.50');
  });

  it('answers pence as pounds text and reads pounds back, once at the boundary', () => {
    expect(poundsOf(8400)).toBe('84.00');
    expect(poundsOf(5)).toBe('0.05');
    expect(poundsOf(-150)).toBe('-1.50');
    expect(penceOf('84')).toBe(8400);
    expect(penceOf(' 84.5 ')).toBe(8450);
    expect(penceOf('£1,234.56')).toBe(123456);
    expect(penceOf('84.123')).toBeNull();
    expect(penceOf('-1')).toBeNull();
    expect(penceOf('')).toBeNull();
  });

  it('shows amounts with £ and two decimals', () => {
    expect(displayPrice('1234.5')).toBe('£1,234.50');
    expect(displayPrice('-3')).toBe('-£3.00');
    expect(formatPence(500)).toBe('£5.00');
    // Messages say amounts the same way: never "5.00 pounds".
    expect(paymentMessages.amountTooSmall).toBe('You can pay part of your balance, from £5.00');
  });

  it('takes a part payment from the minimum up to the balance, a small balance whole', () => {
    expect(amountProblem(8400, 8400)).toBeNull();
    expect(amountProblem(MIN_PART_PAYMENT_PENCE, 8400)).toBeNull();
    expect(amountProblem(MIN_PART_PAYMENT_PENCE - 1, 8400)).toBe(paymentMessages.amountTooSmall);
    expect(amountProblem(8401, 8400)).toBe(paymentMessages.amountTooLarge);
    expect(amountProblem(300, 300)).toBeNull();
    expect(amountProblem(100, 0)).toBe(paymentMessages.nothingToPay);
  });
});

describe('direct-debit bank details', () => {
  const bank = { bank_acc_no: '55779911', payee_account_name: 'Acme', payee_account_type: 'business' };

  it('takes a sort code of 6 digits with or without dashes, answered as 12-34-56', () => {
    expect(normaliseSortCode('200000')).toBe('20-00-00');
    expect(normaliseSortCode(' 20-00-00 ')).toBe('20-00-00');
    expect(normaliseSortCode('20 00 00')).toBeNull();
    expect(normaliseSortCode('20-0000')).toBeNull();
    const parsed = safeParse(DirectDebitRequest, { ...bank, sort_code: '200000' });
    expect(parsed.success && parsed.data.sort_code).toBe('20-00-00');
  });

  it('refuses other sort codes and account numbers not of 8 digits, with their messages', () => {
    const messages = (body: object) => {
      const parsed = safeParse(DirectDebitRequest, body);
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(messages({ ...bank, sort_code: '12-34' })).toEqual([billingMessages.sortCodeInvalid]);
    expect(messages({ ...bank, sort_code: '' })).toEqual([billingMessages.sortCodeRequired]);
    expect(messages({ ...bank, sort_code: '123456', bank_acc_no: '1234567' })).toEqual([
      billingMessages.accountNumberInvalid,
    ]);
    expect(messages({ ...bank, sort_code: '123456', payee_account_type: 'joint' })).toEqual([
      billingMessages.payeeTypeRequired,
    ]);
  });
});
