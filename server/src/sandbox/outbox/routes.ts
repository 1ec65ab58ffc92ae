import type { FastifyInstance } from 'fastify';
import * as z from 'zod';

import { nationalUkMobile } from '@portal/contract';

import { hashKey, publicUrl } from '../../modules/identity/index.ts';
import { e164Mobile } from '../../sms/sms.ts';
import {
  expireKeysOfHashes,
  expireSmsCodesTo,
  listOutbox,
  outboxAttachment,
  outboxAttachmentsOf,
  outboxMessage,
} from './outbox-repository.ts';

/**
 * The sandbox outbox: while e-mail and SMS both go to the sandbox adapters, every
 * message the portal "sent" is shown at /sandbox/outbox (for a person: click a magic link,
 * read a code) and /sandbox/outbox.json (for tests). Registered only then (app.ts), never
 * with a production transport; not part of the contract, and hidden from the OpenAPI document.
 */

/** Messages shown at most, newest first. */
export const OUTBOX_PAGE_SIZE = 200;

const OutboxQuery = z.object({
  to: z
    .string()
    .trim()
    .max(254, 'to must be 254 characters or fewer')
    .refine((value) => !value.includes('\u0000'), 'to must not contain NUL characters')
    .optional(),
  channel: z.enum(['email', 'sms'], { error: 'channel must be email or sms' }).optional(),
});
type OutboxQuery = z.infer<typeof OutboxQuery>;

export const OutboxMessage = z.object({
  id: z.int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
  /** Files attached to an e-mail; each downloads from its `url`. */
  attachments: z.array(
    z.object({ filename: z.string(), content_type: z.string(), size_bytes: z.int(), url: z.string() }),
  ),
});
export const OutboxList = z.object({ results: z.array(OutboxMessage) });

/** A text message's `to` is stored in E.164; a test may name the number as typed (07700 900982). */
function recipientsOf(to: string): string[] {
  const mobile = nationalUkMobile(to);
  return mobile ? [to.toLowerCase(), e164Mobile(mobile)] : [to.toLowerCase()];
}

async function listMessages(app: FastifyInstance, query: OutboxQuery) {
  const rows = await listOutbox(
    app.db,
    { ...(query.channel && { channel: query.channel }), ...(query.to && { recipients: recipientsOf(query.to) }) },
    OUTBOX_PAGE_SIZE,
  );
  const attachments = await outboxAttachmentsOf(
    app.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    attachments: attachments
      .filter((file) => file.outboxId === row.id)
      .map((file) => ({
        filename: file.filename,
        content_type: file.contentType,
        size_bytes: file.sizeBytes,
        url: `/sandbox/outbox/${row.id}/attachments/${file.number}`,
      })),
  }));
}

const kib = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text safe inside HTML content and double- or single-quoted attributes. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!);

/**
 * A message body as HTML: all text escaped, and links made clickable only when they point at
 * this portal (PORTAL_PUBLIC_URL), so a message cannot turn the page into a link elsewhere.
 */
