import * as z from 'zod/mini';

import {
  FlowNodeSchema,
  MAX_NAME_LENGTH,
  MSG_NAME_REQUIRED,
  NODE_TYPES,
  OpeningHoursSchema,
  presetHours,
} from '@portal/editor-core';

import { InstallationAddressInput } from './address.ts';
import { endpoint } from './endpoint.ts';
import { idNumber, idText } from './ids.ts';
import { pageNumber, pageSize } from './paging.ts';
import { storableName } from './text.ts';

/** Messages of the call-flow screens and API (spec 000 section 8, spec 001 sections 5 and 8). */
export const callFlowMessages = {
  invalidActiveFlow: 'Call flow is not valid, please complete all steps and try again',
  saveFailed: 'Fail to update call flow. Please try again. If the issue persists, contact customer service.',
  loadFailed: 'Unable to load call flow',
  welcomeGreetingNeedsAudio: 'Please set a welcome greeting audio before enabling your simple call flow',
  changedElsewhere:
    'This call flow was changed elsewhere since you opened it. Reload it to see the latest version; your changes are kept in this browser.',
  notUkNumber: 'Enter a UK phone number, like 01632 960123 or +44 20 7946 0000',
  versionNotFound: 'Version not found.',
} as const;

/** The flow whose enabling means the agent call flow is active (spec 001 section 3). */
export const AGENT_CALL_FLOW_NAME = 'DefaultBusinessHours_Custom';

const ProductParams = z.object({ id: idNumber('Unknown product') });
const FlowParams = z.extend(ProductParams, { flow: idText('Unknown call flow') });

// A missing name reads like an empty one (spec 000 section 5); editor-core owns the wording and the length.
const FlowName = z
  .string({ error: MSG_NAME_REQUIRED })
  .check(
    z.trim(),
    z.minLength(1, MSG_NAME_REQUIRED),
    z.maxLength(MAX_NAME_LENGTH, `Use ${MAX_NAME_LENGTH} characters or fewer`),
    storableName(),
  );

/** A stored custom call flow: the editor-core document plus its version for optimistic concurrency. */
export const StoredCallFlow = z.object({
  id: z.string(),
  name: z.string(),
  enable: z.boolean(),
  data: FlowNodeSchema,
  /** Increases on every change; a PATCH may send the version it started from. */
  version: z.int(),
  updated_at: z.string(),
});
export type StoredCallFlow = z.infer<typeof StoredCallFlow>;

/** One row of the flows list (no tree). */
export const CallFlowSummary = z.extend(z.omit(StoredCallFlow, { data: true }), {
  /** Whether the stored tree passes every editor-core rule. */
  valid: z.boolean(),
});
export type CallFlowSummary = z.infer<typeof CallFlowSummary>;

/** The note a save may carry into its version ("Added the sales key"); optional. */
export const MAX_VERSION_NOTE_LENGTH = 200;
const VersionNote = z.optional(
  z
    .string()
    .check(z.trim(), z.maxLength(MAX_VERSION_NOTE_LENGTH, `Use ${MAX_VERSION_NOTE_LENGTH} characters or fewer`)),
);

export const CreateCallFlow = z.object({
  name: FlowName,
  enable: z.boolean(),
  data: FlowNodeSchema,
  note: VersionNote,
});
export type CreateCallFlow = z.infer<typeof CreateCallFlow>;

/** PATCH: the whole flow, or any of data, name, enable; a stale `version` (or If-Match) answers 412. */
export const PatchCallFlow = z.object({
  name: z.optional(FlowName),
  enable: z.optional(z.boolean()),
  data: z.optional(FlowNodeSchema),
  version: z.optional(z.int()),
  note: VersionNote,
});
export type PatchCallFlow = z.infer<typeof PatchCallFlow>;

/** Versions per page of a flow's versions list (default and most). */
export const CALL_FLOW_VERSIONS_PAGE_SIZE = 50;

/**
 * One saved version of a custom flow (our design, the spec shows none). Every save of a flow whose
 * tree or name changed keeps one; a restore is a new version naming the one it restored.
 */
