import { describe, expect, it } from 'vitest';

import { ConfigError, environmentSchema, messagingAdapters, readConfig, VARIABLES } from './config.ts';
import { SmtpMailer } from './mail/smtp.ts';
import { HttpsSmsGateway } from './sms/https-gateway.ts';

const readMessagingConfig = (env: Record<string, string>) => readConfig(env).messaging;

describe('the messaging settings', () => {
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
    expect(config.sms).toEqual({
      transport: 'https',
      url: 'https://sms.example/v1/messages',
      token: 'abc',
      sender: 'Portal',
    });
    const adapters = messagingAdapters(config);
    expect(adapters.mailer).toBeInstanceOf(SmtpMailer);
    expect(adapters.sms).toBeInstanceOf(HttpsSmsGateway);
    (adapters.mailer as SmtpMailer).close();
  });

  it('stops on a missing or wrong value, naming the variable and never echoing a password', () => {
    expect(() => readMessagingConfig({ MAIL_TRANSPORT: 'carrier-pigeon' })).toThrow(
      'MAIL_TRANSPORT must be sandbox or smtp',
    );
    expect(() => readMessagingConfig({ MAIL_TRANSPORT: 'smtp', MAIL_FROM: 'a@b.example' })).toThrow(
      'SMTP_URL must be set when MAIL_TRANSPORT=smtp',
    );
    expect(() => readMessagingConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://h:25' })).toThrow(
      'MAIL_FROM must be set',
    );
    expect(() =>
      readMessagingConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'http://h', MAIL_FROM: 'a@b.example' }),
    ).toThrow('SMTP_URL must start with smtp: or smtps:');
    const garbled = () =>
      readMessagingConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp//user:hunter2@mail', MAIL_FROM: 'a' });
    expect(garbled).toThrow('SMTP_URL must be a URL starting with smtp: or smtps:');
    expect(garbled).not.toThrow(/hunter2/);
    expect(() => readMessagingConfig({ SMS_TRANSPORT: 'https', SMS_GATEWAY_URL: 'https://sms.example' })).toThrow(
      'SMS_GATEWAY_TOKEN must be set',
    );
    expect(() =>
      readMessagingConfig({ SMS_TRANSPORT: 'https', SMS_GATEWAY_URL: 'http://sms.example', SMS_GATEWAY_TOKEN: 't' }),
    ).toThrow('SMS_GATEWAY_URL must start with https:');
    expect(() => readMessagingConfig({ SMS_TRANSPORT: 'carrier-pigeon' })).toThrow(
      'SMS_TRANSPORT must be sandbox or https',
    );
    // Plain HTTP only to this machine (a local gateway stub).
    expect(
      readMessagingConfig({
        SMS_TRANSPORT: 'https',
        SMS_GATEWAY_URL: 'http://127.0.0.1:9000/sms',
        SMS_GATEWAY_TOKEN: 't',
      }).sms.transport,
    ).toBe('https');
  });
});

