import type { Database } from '../db/connect.ts';
import type { SmsMessage, SmsSender } from '../sms/sms.ts';
import { addToOutbox } from './outbox/outbox-repository.ts';

/**
 * The sandbox sender (the default): nothing leaves the machine; each message is written to
 * the `outbox` table with channel 'sms', shown at /sandbox/outbox.
 */
export class SandboxSms implements SmsSender {
  constructor(
    private readonly db: Pick<Database, 'transaction'>,
    private readonly now: () => Date,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await addToOutbox(this.db, {
      channel: 'sms',
      to: message.to,
      subject: '',
      body: message.text,
      createdAt: this.now(),
    });
  }
}
