import type { AdvancedCallFlowAddOn } from '@portal/contract';
import type { NodeLimits } from '@portal/editor-core';

/**
 * Node limits per flow (the spec leaves the values to the caller). Without the advanced
 * call flows add-on a flow can still answer, greet, split by business hours and offer one
 * small menu; the add-on raises every limit well past what a site needs.
 */
export const STANDARD_NODE_LIMITS = {
  dial_menu: 1,
  dial_menu_key: 12,
  business_hours: 1,
  transfer: 5,
  play_audio: 3,
  divert_to_external: 1,
  voicemail: 3,
} as const satisfies NodeLimits;

export const ADVANCED_NODE_LIMITS = {
  dial_menu: 10,
  dial_menu_key: 120,
  business_hours: 5,
  transfer: 50,
  play_audio: 20,
  divert_to_external: 10,
  voicemail: 20,
} as const satisfies NodeLimits;

export const ADVANCED_CALL_FLOWS_DISPLAY_NAME = 'Advanced call flows';
/** Monthly price before VAT, as the spec's string number. */
export const ADVANCED_CALL_FLOWS_PRICE = '5.00';

export function nodeLimitsFor(product: { advancedCallFlows: boolean }): NodeLimits {
  return { ...(product.advancedCallFlows ? ADVANCED_NODE_LIMITS : STANDARD_NODE_LIMITS) };
}

export function advancedCallFlowAddOn(product: { advancedCallFlows: boolean }): AdvancedCallFlowAddOn {
  return {
    enabled: product.advancedCallFlows,
    display_name: ADVANCED_CALL_FLOWS_DISPLAY_NAME,
    standard_price: ADVANCED_CALL_FLOWS_PRICE,
    node_limits: nodeLimitsFor(product),
  };
}