export const CallFlowVersion = z.object({
  /** 1, 2, 3... per flow. */
  number: z.int(),
  name: z.string(),
  note: z.nullable(z.string()),
  saved_at: z.string(),
  /** Whose session saved it; null for the flow as it was before versions were kept. */
  saved_by: z.nullable(z.string()),
  /** Saved by staff while viewing the customer's account. */
  by_staff: z.boolean(),
  restored_from: z.nullable(z.int()),
});
export type CallFlowVersion = z.infer<typeof CallFlowVersion>;

export const CallFlowVersionsPage = z.object({
  count: z.int(),
  page: z.int(),
  page_size: z.int(),
  results: z.array(CallFlowVersion),
});
export type CallFlowVersionsPage = z.infer<typeof CallFlowVersionsPage>;

/** One version with its tree, opened read-only. */
export const CallFlowVersionDocument = z.extend(CallFlowVersion, { data: FlowNodeSchema });
export type CallFlowVersionDocument = z.infer<typeof CallFlowVersionDocument>;

const VersionParams = z.extend(FlowParams, { number: idNumber('Unknown version', callFlowMessages.versionNotFound) });
const VersionsQuery = z.object({ page: pageNumber(), page_size: pageSize(CALL_FLOW_VERSIONS_PAGE_SIZE) });

/** Restore: the version's tree becomes the flow's (a new version); `version` (or If-Match) as for PATCH. */
export const RestoreCallFlowVersion = z.object({ version: z.optional(z.int()), note: VersionNote });
export type RestoreCallFlowVersion = z.infer<typeof RestoreCallFlowVersion>;

/** The simple call flow (spec 001 section 3). */
export const SimpleCallFlowData = z.object({
  out_of_hours: z.object({
    enabled: z.boolean(),
    business_hours: OpeningHoursSchema,
    calendar: z._default(z.string().check(z.maxLength(100)), 'default'),
  }),
  welcome_greeting: z.object({ enabled: z.boolean(), audio_file: z.nullable(z.string().check(z.maxLength(200))) }),
  closed_greeting: z.object({
    enabled: z.boolean(),
    audio_file: z._default(z.nullable(z.string().check(z.maxLength(200))), 'default'),
  }),
});
export type SimpleCallFlowData = z.infer<typeof SimpleCallFlowData>;

/** The name the simple call flow goes by. */
export const SIMPLE_CALL_FLOW_NAME = 'Simple call flow';

/** The closed greeting's built-in audio (spec 001 section 3: audio_file defaults to 'default'). */
export const DEFAULT_CLOSED_GREETING = 'default';

/** A product's simple call flow before anyone changed it: closed out of hours (Mon-Fri 09:00-17:00), no welcome greeting. */
export function defaultSimpleCallFlowData(): SimpleCallFlowData {
  return {
    out_of_hours: { enabled: true, business_hours: presetHours('nine_to_five'), calendar: 'default' },
    welcome_greeting: { enabled: false, audio_file: null },
    closed_greeting: { enabled: true, audio_file: DEFAULT_CLOSED_GREETING },
  };
}

export const SimpleCallFlow = z.object({
  enable: z.boolean(),
  name: z.string(),
  data: SimpleCallFlowData,
  version: z.int(),
});
export type SimpleCallFlow = z.infer<typeof SimpleCallFlow>;

export const PatchSimpleCallFlow = z.object({
  enable: z.optional(z.boolean()),
  data: z.optional(SimpleCallFlowData),
  version: z.optional(z.int()),
});

/** A site user (seat holder) a transfer can ring. */
export const SiteUser = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** 'Not Assigned' when no number is assigned (spec 001 section 3). */
  extension: z.string(),
  /**
   * Our addition: whether a call can ring them (a desk phone port is theirs, or a PIN signs them in to the
   * apps), for the editor's coverage checks. Optional: without it a user counts as reachable.
   */
  has_phone_or_app: z.optional(z.boolean()),
});
export type SiteUser = z.infer<typeof SiteUser>;

/** A seat as the site answers it (spec 001 section 3 "Seat/user"; the users pages' Seat has more). */
export const SiteSeat = z.object({
  id: z.int(),
  platform_id: z.string(),
  product_id: z.int(),
  service_plan: z.string(),
  add_ons: z.array(z.string()),
  extension: z.string(),
  name: z.string(),
});
export type SiteSeat = z.infer<typeof SiteSeat>;

