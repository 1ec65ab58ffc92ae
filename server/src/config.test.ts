import { describe, expect, it } from 'vitest';
import { messagingAdapters, readMessagingConfig } from './config.ts';
import { SmtpMailer } from './mail/smtp.ts';
import { HttpsSmsGateway } from './sms/https-gateway.ts';

describe('readMessagingConfig', () => {
  it('defaults to the sandbox for both, which buildApp supplies itself', () => {
    const config = readMessagingConfig({});
    expect(config).toEqual({ mail: { transport: 'sandbox' }, sms: { transport: 'sandbox' } });
    expect(messagingAdapters(config)).toEqual({});
  });

  it('builds the production adapters the variables name', () => {
    const config = readMessagingConfig({
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Customer Portal <no-reply@portal.example>',
      SMS_TRANSPORT: 'https',
      SMS_GATEWAY_URL: 'https://sms.example/v1/messages',
      SMS_GATEWAY_TOKEN: 'abc',
      SMS_SENDER: 'Portal',
    });
    expect(config.sms).toEqual({ transport: 'https', url: 'https://sms.example/v1/messages', token: 'abc', sender: 'Portal' });
    const adapters = messagingAdapters(config);
    expect(adapters.mailer).toBeInstanceOf(SmtpMailer);
    expect(adapters.sms).toBeInstanceOf(HttpsSmsGateway);
    (adapters.mailer as SmtpMailer).close();
  });

  it('stops on a missing or wrong value, naming the variable and never echoing a password', () => {
    expect(() => readMessagingConfig({ MAIL_TRANSPORT: 'carrier-pigeon' })).toThrow('MAIL_TRANSPORT must be sandbox or smtp');
    expect(() => readMessagingConfig({ MAIL_TRANSPORT: 'smtp', MAIL_FROM: 'a@b.example' })).toThrow('SMTP_URL must be set when MAIL_TRANSPORT=smtp');
    expect(() => readMessagingConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://h:25' })).toThrow('MAIL_FROM must be set');
    expect(() => readMessagingConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'http://h', MAIL_FROM: 'a@b.example' })).toThrow('SMTP_URL must start with smtp: or smtps:');
    const garbled = () => readMessagingConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp//user:hunter2@mail', MAIL_FROM: 'a' });
    expect(garbled).toThrow('SMTP_URL must be a URL starting with smtp: or smtps:');
    expect(garbled).not.toThrow(/hunter2/);
    expect(() => readMessagingConfig({ SMS_TRANSPORT: 'https', SMS_GATEWAY_URL: 'https://sms.example' })).toThrow('SMS_GATEWAY_TOKEN must be set');
    expect(() => readMessagingConfig({ SMS_TRANSPORT: 'https', SMS_GATEWAY_URL: 'http://sms.example', SMS_GATEWAY_TOKEN: 't' })).toThrow('SMS_GATEWAY_URL must start with https:');
    expect(() => readMessagingConfig({ SMS_TRANSPORT: 'carrier-pigeon' })).toThrow('SMS_TRANSPORT must be sandbox or https');
    // Plain HTTP only to this machine (a local gateway stub).
    expect(readMessagingConfig({ SMS_TRANSPORT: 'https', SMS_GATEWAY_URL: 'http://127.0.0.1:9000/sms', SMS_GATEWAY_TOKEN: 't' }).sms.transport).toBe('https');
  });
});
