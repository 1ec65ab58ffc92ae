import { callFlowJourneyEndpoints } from '@portal/contract';

import { apiBlob } from '../../../lib/http.ts';

/** GET .../call-flows/{flow}/journey/: the caller's journey of a flow as a PDF. */
export const callerJourneyPdf = (productId: number | string, flowId: string) =>
  apiBlob(callFlowJourneyEndpoints.getCallFlowJourneyPdf, { params: { id: productId, flow: flowId } });
