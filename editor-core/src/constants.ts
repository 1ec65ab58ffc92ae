/** Constants of the spec (001 sections 3, 5, 9; 000 sections 5, 9) and the limits editor-core chooses. */

/** Default ring pattern of a transfer (the spec's spelling). */
export const DEFAULT_RING_PATTERN = 'unisson';
/** Default ring time per member of a transfer, in milliseconds. */
export const DEFAULT_RING_TIME_PER_MEMBER_MS = 5000;
/** Default queue size of a transfer. */
export const DEFAULT_QUEUE_SIZE = 2;
/** Default queue music of a transfer. */
export const DEFAULT_QUEUE_MUSIC = 'default';
/** Default voicemail of a transfer (what an unanswered transfer falls back to). */
export const DEFAULT_TRANSFER_VOICEMAIL = 'default';
/** Default target extension of a voicemail node. */
export const DEFAULT_VOICEMAIL_EXTENSION = '300';
/** Default target extension of a transfer in the in-hours route. */
export const DEFAULT_IN_HOURS_EXTENSION = '200';
/** Default holiday calendar of a business_hours node. */
export const DEFAULT_CALENDAR = 'default';

/** Prefix of a new custom call flow's name: 'Custom call flow N'. */
export const NEW_FLOW_NAME_PREFIX = 'Custom call flow';

/** Our choice (the spec sets none): most nodes a flow may hold, enforced by commands and import. */
export const MAX_FLOW_NODES = 5000;
/** Our choice: deepest a flow may nest (root is depth 1), enforced by commands and import. */
export const MAX_FLOW_DEPTH = 200;
/** Our choice: largest JSON text importFlow accepts, in bytes (UTF-16 code units). */
export const MAX_IMPORT_CHARS = 2 * 1024 * 1024;
/** Our choice: longest node or flow name, in characters. */
export const MAX_NAME_LENGTH = 100;
/** Our choice: bounds of a transfer's ring time per member, in milliseconds. */
export const RING_TIME_PER_MEMBER_BOUNDS_MS = { min: 1000, max: 300_000 } as const;
/** Our choice: bounds of a transfer's queue size. */
export const QUEUE_SIZE_BOUNDS = { min: 1, max: 50 } as const;
/** Our choice: how many times a dial menu plays before a caller who presses no valid key is disconnected. */
export const DIAL_MENU_MAX_ATTEMPTS = 3;

/** Spec wording (000 section 5): an empty call flow name. */
export const MSG_NAME_REQUIRED = 'Please set a callflow name';
/** Spec wording (000 section 5): a call flow name used by another flow. */
export const MSG_NAME_TAKEN = 'This callflow name has already been used. Please try a different name.';
/** Spec wording (000 section 8): saving an active flow that is not valid. */
export const MSG_FLOW_NOT_VALID = 'Call flow is not valid, please complete all steps and try again';
/** Spec wording (000 section 5): the tooltip of a flow that cannot be enabled. */
export const MSG_ENABLE_TOOLTIP =
  'Any action in red must be configured and every route must end in a Transfer, Divert or Voicemail';
