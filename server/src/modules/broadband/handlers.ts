import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { broadbandAddressLine, broadbandMessages, isCheckableAddress, type AvailabilityQuery, type TelcoLead } from '@portal/contract';
import { detailError, fieldError } from '../../plugins/errors.ts';
import type { BroadbandData } from '../../broadband/broadband-data.ts';
import type { Handlers } from '../../routes/index.ts';
import type { TelcoLeadRow } from './broadband-repository.ts';
import { availabilityOf, tariffsFor } from './rules.ts';

/**
 * What the broadband data adapter answers; 503 with a readable message (and the cause in the log)
 * when the networks' checker fails or does not answer, never a 500.
 */
async function fromChecker<T>(request: FastifyRequest, ask: (data: BroadbandData) => Promise<T>): Promise<T> {
  try {
    return await ask(request.server.broadbandData);
  } catch (error) {
    request.log.warn({ err: error }, 'broadband checker failed');
    throw detailError(503, broadbandMessages.checkerUnavailable, { 'Retry-After': '60' });
  }
}

/** The address's lines from the broadband data; 400 when the data knows no such address. */
async function linesAt(request: FastifyRequest, query: { address_ref: string; css_database_code: string; postcode: string }) {
  const found = await fromChecker(request, (data) =>
    data.availability({ addressRef: query.address_ref, cssDatabaseCode: query.css_database_code, postcode: query.postcode }),
  );
  if (!found) throw detailError(400, broadbandMessages.unknownAddress);
  return found;
}

function leadAnswer(lead: TelcoLeadRow): TelcoLead {
  return {
    id: lead.id,
    status: lead.status,
    lead_token: lead.leadToken,
    address_line: lead.addressLine,
    postcode: lead.postcode,
    tariff: lead.tariff,
    business_details: {
      name: lead.name,
      business_name: lead.businessName,
      email_address: lead.emailAddress,
      mobile_number: lead.mobileNumber,
      phone_number: lead.phoneNumber,
      current_provider: lead.currentProvider,
    },
    appointment:
      lead.appointmentDate && lead.appointmentWindow && lead.orderReference
        ? { appointment_date: lead.appointmentDate, appointment_window: lead.appointmentWindow, order_id: lead.orderReference }
        : null,
  };
}

/**
 * Broadband availability and sign-up (spec 001 section 7, "Broadband"). The address and
 * availability data come from the app's `broadbandData` adapter (server/src/broadband/); the
 * tariffs from the catalogue (rules.ts); leads from the repository. The contract validates
 * every query and body (400 with its messages).
 */
export const broadbandHandlers = {
  broadbandAddressSearch: async ({ query, request }) => {
    const addresses = await fromChecker(request, (data) => data.searchAddresses(query.postcode));
    return { results: query.ref_not_empty === 'true' ? addresses.filter(isCheckableAddress) : addresses };
  },

  broadbandAvailability: async ({ query, request }) => {
    const { address, lines } = await linesAt(request, query satisfies AvailabilityQuery);
    return { address, availability: availabilityOf(lines) };
  },

  broadbandTariffAvailability: async ({ query, request }) => tariffsFor((await linesAt(request, query)).lines),

  createTelcoLead: async ({ body, request }) => {
    const repository = request.server.broadbandRepository;
    const earlier = await repository.byRequestId(body.request_id);
    if (earlier) return leadAnswer(earlier);
    const { address, lines } = await linesAt(request, body);
    const offered = tariffsFor(lines);
    const tariff = [...offered.fttp, ...offered.fttc].find((t) => t.id === body.tariff_id);
    if (!tariff) throw fieldError('tariff_id', broadbandMessages.tariffUnavailable);
    const details = body.business_details;
    const lead = await repository.create({
      requestId: body.request_id,
      leadToken: randomBytes(24).toString('base64url'),
      addressRef: body.address_ref,
      cssDatabaseCode: body.css_database_code,
      postcode: body.postcode,
      addressLine: broadbandAddressLine(address),
      tariff,
      name: details.name,
      businessName: details.business_name,
      emailAddress: details.email_address.toLowerCase(),
      mobileNumber: details.mobile_number,
      phoneNumber: details.phone_number,
      currentProvider: details.current_provider,
    });
    return leadAnswer(lead);
  },

  approveTelcoLead: async ({ body, request }) => {
    const lead = await request.server.broadbandRepository.approve(body.lead_id, body.lead_token, request.server.now());
    if (!lead) throw detailError(400, broadbandMessages.leadNotFound);
    return leadAnswer(lead);
  },
} satisfies Pick<Handlers, 'broadbandAddressSearch' | 'broadbandAvailability' | 'broadbandTariffAvailability' | 'createTelcoLead' | 'approveTelcoLead'>;
