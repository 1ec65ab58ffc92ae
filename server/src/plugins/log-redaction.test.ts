import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('takes the secrets out of link and callback URLs', () => {
    expect(redactUrl('/auth/password_reset/MQ/abcDEF123')).toBe('/auth/password_reset/MQ/[redacted]');
    expect(redactUrl('/auth/password_reset/MQ/abcDEF123/success')).toBe('/auth/password_reset/MQ/[redacted]/success');
    expect(redactUrl('/auth/register/verify/k3y-value')).toBe('/auth/register/verify/[redacted]');
    expect(redactUrl('/login?code=SECRET&state=ALSO&scope=email')).toBe('/login?code=[redacted]&state=[redacted]&scope=email');
  });

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/auth/password_reset/success')).toBe('/auth/password_reset/success');
    expect(redactUrl('/api/v3/navigation/')).toBe('/api/v3/navigation/');
    expect(redactUrl('/call-flows/12?tab=active-call-flow')).toBe('/call-flows/12?tab=active-call-flow');
  });
});
