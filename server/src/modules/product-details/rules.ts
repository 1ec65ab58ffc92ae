import { deriveProductKind, priceOf, type ProductContract, type ProductDetails, type Renewal, type SiteSummary } from '@portal/contract';
import type { Product } from '../products/products.ts';
import { currentOf, type ChildRow, type ContractRow, type TariffRow } from './product-details-repository.ts';

/** Pence as the contract's price string, null kept. */
const price = (amount: number | null | undefined): string | null => (amount === null || amount === undefined ? null : priceOf(amount));

export const contractOf = (row: ContractRow): ProductContract => ({
  contract_id: row.contractId,
  start_date: row.startDate,
  end_date: row.endDate,
  contract_length_months: row.contractLengthMonths,
  contract_summaries_sent: row.contractSummariesSent,
  contract_sent: row.contractSent,
  status: row.status,
});

export interface SiteFacts {
  pilotNumber: string | null;
  users: number;
  numbers: number;
  activeCallFlow: SiteSummary['active_call_flow'];
}

/**
 * A product as GET /api/v3/products/{id}/ answers it: its tariff (none yet: nulls), children and
 * every contract (VOID ones too: the page hides them); the contract length and download token are
 * the current contract's; the date activated is the tariff's live date, else the confirmed date.
 */
export function detailsOf(product: Product, facts: { tariff: TariffRow | undefined; children: ChildRow[]; contracts: ContractRow[] }, site: SiteFacts | null): ProductDetails {
  const { tariff, children, contracts } = facts;
  const current = currentOf(contracts);
  return {
    product_id: product.id,
    product_kind: deriveProductKind({ kind: product.kind, tariff_version: product.tariffVersion, sub_kind: product.subKind }),
    tariff_name: tariff?.tariffName ?? null,
    tariff_price: price(tariff?.tariffPricePence),
    promo_length: tariff?.promoLength ?? null,
    promo_price: price(tariff?.promoPricePence),
    product_detail: product.productDetail,
    contract_length_months: current?.contractLengthMonths ?? null,
    live_date: tariff?.liveDate ?? product.confirmedDate,
    status: product.status,
    download_token: current?.downloadToken ?? null,
    children: children.map((child) => ({
      product_detail: child.productDetail,
      tariff_name: child.tariffName,
      tariff_price: price(child.tariffPricePence),
      promo_price: price(child.promoPricePence),
      promo_length: child.promoLength,
    })),
    contracts: contracts.map(contractOf),
    site: site && { pilot_number: site.pilotNumber, users: site.users, numbers: site.numbers, active_call_flow: site.activeCallFlow },
  };
}

/** GET /api/v3/products/{id}/renewal/: the current contract's tariff beside the renewal tariff. */
export function renewalOf(tariff: TariffRow | undefined, contracts: ContractRow[]): Renewal {
  const current = currentOf(contracts);
  return {
    current_tariff_name: tariff?.tariffName ?? null,
    current_tariff_price: price(tariff?.tariffPricePence),
    current_promo_length: tariff?.promoLength ?? null,
    current_promo_price: price(tariff?.promoPricePence),
    current_contract_length: current?.contractLengthMonths ?? null,
    current_contract_end_date: current?.endDate ?? null,
    renewal_tariff_name: tariff?.renewalTariffName ?? null,
    renewal_tariff_price: price(tariff?.renewalTariffPricePence),
    renewal_promo_length: tariff?.renewalPromoLength ?? null,
    renewal_promo_price: price(tariff?.renewalPromoPricePence),
  };
}

/** The contract document: a small text document of the contract's facts. */
export function contractDocument(product: Product, tariff: TariffRow | undefined, contract: ContractRow): string {
  const line = (label: string, value: string | number | null) => `${label.padEnd(22)}${value === null || value === '' ? '-' : value}`;
  const months = (n: number | null) => (n === null ? null : `${n} months`);
  const pounds = (amount: number | null | undefined) => (amount === null || amount === undefined ? null : `£${priceOf(amount)} a month before VAT`);
  return [
    'CONTRACT SUMMARY',
    '',
    line('Contract', contract.contractId),
    line('Status', contract.status),
    line('Product', product.productDetail),
    line('Start date', contract.startDate),
    line('End date', contract.endDate),
    line('Contract length', months(contract.contractLengthMonths)),
    line('Tariff', tariff?.tariffName ?? null),
    line('Price', pounds(tariff?.tariffPricePence)),
    line('Promotion', tariff?.promoPricePence === null || tariff?.promoPricePence === undefined ? null : `${pounds(tariff.promoPricePence)} for ${tariff.promoLength ?? 0} months`),
    '',
    'Prices exclude VAT at 20 %. This summary is part of your contract with us.',
    '',
  ].join('\n');
}