/** Site data (spec 001 section 3 "Site"); users keyed by id, the first the main user. */
export const Site = z.object({
  product_id: z.int(),
  pilot_number: z.nullable(z.object({ number: z.string() })),
  supplier: z.int(),
  installation_address: z.nullable(
    z.object({
      summary_line: z.string(),
      line_one: z.string(),
      line_two: z.string(),
      city: z.string(),
      county: z.string(),
      post_code: z.string(),
    }),
  ),
  addons: z.array(z.object({ addon_id: z.int(), quantity: z.int() })),
  users: z.record(z.string(), SiteUser),
  /** The seats (spec 001 section 3 "Seat/user"), in the users' order; the PIN is never answered. */
  seats: z.array(SiteSeat),
});
export type Site = z.infer<typeof Site>;

/**
 * PATCH /api/v1/voip/{id}/ (spec 001 section 7 "Upgrade/migration"): what of the site answer a customer may change.
 * The pilot number, supplier, users and add-ons have calls of their own (numbers, upgrade, users, add-ons); what is
 * left is the installation address, the same rule as the emergency-contact-details call.
 */
export const PatchSiteRequest = z.object({ installation_address: z.optional(InstallationAddressInput) }).check(
  z.refine((body) => body.installation_address !== undefined, {
    message: 'Send installation_address: the site field that may be changed here',
  }),
);
export type PatchSiteRequest = z.input<typeof PatchSiteRequest>;

/**
 * The site's numbers, the pilot number first: its extension is the public number itself; a
 * number ringing one user has that user's extension, else 'Not Assigned'. `id`, `label` and
 * `user` serve the phone numbers page (contract/src/numbers.ts).
 */
export const SiteNumbers = z.object({
  results: z.array(
    z.object({
      id: z.int(),
      number: z.string(),
      extension: z.string(),
      label: z.nullable(z.string()),
      user: z.nullable(z.object({ id: z.int(), name: z.string() })),
    }),
  ),
});
export type SiteNumbers = z.infer<typeof SiteNumbers>;

/** An audio file of the site (spec 001 section 3 "Audio file"). */
export const AudioFile = z.object({
  stored_filename: z.string(),
  kind: z.string(),
  sub_kind: z.nullable(z.string()),
  call_flow_filename: z.nullable(z.string()),
  name: z.string(),
  text: z.nullable(z.string()),
  tts_voice: z.nullable(z.enum(['female', 'male'])),
  duration_ms: z.nullable(z.int()),
});
export type AudioFile = z.infer<typeof AudioFile>;

/** The advanced call flows add-on and the node limits that follow from the account's add-ons. */
export const AdvancedCallFlowAddOn = z.object({
  enabled: z.boolean(),
  display_name: z.string(),
  /** Monthly price before VAT, a string number like "5.00" (spec 001 section 3). */
  standard_price: z.string(),
  node_limits: z.partialRecord(z.enum(NODE_TYPES), z.int().check(z.nonnegative())),
});
export type AdvancedCallFlowAddOn = z.infer<typeof AdvancedCallFlowAddOn>;

/** Binary answers (audio) are declared with this; the client reads them as a Blob. */
export const Binary = z.any().check(z.describe('binary'));

