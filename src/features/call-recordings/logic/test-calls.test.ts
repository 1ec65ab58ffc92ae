import { describe, expect, it } from 'vitest';

import { testCallEnd } from './test-calls.ts';

describe('test calls in call history', () => {
  it('says how a call ended when the flow did not end it', () => {
    const ended = '2026-03-04T10:00:00Z';
    expect(testCallEnd({ ended_at: ended, end_reason: 'flow_ended', outcome: { kind: 'voicemail' } })).toBeNull();
    expect(testCallEnd({ ended_at: ended, end_reason: 'caller_hung_up', outcome: { kind: 'voicemail' } })).toBe(
      'The caller hung up.',
    );
    expect(testCallEnd({ ended_at: ended, end_reason: 'caller_hung_up', outcome: null })).toBe(
      'The caller hung up before the call reached its end.',
    );
    expect(testCallEnd({ ended_at: ended, end_reason: 'time_limit', outcome: null })).toBe(
      'The call was ended at the 10-minute limit of a test call.',
    );
    expect(testCallEnd({ ended_at: null, end_reason: null, outcome: null })).toMatch(/still going on/);
  });
});
