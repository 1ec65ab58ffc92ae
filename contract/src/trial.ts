import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';

/** Trial status (spec 000 section 3, spec 001 section 3). */
export const TrialStatus = z.object({
  isInTrial: z.boolean(),
  isTrialExpired: z.boolean(),
  trialKind: z.nullable(z.enum(['OPT_IN'])),
  productId: z.nullable(z.int()),
  remainDays: z.nullable(z.int()),
  show_quickstart_popup: z.boolean(),
  quickstart_popup_sections_completed: z.record(z.string(), z.boolean()),
  customer_feedback: z.nullable(z.string()),
  status_entry: z.nullable(z.string()),
});
export type TrialStatus = z.infer<typeof TrialStatus>;

export const trialEndpoints = {
  getTrialStatus: endpoint({
    method: 'GET', path: '/api/v1/trial/status/', summary: "The signed-in customer's trial status", auth: true,
    response: TrialStatus,
  }),
};
