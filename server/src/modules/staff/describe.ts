/**
 * The staff audit log's entries in words: what was done to what ("created call flow 'Menu'"), from the
 * request's method and path, and the name the request or its answer gives the thing. The raw call stays
 * beside it as the detail.
 */

const VERSION = /^v\d+$/;
/** A segment that names one thing rather than a kind of thing: a number or a UUID. */
const ID = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const VERBS: Record<string, string> = {
  GET: 'viewed',
  POST: 'created',
  PUT: 'changed',
  PATCH: 'changed',
  DELETE: 'deleted',
};
/** Words a path spells in capitals, or otherwise than its letters. */
const WORDS: Record<string, string> = {
  me: 'profile',
  pin: 'PIN',
  tts: 'TTS',
  voip: 'cloud phone',
  uk: 'UK',
  crm: 'CRM',
  intl: 'international',
  dd: 'direct debit',
};
/** Kinds whose singular is not the plural without its s. */
const SINGULAR: Record<string, string> = {
  addresses: 'address',
  hardwares: 'hardware',
  'call-recordings': 'call recording',
  call_recordings: 'call recording',
  statuses: 'status',
};

/** Paths that name what a POST does rather than a kind of thing it adds. */
const DONE: Record<string, string> = {
  'import-contacts': 'imported contacts',
  'mark-as-read': 'marked as read',
  reserve: 'reserved a number',
  transfer: 'requested a number transfer',
  restore: 'restored',
  upgrade: 'started an upgrade',
};

const words = (segment: string) =>
  segment
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase())
    .join(' ');
const singular = (segment: string) =>
  SINGULAR[segment] ?? words(segment.endsWith('ss') ? segment : segment.replace(/s$/, ''));

/** The name a request gives the thing, or its answer does: a short name only. */
function nameOf(...sources: unknown[]): string | null {
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    const name = (source as Record<string, unknown>).name;
    if (typeof name === 'string' && name.trim() !== '' && name.length <= 80) return name.trim();
  }
  return null;
}

/** What a change to an enable flag alone did: enabled or disabled, or null for any other change. */
function enabling(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const keys = Object.keys(body);
  const enable = (body as Record<string, unknown>).enable;
  return keys.length === 1 && typeof enable === 'boolean' ? (enable ? 'enabled' : 'disabled') : null;
}

/**
 * An audit entry's action in words.
 * @example describeCall({ method: 'POST', path: '/api/v2/voip/21/call-flows/', body: { name: 'Menu' } }) // "created call flow 'Menu'"
 * @example describeCall({ method: 'POST', path: '/api/v1/voip/21/users/7/actions/reset-pin/' }) // 'reset PIN of user 7'
 */
export function describeCall(call: { method: string; path: string; body?: unknown; answer?: unknown }): string {
  const segments = call.path
    .split('?')[0]!
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api' && !VERSION.test(segment));
  const verb = VERBS[call.method.toUpperCase()] ?? call.method.toLowerCase();
  const name = nameOf(call.body, call.answer);
  const actions = segments.indexOf('actions');
  if (actions > 0 && segments[actions + 1]) {
    // .../users/7/actions/reset-pin/: the action, then what it was done to.
    const id = ID.test(segments[actions - 1]!) ? segments[actions - 1]! : null;
    const kind = id ? segments[actions - 2] : segments[actions - 1];
    const what = `${kind ? singular(kind) : 'item'}${name ? ` '${name}'` : id ? ` ${id}` : ''}`;
    return `${words(segments[actions + 1]!)}${kind || id ? ` of ${what}` : ''}`;
  }
  const last = segments.at(-1) ?? '';
  if (ID.test(last) && segments.length > 1) {
    const kind = singular(segments.at(-2)!);
    return `${enabling(call.body) ?? verb} ${kind} ${name ? `'${name}'` : last}`;
  }
  if (call.method.toUpperCase() === 'POST' && DONE[last]) return DONE[last]!;
  // A kind of thing: a POST adds one to it; anything else changes the setting it names.
  const kind = call.method.toUpperCase() === 'POST' ? singular(last) : words(last);
  return `${verb} ${kind}${name ? ` '${name}'` : ''}`.trim();
}
