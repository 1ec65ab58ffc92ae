import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SmtpMailer } from './smtp.ts';

/**
 * A minimal SMTP server (RFC 5321's happy path, no TLS, AUTH PLAIN accepted): enough to see
 * what the mailer really puts on the wire. `reject` makes it refuse the recipient.
 */
class FakeSmtpServer {
  readonly messages: Array<{ from: string; to: string[]; data: string; auth: string | null }> = [];
  reject = false;
  private server: Server | undefined;

  async start(): Promise<number> {
    this.server = createServer((socket) => this.session(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private session(socket: Socket) {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '', auth: null as string | null };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 fake.smtp ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            this.messages.push(current);
            current = { from: '', to: [], data: '', auth: current.auth };
            say('250 2.0.0 queued');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') say('250-fake.smtp\r\n250-AUTH PLAIN\r\n250 8BITMIME');
        else if (verb === 'HELO') say('250 fake.smtp');
        else if (verb === 'AUTH') {
          current.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8');
          say('235 2.7.0 accepted');
        } else if (verb === 'MAIL') {
          current.from = /<(.*)>/.exec(line)?.[1] ?? '';
          say('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (this.reject) say('550 5.1.1 no such user');
          else {
            current.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
            say('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          say('354 go ahead');
        } else if (verb === 'RSET') say('250 ok');
        else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
        } else say('502 not implemented');
      }
    });
  }
}

describe('SmtpMailer', () => {
  const server = new FakeSmtpServer();
  let port = 0;
  beforeAll(async () => {
    port = await server.start();
  });
  afterAll(() => server.stop());

  it('hands a plain-text message to the relay, from MAIL_FROM, with the credentials of the URL', async () => {
    const mailer = new SmtpMailer({
      url: `smtp://portal:s3cret@127.0.0.1:${port}`,
      from: 'Customer Portal <no-reply@portal.example>',
    });
    try {
      await mailer.send({
        to: 'alex@acme-plumbing.example',
        subject: 'Your sign-in link',
        text: 'Open this link:\nhttps://portal.example/auth/login/signin#key=abc',
      });
    } finally {
      mailer.close();
    }
    const [message] = server.messages;
    expect(message).toMatchObject({
      from: 'no-reply@portal.example',
      to: ['alex@acme-plumbing.example'],
      auth: '\u0000portal\u0000s3cret',
    });
    expect(message!.data).toMatch(/^Subject: Your sign-in link$/m);
    expect(message!.data).toMatch(/^From: Customer Portal <no-reply@portal\.example>$/m);
    expect(message!.data).toMatch(/^Content-Type: text\/plain/m);
    expect(message!.data).toContain('https://portal.example/auth/login/signin#key=abc');
  });

  it('throws when the relay refuses the message', async () => {
    server.reject = true;
    const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@portal.example' });
    try {
      await expect(mailer.send({ to: 'nobody@example.com', subject: 'x', text: 'y' })).rejects.toThrow(
        /550|no such user|rejected/i,
      );
    } finally {
      mailer.close();
      server.reject = false;
    }
  });
});
