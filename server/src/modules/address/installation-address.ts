import { addressSummaryLine, type InstallationAddress } from '@portal/contract';

/** The installation address as stored and answered: the parts, and the summary line built from them. */
export function installationAddressOf(parts: Omit<InstallationAddress, 'summary_line'>): InstallationAddress {
  return {
    summary_line: addressSummaryLine(parts),
    line_one: parts.line_one,
    line_two: parts.line_two,
    city: parts.city,
    county: parts.county,
    post_code: parts.post_code,
  };
}
