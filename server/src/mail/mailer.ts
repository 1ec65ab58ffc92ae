import type { Database } from '../db/connect.ts';
import { outbox } from '../db/schema/index.ts';

/** One plain-text e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The opening line of every e-mail: "Hello Sam," or, without a first name, "Hello,". */
export const greeting = (firstName: string): string => (firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,');

/** A plain-text e-mail from its lines. */
export const plainMail = (to: string, subject: string, lines: string[]): MailMessage => ({ to, subject, text: lines.join('\n') });

/**
 * How the portal sends e-mail: an adapter, so a production transport (SMTP, a mail API)
 * plugs in here without touching the routes.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The sandbox mailer: nothing leaves the machine; each message is written to the `outbox`
 * table, where a person (psql, a future sandbox page) and the tests read it.
 */
export class SandboxMailer implements Mailer {
  constructor(
    private readonly db: Pick<Database, 'insert'>,
    private readonly now: () => Date,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(outbox).values({ to: message.to, subject: message.subject, body: message.text, createdAt: this.now() });
  }
}
