/** A file sent with an e-mail (a voicemail's recording). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One plain-text e-mail, with files attached when it carries any. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** The opening line of every e-mail: "Hello Sam," or, without a first name, "Hello,". */
export const greeting = (firstName: string): string => (firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,');

/** A plain-text e-mail from its lines. */
export const plainMail = (to: string, subject: string, lines: string[]): MailMessage => ({
  to,
  subject,
  text: lines.join('\n'),
});

/**
 * How the portal sends e-mail: an adapter, so a production transport (SMTP, a mail API)
 * plugs in here without touching the routes.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
