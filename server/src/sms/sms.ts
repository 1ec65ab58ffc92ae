import type { Database } from '../db/connect.ts';
import { outbox } from '../db/schema/index.ts';

/** One text message to a mobile number in E.164 form (+447700900982). */
export interface SmsMessage {
  to: string;
  text: string;
}

/**
 * How the portal sends text messages: an adapter, like the Mailer, so the gateway can change
 * without touching the routes. A message not accepted throws.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The sandbox sender (the default): nothing leaves the machine; each message is written to
 * the `outbox` table with channel 'sms', shown at /sandbox/outbox.
 */
export class SandboxSms implements SmsSender {
  constructor(
    private readonly db: Pick<Database, 'insert'>,
    private readonly now: () => Date,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db.insert(outbox).values({ channel: 'sms', to: message.to, subject: '', body: message.text, createdAt: this.now() });
  }
}

/** A national UK mobile number (07...) in E.164, +447.... */
export const e164Mobile = (national: string) => `+44${national.slice(1)}`;
