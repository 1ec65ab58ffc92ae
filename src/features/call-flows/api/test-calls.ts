import { testCallEndpoints } from '@portal/contract';

import { apiBlob, apiCall } from '../../../lib/http.ts';
import type { TestCallApi } from '../canvas/types.ts';

/** The test-call endpoints of one saved custom flow (the test-call panel's Call this flow). */
export function testCallApi(productId: number, flowId: string): TestCallApi {
  const params = (call: string) => ({ id: productId, flow: flowId, call });
  return {
    start: (choice) =>
      apiCall(testCallEndpoints.startTestCall, { params: { id: productId, flow: flowId }, body: choice }),
    answer: async (call, token, sdp) =>
      (await apiCall(testCallEndpoints.answerTestCall, { params: params(call), body: { token, sdp } })).sdp,
    hangUp: async (call) => {
      await apiCall(testCallEndpoints.hangUpTestCall, { params: params(call) });
    },
    state: (call, signal) =>
      apiCall(testCallEndpoints.getTestCall, { params: params(call), ...(signal && { signal }) }),
    voicemail: (call) => apiBlob(testCallEndpoints.getTestCallVoicemail, { params: params(call) }),
  };
}
