import { describe, expect, it } from 'vitest';

import { formatPence } from './billing.ts';
import {
  addMonths,
  currentContract,
  pence,
  productDetailsMessages,
  renewalAllowed,
  renewalRefusal,
  RenewalRequest,
  renewedContractDates,
  tariffTotals,
  upcomingContract,
  visibleContracts,
} from './product-details.ts';

describe('renewal rule (spec 001 section 4: less than one month away, end date and length known)', () => {
  it.each([
    ['2026-05-01', '2026-05-01', true],
    ['2026-05-31', '2026-05-01', true],
    ['2026-06-01', '2026-05-01', false],
    ['2026-04-30', '2026-05-01', false],
    ['2026-02-27', '2026-01-31', true],
    ['2026-02-28', '2026-01-31', false],
  ])('end %s on %s: %s', (end, today, allowed) => {
    expect(renewalAllowed(end, 12, today)).toBe(allowed);
  });

  it('needs both the end date and the length', () => {
    expect(renewalAllowed(null, 12, '2026-05-01')).toBe(false);
    expect(renewalAllowed('2026-05-10', null, '2026-05-01')).toBe(false);
    expect(renewalRefusal(null, 12, '2026-05-01')).toBe(productDetailsMessages.unknownContract);
    expect(renewalRefusal('2026-09-10', 12, '2026-05-01')).toBe(productDetailsMessages.notRenewable);
    expect(renewalRefusal('2026-05-10', 12, '2026-05-01')).toBeNull();
  });

  it('takes 12 or 24 months only, with a readable message', () => {
    expect(RenewalRequest.parse({ contract_length_months: 24 })).toEqual({ contract_length_months: 24 });
    for (const bad of [6, 36, '12', null]) {
      const result = RenewalRequest.safeParse({ contract_length_months: bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(productDetailsMessages.lengthRequired);
    }
  });
});

describe('contract dates', () => {
  it('adds calendar months, kept to the end of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-12-15', 24)).toBe('2028-12-15');
  });

  it('starts a renewal the day after the current contract ends', () => {
    expect(renewedContractDates('2026-05-20', 24)).toEqual({ start_date: '2026-05-21', end_date: '2028-05-20' });
    expect(renewedContractDates('2026-12-31', 12)).toEqual({ start_date: '2027-01-01', end_date: '2027-12-31' });
  });

  it('hides VOID contracts, and the current one is the latest visible start', () => {
    const contracts = [
      { contract_id: 'A', status: 'ENDED', start_date: '2022-01-01' },
      { contract_id: 'B', status: 'ACTIVE', start_date: '2024-01-01' },
      { contract_id: 'C', status: 'VOID', start_date: '2025-01-01' },
    ];
    expect(visibleContracts(contracts).map((c) => c.contract_id)).toEqual(['A', 'B']);
    expect(currentContract(contracts, '2025-06-01')?.contract_id).toBe('B');
    expect(currentContract([{ status: 'VOID', start_date: '2025-01-01' }], '2025-06-01')).toBeUndefined();
  });

  it('a renewal is current from its start date, not from the day it was agreed', () => {
    const contracts = [
      { contract_id: 'B', status: 'ACTIVE', start_date: '2024-06-21' },
      { contract_id: 'R', status: 'PENDING', start_date: '2026-06-21' },
    ];
    expect(currentContract(contracts, '2026-06-01')?.contract_id).toBe('B');
    expect(upcomingContract(contracts, '2026-06-01')?.contract_id).toBe('R');
    expect(currentContract(contracts, '2026-06-21')?.contract_id).toBe('R');
    expect(upcomingContract(contracts, '2026-06-21')).toBeUndefined();
    // Nothing started yet: the first to start.
    expect(currentContract(contracts, '2020-01-01')?.contract_id).toBe('B');
  });
});

describe('prices and totals (VAT factor 1.2, £ and 2 decimals)', () => {
  it('reads prices in pence and writes them with £', () => {
    expect(pence('25.50')).toBe(2550);
    expect(pence('7')).toBe(700);
    expect(pence('abc')).toBeNull();
    expect(formatPence(3060)).toBe('£30.60');
  });

  it('charges the promo price for its months, then the tariff price, VAT on top', () => {
    expect(tariffTotals('20.00', '10.00', 3, 12)).toEqual({
      monthly: 2000,
      monthlyWithVat: 2400,
      promoMonthly: 1000,
      promoMonthlyWithVat: 1200,
      promoMonths: 3,
      contract: 21000,
      contractWithVat: 25200,
    });
    expect(tariffTotals('24.99', null, null, 24)?.contractWithVat).toBe(Math.round(2499 * 24 * 1.2));
    expect(tariffTotals(null, null, null, 12)).toBeNull();
  });
});