export const callFlowEndpoints = {
  listCallFlows: endpoint({
    method: 'GET',
    path: '/api/v2/voip/:id/call-flows/',
    summary: "The product's custom call flows",
    auth: true,
    params: ProductParams,
    response: z.object({ results: z.array(CallFlowSummary) }),
  }),
  getCallFlow: endpoint({
    method: 'GET',
    path: '/api/v2/voip/:id/call-flows/:flow/',
    summary: 'One custom call flow with its tree',
    auth: true,
    params: FlowParams,
    response: StoredCallFlow,
  }),
  createCallFlow: endpoint({
    method: 'POST',
    path: '/api/v2/voip/:id/call-flows/',
    summary: 'Creates a custom call flow (the whole flow)',
    auth: true,
    params: ProductParams,
    body: CreateCallFlow,
    response: StoredCallFlow,
    status: 201,
  }),
  patchCallFlow: endpoint({
    answers: ['versioned'],
    method: 'PATCH',
    path: '/api/v2/voip/:id/call-flows/:flow/',
    summary: 'Changes a custom call flow: the flow, or data, name, enable',
    auth: true,
    params: FlowParams,
    body: PatchCallFlow,
    response: StoredCallFlow,
  }),
  deleteCallFlow: endpoint({
    answers: ['versioned'],
    method: 'DELETE',
    path: '/api/v2/voip/:id/call-flows/:flow/',
    summary: 'Deletes a custom call flow',
    auth: true,
    params: FlowParams,
    response: z.object({ detail: z.string() }),
  }),
  listCallFlowVersions: endpoint({
    method: 'GET',
    path: '/api/v2/voip/:id/call-flows/:flow/versions/',
    summary: "A custom call flow's versions, newest first, paged",
    auth: true,
    params: FlowParams,
    query: VersionsQuery,
    response: CallFlowVersionsPage,
  }),
  getCallFlowVersion: endpoint({
    method: 'GET',
    path: '/api/v2/voip/:id/call-flows/:flow/versions/:number/',
    summary: 'One version of a custom call flow with its tree',
    auth: true,
    params: VersionParams,
    response: CallFlowVersionDocument,
  }),
  restoreCallFlowVersion: endpoint({
    answers: ['versioned'],
    method: 'POST',
    path: '/api/v2/voip/:id/call-flows/:flow/versions/:number/restore/',
    summary: "Makes a version's tree the flow's again (a new version; nothing is overwritten)",
    auth: true,
    params: VersionParams,
    body: RestoreCallFlowVersion,
    response: StoredCallFlow,
  }),
  getSimpleCallFlow: endpoint({
    method: 'GET',
    path: '/api/v3/voip/:id/simple-call-flow/',
    summary: 'The simple call flow',
    auth: true,
    params: ProductParams,
    response: SimpleCallFlow,
  }),
  patchSimpleCallFlow: endpoint({
    answers: ['versioned'],
    method: 'PATCH',
    path: '/api/v3/voip/:id/simple-call-flow/',
    summary: 'Changes the simple call flow (data and enable)',
    auth: true,
    params: ProductParams,
    body: PatchSimpleCallFlow,
    response: SimpleCallFlow,
  }),
  getSite: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/',
    summary: 'Site data: pilot number, supplier, address, add-ons, users',
    auth: true,
    params: ProductParams,
    response: Site,
  }),
  getSiteById: endpoint({
    method: 'GET',
    path: '/api/v1/voip/sites/:id/',
    summary: 'Address and site: the same site data as /api/v1/voip/{id}/',
    auth: true,
    params: ProductParams,
    response: Site,
  }),
  patchSite: endpoint({
    method: 'PATCH',
    path: '/api/v1/voip/:id/',
    summary: 'Changes what of the site a customer may: the installation address; answers the site',
    auth: true,
    params: ProductParams,
    body: PatchSiteRequest,
    response: Site,
  }),
  getSiteNumbers: endpoint({
    method: 'GET',
    path: '/api/v1/voip/sites/:id/numbers/',
    summary: 'Numbers of the site and their extensions',
    auth: true,
    params: ProductParams,
    response: SiteNumbers,
  }),
  isUkPhoneNumber: endpoint({
    method: 'GET',
    path: '/api/v1/tools/is-uk-phone-number/',
    summary: 'Whether a number is a UK phone number',
    auth: true,
    query: z.object({ number: z.string().check(z.maxLength(40)) }),
    response: z.object({ valid: z.boolean() }),
  }),
  listCallFlowAudioFiles: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/call-flows/current/audio-files/',
    summary: 'Audio files the call flows can play',
    auth: true,
    params: ProductParams,
    response: z.object({ results: z.array(AudioFile) }),
  }),
  downloadCallFlowAudioFile: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/call-flows/current/audio-files/download/:name/',
    summary: 'An audio file (audio/wav; supports Range)',
    auth: true,
    params: z.extend(ProductParams, { name: z.string().check(z.maxLength(200)) }),
    response: Binary,
  }),
  getAdvancedCallFlowAddOn: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/add-ons/advanced-call-flow/',
    summary: 'Whether the advanced call flows add-on is on, and node limits',
    auth: true,
    params: ProductParams,
    response: AdvancedCallFlowAddOn,
  }),
  patchAdvancedCallFlowAddOn: endpoint({
    method: 'PATCH',
    path: '/api/v1/voip/:id/add-ons/advanced-call-flow/',
    summary: 'Turns the advanced call flows add-on on',
    auth: true,
    params: ProductParams,
    body: z.object({ enabled: z.literal(true) }),
    response: AdvancedCallFlowAddOn,
  }),
};
