import { PHONE_SETUP_TABS, type PhoneSetupTab } from '../../config/paths.ts';

/**
 * The tab a ?tab= value names, or the first (holiday schedule). Here, not in config/paths.ts: that module is
 * in the entry chunk, and only the phone setup page reads its tab.
 */
export function phoneSetupTab(value: string | null | undefined): PhoneSetupTab {
  return (PHONE_SETUP_TABS as readonly string[]).includes(value ?? '') ? (value as PhoneSetupTab) : PHONE_SETUP_TABS[0];
}