export function bodyHtml(body: string, portalUrl = publicUrl()): string {
  const pieces: string[] = [];
  let last = 0;
  for (const match of body.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = match[0];
    const ours =
      url === portalUrl ||
      url.startsWith(`${portalUrl}/`) ||
      url.startsWith(`${portalUrl}?`) ||
      url.startsWith(`${portalUrl}#`);
    if (!ours) continue;
    pieces.push(escapeHtml(body.slice(last, match.index)), `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
    last = match.index + url.length;
  }
  pieces.push(escapeHtml(body.slice(last)));
  return pieces.join('');
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

function outboxPage(messages: Awaited<ReturnType<typeof listMessages>>, query: OutboxQuery): string {
  const to = query.to ?? '';
  const rows = messages.map(
    (message) => `<tr>
        <td><time datetime="${message.created_at}">${escapeHtml(dateFormat.format(new Date(message.created_at)))} UTC</time></td>
        <td>${message.channel === 'sms' ? 'Text message' : 'Email'}</td>
        <td>${escapeHtml(message.to)}</td>
        <td>${message.subject ? escapeHtml(message.subject) : '<span class="muted">(none)</span>'}</td>
        <td><div class="body">${bodyHtml(message.body)}</div>${
          message.attachments.length === 0
            ? ''
            : `<ul class="files" aria-label="Attached files">${message.attachments
                .map(
                  (file) =>
                    `<li><a href="${escapeHtml(file.url)}" download>${escapeHtml(file.filename)}</a> (${kib(file.size_bytes)})</li>`,
                )
                .join('')}</ul>`
        }</td>
      </tr>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sandbox outbox - Customer Portal</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; line-height: 1.4; }
    table { border-collapse: collapse; width: 100%; }
    caption { text-align: left; font-weight: 600; margin-bottom: 0.5rem; }
    th, td { border: 1px solid #b1b4b6; padding: 0.5rem; text-align: left; vertical-align: top; }
    .body { white-space: pre-wrap; overflow-wrap: anywhere; }
    .files { margin: 0.5rem 0 0; padding-left: 1.25rem; }
    .muted { color: #505a5f; }
    a { color: #1d4ed8; }
    a:focus, input:focus, button:focus { outline: 3px solid #ffdd00; outline-offset: 0; }
    form { margin: 1rem 0; display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: end; }
    label { display: block; font-weight: 600; }
    input { padding: 0.4rem; font-size: 1rem; width: min(24rem, 80vw); }
    .scroll { overflow-x: auto; }
    .scroll table { min-width: 48rem; }
    button { padding: 0.45rem 1rem; font-size: 1rem; }
  </style>
</head>
<body>
  <main>
    <h1>Sandbox outbox</h1>
    <p>Emails and text messages the portal would have sent, newest first. Nothing here left this machine.
      Only links to this portal are clickable.</p>
    <form method="get" action="/sandbox/outbox" role="search">
      <div>
        <label for="to">Recipient (email address or mobile number)</label>
        <input id="to" name="to" type="text" value="${escapeHtml(to)}" autocomplete="off">
      </div>
      <button type="submit">Show messages</button>
      ${to ? '<a href="/sandbox/outbox">Show all messages</a>' : ''}
    </form>
    <h2>${to ? `Messages to ${escapeHtml(to)}` : 'All messages'}</h2>
    ${
      messages.length === 0
        ? '<p>No messages yet.</p>'
        : `<div class="scroll" role="region" aria-label="Messages" tabindex="0">
    <table>
      <caption>${messages.length === 1 ? '1 message' : `${messages.length} messages`}${messages.length === OUTBOX_PAGE_SIZE ? ' (the newest only)' : ''}</caption>
      <thead><tr><th scope="col">Sent</th><th scope="col">Type</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Message</th></tr></thead>
      <tbody>
      ${rows.join('\n      ')}
      </tbody>
    </table>
    </div>`
    }
  </main>
</body>
</html>
`;
}

/**
 * Makes every link (or the code) in a message expire now, so a person or an end-to-end test can
 * see what an expired link does without waiting. Answers how many keys or codes it expired.
 */
async function expireLinksIn(app: FastifyInstance, id: number): Promise<number | null> {
  const message = await outboxMessage(app.db, id);
  if (!message) return null;
  const now = app.now();
  if (message.channel === 'sms') {
    const mobile = nationalUkMobile(message.to);
    if (!mobile) return 0;
    return expireSmsCodesTo(app.db, mobile, now);
  }
  const hashes = [...message.body.matchAll(/[A-Za-z0-9_-]{43}/g)].map((match) => hashKey(match[0]));
  if (hashes.length === 0) return 0;
  return expireKeysOfHashes(app.db, hashes, now);
}

const MessageParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const AttachmentParams = MessageParams.extend({ number: z.coerce.number().int().min(1).max(100) });

/**
 * Registers GET /sandbox/outbox (HTML), GET /sandbox/outbox.json?to=&channel=, an e-mail's attached files at
 * GET /sandbox/outbox/{id}/attachments/{n} and POST /sandbox/outbox/{id}/expire-links/ (CSRF-checked like every
 * unsafe call).
 */
export function registerSandboxOutbox(app: FastifyInstance) {
  app.post(
    '/sandbox/outbox/:id/expire-links/',
    { schema: { hide: true, params: MessageParams } },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof MessageParams>;
      const expired = await expireLinksIn(app, id);
      if (expired === null) return reply.code(404).send({ detail: 'No message has that id.' });
      return { expired };
    },
  );
  app.get(
    '/sandbox/outbox.json',
    { schema: { hide: true, querystring: OutboxQuery, response: { 200: OutboxList } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { results: await listMessages(app, request.query as OutboxQuery) };
    },
  );
  app.get(
    '/sandbox/outbox/:id/attachments/:number',
    { schema: { hide: true, params: AttachmentParams } },
    async (request, reply) => {
      const { id, number } = request.params as z.infer<typeof AttachmentParams>;
      const file = await outboxAttachment(app.db, id, number);
      if (!file) return reply.code(404).send({ detail: 'No attached file has that number.' });
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
        .type(file.contentType)
        .send(file.bytes);
    },
  );
  app.get('/sandbox/outbox', { schema: { hide: true, querystring: OutboxQuery } }, async (request, reply) => {
    const query = request.query as OutboxQuery;
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      )
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(outboxPage(await listMessages(app, query), query));
  });
}