describe('the environment schema', () => {
  it('gives every setting its default on an empty environment', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      trustProxy: false,
      logLevel: 'info',
      shutdownTimeoutMs: 20_000,
      staticDir: undefined,
      databaseUrl: undefined,
      dataDir: 'data',
      audioStorage: 'filesystem',
      speechCacheBytes: 100 * 1024 * 1024,
      payments: { provider: 'sandbox' },
      social: { clients: { google: null, facebook: null, linkedin: null }, sandbox: true },
      cspThirdPartyHosts: [],
      analytics: { services: [] },
      speechEngine: 'espeak',
      addressLookup: 'sandbox',
      chatService: 'sandbox',
      broadband: { source: 'sandbox' },
      provisioningUrl: 'https://provisioning.cloudphone.example',
      provisioningDelayMs: 15_000,
      advancedCallForward: false,
      callRecordingsHidden: false,
      signup: { maintenanceMode: false, signupRedirectToTrial: false, voip3Signup: true, smsHourlyLimit: 200 },
    });
  });

  it('reads what is set, treating an empty value as unset', () => {
    const config = readConfig({
      PORT: '9090',
      PORTAL_PUBLIC_URL: 'https://portal.example//',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://portal:secret@db/portal',
      AUDIO_STORAGE: '',
      LOG_LEVEL: 'debug',
      PORTAL_PAYMENTS_PROVIDER: 'hosted',
      PORTAL_PAYMENTS_API_URL: 'https://pay.example/api',
      PORTAL_PAYMENTS_SECRET_KEY: 's',
      PORTAL_PAYMENTS_PUBLIC_KEY: 'p',
      PORTAL_PAYMENTS_WEBHOOK_SECRET: 'w',
      PORTAL_PAYMENTS_CHECKOUT_URL: 'https://pay.example/checkout',
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
    });
    expect(config.port).toBe(9090);
    expect(config.publicUrl).toBe('https://portal.example');
    expect(config.trustProxy).toBe(true);
    // With PostgreSQL, audio goes to the database by default, so every process shares it.
    expect(config.audioStorage).toBe('database');
    expect(config.logLevel).toBe('debug');
    expect(config.payments).toMatchObject({ provider: 'hosted', apiUrl: 'https://pay.example/api', checkoutSrc: '' });
    expect(config.social.clients.google).toEqual({ clientId: 'g-id', secret: 'g-secret' });
    expect(readConfig({ PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
    expect(readConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.0/8' }).trustProxy).toBe('10.0.0.1,10.0.0.0/8');
  });

  it('refuses a bad value with a ConfigError that names the variable', () => {
    const bad: Array<[Record<string, string>, string]> = [
      [{ PORT: '70000' }, 'PORT must be a port number'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud"'],
      [{ SHUTDOWN_TIMEOUT_MS: 'soon' }, 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds'],
      [{ AUDIO_STORAGE: 'cloud' }, 'AUDIO_STORAGE must be database or filesystem, not "cloud"'],
      [{ SPEECH_CACHE_MB: '-5' }, 'SPEECH_CACHE_MB must be a number of megabytes, not "-5"'],
      [{ PORTAL_PUBLIC_URL: 'portal.example' }, 'PORTAL_PUBLIC_URL must be a URL starting with https: or http:'],
      [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL must start with postgres: or postgresql:'],
      [{ PORTAL_PAYMENTS_PROVIDER: 'hosted' }, 'PORTAL_PAYMENTS_PROVIDER=hosted needs PORTAL_PAYMENTS_API_URL'],
      [{ PORTAL_PAYMENTS_PROVIDER: 'cash' }, 'PORTAL_PAYMENTS_PROVIDER must be sandbox or hosted'],
      [{ GOOGLE_CLIENT_ID: 'g-id' }, 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together'],
      [{ SOCIAL_SIGN_IN_SANDBOX: 'maybe' }, 'SOCIAL_SIGN_IN_SANDBOX must be on or off, not "maybe"'],
      [
        { CSP_THIRD_PARTY_HOSTS: 'http://widget.example' },
        'CSP_THIRD_PARTY_HOSTS: "http://widget.example" is not an https origin',
      ],
      [{ CHAT_SERVICE: 'pigeon' }, 'CHAT_SERVICE must be one of sandbox, not "pigeon"'],
      [{ PORTAL_PROVISIONING_URL: 'ftp://phones' }, 'PORTAL_PROVISIONING_URL must start with https: or http:'],
      [
        { PORTAL_SMS_HOURLY_LIMIT: '100001' },
        'PORTAL_SMS_HOURLY_LIMIT must be a whole number from 0 to 100000, not "100001"',
      ],
      [{ PORTAL_VOIP3_SIGNUP: 'yes' }, 'PORTAL_VOIP3_SIGNUP must be on or off, not "yes"'],
      [
        { ANALYTICS_SERVICES: 'tag-manager,pixel' },
        'ANALYTICS_SERVICES must list one of tag-manager, product-analytics, heatmap, sandbox, not "pixel"',
      ],
      [
        { ANALYTICS_SERVICES: 'tag-manager' },
        'ANALYTICS_TAG_MANAGER_URL must be set when ANALYTICS_SERVICES lists tag-manager',
      ],
      [
        { ANALYTICS_SERVICES: 'product-analytics', ANALYTICS_PRODUCT_URL: 'https://events.example/track' },
        'ANALYTICS_PRODUCT_KEY must be set',
      ],
      [
        { ANALYTICS_HEATMAP_URL: 'http://heatmaps.example/h.js' },
        'ANALYTICS_HEATMAP_URL must start with https: (plain http: only to this machine)',
      ],
    ];
    for (const [env, message] of bad) {
      expect(() => readConfig(env), message).toThrow(ConfigError);
      expect(() => readConfig(env), message).toThrow(message);
    }
  });

  it('reads the analytics services, each with its settings, in the order listed', () => {
    const config = readConfig({
      ANALYTICS_SERVICES: 'heatmap, product-analytics,tag-manager,sandbox',
      ANALYTICS_TAG_MANAGER_URL: 'https://tags.example/gtm.js?id=GTM-1',
      ANALYTICS_PRODUCT_URL: 'http://127.0.0.1:9000/events',
      ANALYTICS_PRODUCT_KEY: 'public-key',
      ANALYTICS_HEATMAP_URL: 'https://heat.example/h.js',
    });
    expect(config.analytics.services).toEqual([
      { kind: 'heatmap', url: 'https://heat.example/h.js' },
      { kind: 'product-analytics', url: 'http://127.0.0.1:9000/events', key: 'public-key' },
      { kind: 'tag-manager', url: 'https://tags.example/gtm.js?id=GTM-1' },
      { kind: 'sandbox' },
    ]);
    // An address set without its service listed loads nothing.
    expect(readConfig({ ANALYTICS_HEATMAP_URL: 'https://heat.example/h.js' }).analytics.services).toEqual([]);
  });

  it('names every bad variable at once, and never echoes an address that may hold a password', () => {
    const wrong = () =>
      readConfig({ PORT: 'eighty', PORTAL_MAINTENANCE_MODE: 'sometimes', DATABASE_URL: 'postgres//portal:hunter2@db' });
    expect(wrong).toThrow(/PORT must be a port number[\s\S]*PORTAL_MAINTENANCE_MODE must be on or off/);
    expect(wrong).toThrow(/DATABASE_URL must be a URL/);
    expect(wrong).not.toThrow(/hunter2/);
  });

  it('documents every variable it reads', () => {
    const documented = Object.keys(VARIABLES).sort();
    expect(Object.keys(environmentSchema.in.shape).sort()).toEqual(documented);
    for (const [name, doc] of Object.entries(VARIABLES)) expect(doc.about.length, name).toBeGreaterThan(10);
  });
});
