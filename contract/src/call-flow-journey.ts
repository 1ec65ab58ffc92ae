import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';
import { idNumber, idText } from './ids.ts';

/**
 * The caller's journey of a custom call flow: editor-core's `callerJourney` told on a page and in a PDF.
 * Our design (the spec has no such call): GET answers the PDF (application/pdf), owner-checked like the flow.
 */
const JourneyParams = z.object({ id: idNumber('Unknown product'), flow: idText('Unknown call flow') });

export const callFlowJourneyEndpoints = {
  getCallFlowJourneyPdf: endpoint({
    method: 'GET',
    path: '/api/v2/voip/:id/call-flows/:flow/journey/',
    summary: 'The flow as a caller lives it, per time window and key, as a PDF (caller-journey-{flow}.pdf)',
    auth: true,
    params: JourneyParams,
    response: z.string(),
  }),
};
