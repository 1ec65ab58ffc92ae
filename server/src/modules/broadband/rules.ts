import {
  INSTALLATION_LEAD_DAYS,
  type BroadbandTariff,
  type BroadbandType,
  type TariffAvailability,
  type TypeAvailability,
} from '@portal/contract';

import type { NetworkLine } from '../../broadband/broadband-data.ts';

/** The broadband types, in the order the pages show them (Full Fibre first). */
const TYPES: BroadbandType[] = ['fttp', 'fttc'];

/**
 * What each broadband type is at an address: which networks offer it and the fastest speeds
 * over those that do (null when none does). One entry per type, fttp first.
 */
export function availabilityOf(lines: NetworkLine[]): TypeAvailability[] {
  return TYPES.map((type) => {
    const ofType = lines.filter((line) => line.broadband_type === type);
    return {
      broadband_type: type,
      network_1: ofType.some((line) => line.network === 'network_1'),
      network_2: ofType.some((line) => line.network === 'network_2'),
      download_mbps: ofType.length ? Math.max(...ofType.map((line) => line.download_mbps)) : null,
      upload_mbps: ofType.length ? Math.max(...ofType.map((line) => line.upload_mbps)) : null,
    };
  });
}

const tariff = (
  id: string,
  name: string,
  type: BroadbandType,
  network: BroadbandTariff['network'],
  down: number,
  up: number,
  monthly: string,
  setup: string,
): BroadbandTariff => ({
  id,
  name,
  broadband_type: type,
  network,
  service: { name: `${down} Mbps download, ${up} Mbps upload`, download_mbps: down, upload_mbps: up },
  monthly_price: monthly,
  setup_fee: setup,
  contract_length_months: 24,
});

/** The provider's broadband catalogue: each tariff runs over one network at up to its speeds. */
export const BROADBAND_TARIFFS: readonly BroadbandTariff[] = [
  tariff('fttp-500-n1', 'Full Fibre 500', 'fttp', 'network_1', 500, 75, '45.00', '0.00'),
  tariff('fttp-1000-n1', 'Full Fibre 1000', 'fttp', 'network_1', 1000, 115, '60.00', '0.00'),
  tariff('fttp-900-n2', 'Full Fibre 900', 'fttp', 'network_2', 900, 100, '55.00', '0.00'),
  tariff('fttc-80-n1', 'Superfast 80', 'fttc', 'network_1', 80, 20, '30.00', '35.00'),
  tariff('fttc-67-n2', 'Superfast 67', 'fttc', 'network_2', 67, 18, '28.00', '35.00'),
];

/** Whether the address's lines can carry a tariff: its network gives its type at its speeds. */
const carries = (lines: NetworkLine[], t: BroadbandTariff) =>
  lines.some(
    (line) =>
      line.broadband_type === t.broadband_type &&
      line.network === t.network &&
      line.download_mbps >= t.service.download_mbps,
  );

/** The catalogue's tariffs the address can have, grouped fttp and fttc, cheapest first. */
export function tariffsFor(lines: NetworkLine[]): TariffAvailability {
  const offered = BROADBAND_TARIFFS.filter((t) => carries(lines, t))
    .map((t) => ({ ...t, service: { ...t.service } }))
    .sort((a, b) => Number(a.monthly_price) - Number(b.monthly_price));
  return {
    fttp: offered.filter((t) => t.broadband_type === 'fttp'),
    fttc: offered.filter((t) => t.broadband_type === 'fttc'),
  };
}

/**
 * The installation date for a lead approved at `now`: the first weekday (UTC) at least
 * INSTALLATION_LEAD_DAYS days later, as YYYY-MM-DD.
 * @example installationDate(new Date('2026-11-25T10:00:00Z')) // '2026-12-07' (the 5th is a Saturday)
 */
export function installationDate(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + INSTALLATION_LEAD_DAYS));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The reference of the appointment order a lead books. */
export const installationReference = (leadId: number) => `BB-${String(leadId).padStart(5, '0')}`;
