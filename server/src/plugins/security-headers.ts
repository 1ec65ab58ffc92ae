import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Third-party services the portal may load (the spec's chat widget, tag manager, heatmap
 * service): their origins, listed in one place, CSP_THIRD_PARTY_HOSTS (comma- or
 * space-separated, e.g. `https://widget.chat.example,https://*.tags.example`). None by default.
 * Only https origins, optionally with a leading `*.` label; anything else stops the start.
 */
export function parseThirdPartyHosts(value: string | undefined): string[] {
  const hosts = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const host of hosts) {
    if (!/^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/i.test(host)) {
      throw new Error(
        `CSP_THIRD_PARTY_HOSTS: "${host}" is not an https origin (https://host.example or https://*.host.example, no path)`,
      );
    }
  }
  return hosts;
}

/** Features the portal may use: the microphone, for its own pages only. Everything else is off. */
export const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'camera=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'xr-spatial-tracking=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'picture-in-picture=()',
  'encrypted-media=()',
].join(', ');

/**
 * The Content-Security-Policy directives, with the configured third-party origins added where a
 * widget needs them. `styleNonce`: the page's nonce (plugins/spa.ts), the only way an inline
 * <style> is allowed; answers that are not the page allow none.
 */
export function cspDirectives(thirdParty: string[], styleNonce?: string): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    // No 'unsafe-inline', no 'unsafe-eval': only the built files (and a configured widget's host).
    scriptSrc: ["'self'", ...thirdParty],
    scriptSrcAttr: ["'none'"],
    // No 'unsafe-inline': Chakra UI's emotion and wavesurfer's shadow DOM write <style> elements
    // carrying the page's nonce (docs/operations.md, "Security headers and the Content-Security-Policy").
    styleSrc: ["'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : []), ...thirdParty],
    // React, Chakra, React Flow and wavesurfer set styles through the CSSOM (element.style), which
    // CSP does not govern; nothing writes a style="" attribute, so none is allowed.
    styleSrcAttr: ["'none'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...thirdParty],
    fontSrc: ["'self'", 'data:', ...thirdParty],
    // Recorded takes and previews play from blob: URLs, which wavesurfer also fetches.
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", 'blob:', ...thirdParty],
    // The canvas layout worker is a built file; RecordRTC's WAV encoder runs in a blob: worker.
    workerSrc: ["'self'", 'blob:'],
    frameSrc: thirdParty.length > 0 ? thirdParty : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // The editor's Save & Enable must not be clickable through someone else's frame.
    frameAncestors: ["'none'"],
    manifestSrc: ["'self'"],
  };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The Content-Security-Policy header's value for directives (helmet's format). */
export function cspHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
    .join(';');
}

/** Answers the page's policy for a nonce: the one every answer carries, plus that nonce for styles. */
export type PageCsp = (nonce: string) => string;

/** Headers of the probe's answer that are Fastify's own, not helmet's. */
const FASTIFY_OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet writes with these options, worked out once at start on a probe
 * instance. The plugin builds helmet anew on every request (parsing the CSP directives each
 * time: about 3 % of a signed-in GET's CPU under load), though nothing in them varies by request.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify();
  try {
    await probe.register(fastifyHelmet, options);
    probe.get('/', async () => '');
    const answer = await probe.inject({ method: 'GET', url: '/' });
    return Object.entries(answer.headers)
      .filter(([name]) => !FASTIFY_OWN_HEADERS.has(name))
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await probe.close();
  }
}

/**
 * Security headers on every answer (pages, assets, the API, audio downloads, errors):
 * Content-Security-Policy, X-Content-Type-Options, Referrer-Policy, Permissions-Policy,
 * X-Frame-Options, and Strict-Transport-Security only when the request came over TLS
 * (directly, or through a proxy trusted with TRUST_PROXY that says X-Forwarded-Proto: https).
 * They are helmet's (worked out once, helmetHeaders), set on the raw answer as helmet does, so a
 * route that writes its own CSP (the sandbox pages, the SPA's page with its nonce) keeps it.
 * Answers the page's policy for a nonce.
 */
export async function registerSecurityHeaders(app: FastifyInstance, thirdParty: string[]): Promise<PageCsp> {
  const headers = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(thirdParty) },
    // Sent only over TLS, below: a plain-http localhost must not be pinned to https.
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // The audio player and the SPA load nothing cross-origin that needs these isolation headers.
    crossOriginEmbedderPolicy: false,
  });
  headers.push(['permissions-policy', PERMISSIONS_POLICY]);
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  return (nonce) => cspHeader(cspDirectives(thirdParty, nonce));
}
