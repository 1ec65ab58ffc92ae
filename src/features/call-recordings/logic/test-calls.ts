import { TEST_CALL_MAX_MS, type TestCallHistoryEntry } from '@portal/contract';

/** How a test call ended when not by the flow itself; null when the flow ended it (its outcome says how). */
export function testCallEnd(call: Pick<TestCallHistoryEntry, 'ended_at' | 'end_reason' | 'outcome'>): string | null {
  if (call.ended_at === null) return 'The call is still going on, or ended without word from the phone system.';
  switch (call.end_reason) {
    case 'caller_hung_up':
      return call.outcome ? 'The caller hung up.' : 'The caller hung up before the call reached its end.';
    case 'time_limit':
      return `The call was ended at the ${TEST_CALL_MAX_MS / 60_000}-minute limit of a test call.`;
    default:
      return null;
  }
}
