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

/** A national UK mobile number (07...) in E.164, +447.... */
export const e164Mobile = (national: string) => `+44${national.slice(1)}`;
