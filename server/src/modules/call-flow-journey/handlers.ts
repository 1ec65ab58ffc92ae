import { callerJourney, flowNamesOf } from '@portal/editor-core';

import type { Handlers } from '../../routes/index.ts';
import { audioFilesOf } from '../audio/index.ts';
import { callFlowOf } from '../call-flows/index.ts';
import { notFound, ownedVoipProduct, rowId } from '../products/index.ts';
import { siteUsers } from '../site/index.ts';
import { journeyPdf } from './journey-pdf.ts';

/** The caller's journey of a custom call flow (contract/src/call-flow-journey.ts), named with the site's users and greetings. */
export const callFlowJourneyHandlers = {
  getCallFlowJourneyPdf: async ({ params, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const { server } = request;
    const row = await callFlowOf(server.db, product.id, rowId(params.flow));
    if (!row) throw notFound();
    const [users, audio] = await Promise.all([
      siteUsers(server.db, product.id),
      audioFilesOf(server.db, product.id, {}),
    ]);
    const names = flowNamesOf(
      users.map((user) => ({
        extension: user.extension ?? '',
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
      })),
      audio.map((file) => ({
        stored_filename: file.storedFilename,
        call_flow_filename: file.callFlowFilename,
        name: file.name,
      })),
    );
    const sections = callerJourney({ id: String(row.id), name: row.name, enable: row.enable, data: row.data }, names);
    const pdf = await journeyPdf(row.name, sections);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="caller-journey-${row.id}.pdf"`)
      .send(pdf);
  },
} satisfies Pick<Handlers, 'getCallFlowJourneyPdf'>;
