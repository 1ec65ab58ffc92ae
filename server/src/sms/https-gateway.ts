import type { SmsMessage, SmsSender } from './sms.ts';

export interface HttpsSmsGatewaySettings {
  /** Where messages are POSTed, e.g. https://sms.example/v1/messages. */
  url: string;
  /** Sent as "Authorization: Bearer {token}". */
  token: string;
  /** The sender name or number, when the gateway wants one. */
  sender?: string | undefined;
  /** Give up on a gateway that has not answered in this long. */
  timeoutMs?: number;
}

/**
 * The production SMS sender: POSTs JSON `{to, text, from?}` to an HTTPS gateway with a bearer
 * token. Any answer but 2xx throws with its status (never the message, which holds a code).
 */
export class HttpsSmsGateway implements SmsSender {
  constructor(private readonly settings: HttpsSmsGatewaySettings) {}

  async send(message: SmsMessage): Promise<void> {
    const { url, token, sender, timeoutMs = 10_000 } = this.settings;
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ to: message.to, text: message.text, ...(sender && { from: sender }) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Read the body either way, so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}
