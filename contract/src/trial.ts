import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';
import { idText } from './ids.ts';

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
  /**
   * Whether the trial's upgrade prompt has been shown (spec 000 section 4: once, at least an hour after
   * status_entry); remembered by the server so it shows once per trial, on any device. Absent: not shown.
   */
  upgrade_prompt_shown: z.optional(z.boolean()),
});
export type TrialStatus = z.infer<typeof TrialStatus>;

/** The quick-start wizard's steps, in order (spec 000 section 2); buy-now products drop 'upgrade'. */
export const QUICKSTART_STEPS = [
  'watch_getting_started',
  'download_apps',
  'make_your_first_call',
  'set_up_call_flows',
  'upgrade',
  'helpful_links',
] as const;
export type QuickstartStep = (typeof QUICKSTART_STEPS)[number];

/**
 * The user feature flag (Me.feature_flags) that turns the quick-start feedback on: the
 * wizard then shows the feedback panel instead of its steps (spec 000 section 2, "shows the
 * feedback view instead when feedback is enabled"; the spec does not name the flag).
 */
export const QUICKSTART_FEEDBACK_FLAG = 'quickstart_feedback';

/** Longest quick-start feedback the server keeps, in characters. */
export const MAX_CUSTOMER_FEEDBACK_LENGTH = 2000;

/**
 * PATCH /api/v1/trial/status/ (spec 000 section 7): any of the three fields. Completed
 * steps are merged into the stored map, so a client sends only the step it completed.
 */
export const PatchTrialStatus = z.object({
  quickstart_popup_sections_completed: z.optional(z.partialRecord(z.enum(QUICKSTART_STEPS), z.boolean())),
  customer_feedback: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(
          MAX_CUSTOMER_FEEDBACK_LENGTH,
          `Feedback must be ${MAX_CUSTOMER_FEEDBACK_LENGTH} characters or fewer`,
        ),
      ),
  ),
  show_quickstart_popup: z.optional(z.boolean()),
});
export type PatchTrialStatus = z.infer<typeof PatchTrialStatus>;

const TrialProductParams = z.object({ id: idText('Unknown product') });

export const trialEndpoints = {
  getTrialStatus: endpoint({
    method: 'GET',
    path: '/api/v1/trial/status/',
    summary: "The signed-in customer's trial status",
    auth: true,
    response: TrialStatus,
  }),
  patchTrialStatus: endpoint({
    method: 'PATCH',
    path: '/api/v1/trial/status/',
    summary: "Updates the signed-in customer's quick-start progress, feedback and pop-up flag",
    auth: true,
    body: PatchTrialStatus,
    response: TrialStatus,
  }),
  upgradePromptShown: endpoint({
    method: 'POST',
    path: '/api/v1/trial/:id/upgrade-prompt-shown/',
    summary: "Remembers that the trial's upgrade prompt was shown, so it shows once",
    auth: true,
    params: TrialProductParams,
    body: z.object({}),
    response: TrialStatus,
  }),
};
