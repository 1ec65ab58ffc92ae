import {
  deriveProductKind,
  displayPrice,
  priceOf,
  type AgreedRenewal,
  type ProductContract,
  type ProductDetails,
  type Renewal,
  type SiteSummary,
} from '@portal/contract';

import type { Product } from '../products/index.ts';
import {
  currentOf,
  upcomingOf,
  type ChildRow,
  type ContractRow,
  type TariffRow,
} from './product-details-repository.ts';

/** Pence as the contract's price string, null kept. */
const price = (amount: number | null | undefined): string | null =>
  amount === null || amount === undefined ? null : priceOf(amount);

/** A renewal (made PENDING) that has started on `today` is the active contract. */
const statusOn = (row: ContractRow, today: string): string =>
  row.status === 'PENDING' && row.startDate !== null && row.startDate <= today ? 'ACTIVE' : row.status;

export const contractOf = (row: ContractRow, today: string): ProductContract => ({
  contract_id: row.contractId,
  start_date: row.startDate,
  end_date: row.endDate,
  contract_length_months: row.contractLengthMonths,
  contract_summaries_sent: row.contractSummariesSent,
  contract_sent: row.contractSent,
  status: statusOn(row, today),
});

/** A tariff's four fields, in pence. */
interface TariffFields {
  name: string | null;
  pricePence: number | null;
  promoLength: number | null;
  promoPricePence: number | null;
}

const renewalTariffOf = (tariff: TariffRow): TariffFields => ({
  name: tariff.renewalTariffName,
  pricePence: tariff.renewalTariffPricePence,
  promoLength: tariff.renewalPromoLength,
  promoPricePence: tariff.renewalPromoPricePence,
});

/**
 * The tariff in force with the `current` contract: the renewal tariff once a renewal (a PENDING
 * contract) has started, else the product's tariff. A renewal agreed but not begun changes nothing.
 */
export function tariffInForce(tariff: TariffRow | undefined, current: ContractRow | undefined): TariffFields {
  if (!tariff) return { name: null, pricePence: null, promoLength: null, promoPricePence: null };
  if (current?.status === 'PENDING' && tariff.renewalTariffName !== null && tariff.renewalTariffPricePence !== null)
    return renewalTariffOf(tariff);
  return {
    name: tariff.tariffName,
    pricePence: tariff.tariffPricePence,
    promoLength: tariff.promoLength,
    promoPricePence: tariff.promoPricePence,
  };
}

/** The renewal agreed that has not started on `today`, with the tariff it starts on; null when none. */
function agreedRenewalOf(tariff: TariffRow | undefined, contracts: ContractRow[], today: string): AgreedRenewal | null {
  const upcoming = upcomingOf(contracts, today);
  if (!upcoming) return null;
  const agreed = tariff ? renewalTariffOf(tariff) : null;
  return {
    contract_id: upcoming.contractId,
    tariff_name: agreed?.name ?? null,
    tariff_price: price(agreed?.pricePence),
    promo_length: agreed?.promoLength ?? null,
    promo_price: price(agreed?.promoPricePence),
    contract_length_months: upcoming.contractLengthMonths,
    start_date: upcoming.startDate,
    end_date: upcoming.endDate,
  };
}

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
export function detailsOf(
  product: Product,
  facts: { tariff: TariffRow | undefined; children: ChildRow[]; contracts: ContractRow[] },
  site: SiteFacts | null,
  today: string,
): ProductDetails {
  const { tariff, children, contracts } = facts;
  const current = currentOf(contracts, today);
  const inForce = tariffInForce(tariff, current);
  return {
    product_id: product.id,
    product_kind: deriveProductKind({
      kind: product.kind,
      tariff_version: product.tariffVersion,
      sub_kind: product.subKind,
    }),
    tariff_name: inForce.name,
    tariff_price: price(inForce.pricePence),
    promo_length: inForce.promoLength,
    promo_price: price(inForce.promoPricePence),
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
    contracts: contracts.map((row) => contractOf(row, today)),
    site: site && {
      pilot_number: site.pilotNumber,
      users: site.users,
      numbers: site.numbers,
      active_call_flow: site.activeCallFlow,
    },
    renewal_agreed: agreedRenewalOf(tariff, contracts, today),
  };
}

/**
 * GET /api/v3/products/{id}/renewal/: the current contract on `today` and its tariff beside the
 * renewal tariff. A renewal agreed but not begun leaves the current fields the current contract's.
 */
export function renewalOf(tariff: TariffRow | undefined, contracts: ContractRow[], today: string): Renewal {
  const current = currentOf(contracts, today);
  const inForce = tariffInForce(tariff, current);
  return {
    current_tariff_name: inForce.name,
    current_tariff_price: price(inForce.pricePence),
    current_promo_length: inForce.promoLength,
    current_promo_price: price(inForce.promoPricePence),
    current_contract_length: current?.contractLengthMonths ?? null,
    current_contract_end_date: current?.endDate ?? null,
    renewal_tariff_name: tariff?.renewalTariffName ?? null,
    renewal_tariff_price: price(tariff?.renewalTariffPricePence),
    renewal_promo_length: tariff?.renewalPromoLength ?? null,
    renewal_promo_price: price(tariff?.renewalPromoPricePence),
  };
}

/** The contract document: a small text document of the contract's facts, with the tariff it is on. */
export function contractDocument(
  product: Product,
  productTariff: TariffRow | undefined,
  contract: ContractRow,
): string {
  const onTariff = tariffInForce(productTariff, contract);
  const tariff = {
    tariffName: onTariff.name,
    tariffPricePence: onTariff.pricePence,
    promoLength: onTariff.promoLength,
    promoPricePence: onTariff.promoPricePence,
  };
  const line = (label: string, value: string | number | null) =>
    `${label.padEnd(22)}${value === null || value === '' ? '-' : value}`;
  const months = (n: number | null) => (n === null ? null : `${n} months`);
  const pounds = (amount: number | null | undefined) =>
    amount === null || amount === undefined ? null : `${displayPrice(priceOf(amount))} a month before VAT`;
  return [
    'CONTRACT SUMMARY',
    '',
    line('Contract', contract.contractId),
    line('Status', contract.status),
    line('Product', product.productDetail),
    line('Start date', contract.startDate),
    line('End date', contract.endDate),
    line('Contract length', months(contract.contractLengthMonths)),
    line('Tariff', tariff.tariffName),
    line('Price', pounds(tariff.tariffPricePence)),
    line(
      'Promotion',
      tariff.promoPricePence === null
        ? null
        : `${pounds(tariff.promoPricePence)} for ${tariff.promoLength ?? 0} months`,
    ),
    '',
    'Prices exclude VAT at 20 %. This summary is part of your contract with us.',
    '',
  ].join('\n');
}
