import type { Database } from '../db/connect.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { addToOutbox } from './outbox/outbox-repository.ts';

/**
 * The sandbox mailer: nothing leaves the machine; each message is written to the `outbox`
 * table, where a person (psql, a future sandbox page) and the tests read it.
 */
export class SandboxMailer implements Mailer {
  constructor(
    private readonly db: Pick<Database, 'transaction'>,
    private readonly now: () => Date,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await addToOutbox(this.db, {
      channel: 'email',
      to: message.to,
      subject: message.subject,
      body: message.text,
      createdAt: this.now(),
      attachments: message.attachments ?? [],
    });
  }
}
