import nodemailer, { type Transporter } from 'nodemailer';

import type { Mailer, MailMessage } from './mailer.ts';

export interface SmtpSettings {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://...:465 (TLS from the start). */
  url: string;
  /** The From address, e.g. "Customer Portal <no-reply@portal.example>". */
  from: string;
}

/**
 * The production mailer: hands each message to an SMTP relay through nodemailer. Plain text only, like every message
 * the portal sends, with its attachments (a voicemail's recording). A refused message throws, so callers decide
 * whether the person hears about it (the enumeration-safe endpoints log it and answer alike).
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    // Connects on the first send, not here, so a server starts while the relay is down.
    this.transport = nodemailer.createTransport(settings.url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.attachments?.length && {
        attachments: message.attachments.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content,
        })),
      }),
    });
  }

  /** Closes pooled connections (with the app). */
  close(): void {
    this.transport.close();
  }
}
