import { SmtpMailer } from './mail/smtp.ts';
import { HttpsSmsGateway } from './sms/https-gateway.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SmsSender } from './sms/sms.ts';

/**
 * How messages leave the portal, from the environment (the one place it is read):
 * - MAIL_TRANSPORT: `sandbox` (default: e-mails kept in the outbox table) or `smtp`, which
 *   needs SMTP_URL (smtp://user:pass@host:587 or smtps://...:465) and MAIL_FROM.
 * - SMS_TRANSPORT: `sandbox` (default: texts kept in the outbox table) or `https`, which needs
 *   SMS_GATEWAY_URL (https://...) and SMS_GATEWAY_TOKEN (a bearer token); SMS_SENDER optional.
 * The sandbox outbox pages (/sandbox/outbox) exist only while both are sandbox.
 */
export interface MessagingConfig {
  mail: { transport: 'sandbox' } | { transport: 'smtp'; url: string; from: string };
  sms: { transport: 'sandbox' } | { transport: 'https'; url: string; token: string; sender: string | undefined };
}

type Env = Record<string, string | undefined>;

function required(env: Env, name: string, because: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`${name} must be set ${because}`);
  return value;
}

function parsedUrl(name: string, value: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Not echoed: it may hold a password.
    throw new Error(`${name} must be a URL starting with ${protocols.join(' or ')}`);
  }
  if (!protocols.includes(url.protocol)) throw new Error(`${name} must start with ${protocols.join(' or ')}`);
  return url;
}

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** Reads and checks the messaging variables; throws a message naming the variable on a bad value. */
export function readMessagingConfig(env: Env = process.env): MessagingConfig {
  const mailTransport = env.MAIL_TRANSPORT?.trim() || 'sandbox';
  const smsTransport = env.SMS_TRANSPORT?.trim() || 'sandbox';

  let mail: MessagingConfig['mail'];
  if (mailTransport === 'sandbox') mail = { transport: 'sandbox' };
  else if (mailTransport === 'smtp') {
    const url = required(env, 'SMTP_URL', 'when MAIL_TRANSPORT=smtp');
    parsedUrl('SMTP_URL', url, ['smtp:', 'smtps:']);
    mail = { transport: 'smtp', url, from: required(env, 'MAIL_FROM', 'when MAIL_TRANSPORT=smtp') };
  } else throw new Error(`MAIL_TRANSPORT must be sandbox or smtp, not "${mailTransport}"`);

  let sms: MessagingConfig['sms'];
  if (smsTransport === 'sandbox') sms = { transport: 'sandbox' };
  else if (smsTransport === 'https') {
    const url = required(env, 'SMS_GATEWAY_URL', 'when SMS_TRANSPORT=https');
    const parsed = parsedUrl('SMS_GATEWAY_URL', url, ['https:', 'http:']);
    // The token and the codes travel in this request: plain HTTP only to this machine.
    if (parsed.protocol === 'http:' && !isLoopback(parsed)) throw new Error('SMS_GATEWAY_URL must start with https:');
    sms = {
      transport: 'https',
      url,
      token: required(env, 'SMS_GATEWAY_TOKEN', 'when SMS_TRANSPORT=https'),
      sender: env.SMS_SENDER?.trim() || undefined,
    };
  } else throw new Error(`SMS_TRANSPORT must be sandbox or https, not "${smsTransport}"`);

  return { mail, sms };
}

/**
 * The production adapters the configuration names, for buildApp; a sandbox transport is left
 * out, so buildApp uses its sandbox default (which needs the app's database and clock).
 */
export function messagingAdapters(config: MessagingConfig): { mailer?: Mailer; sms?: SmsSender } {
  return {
    ...(config.mail.transport === 'smtp' && { mailer: new SmtpMailer({ url: config.mail.url, from: config.mail.from }) }),
    ...(config.sms.transport === 'https' && {
      sms: new HttpsSmsGateway({ url: config.sms.url, token: config.sms.token, sender: config.sms.sender }),
    }),
  };
}
