import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

import {
  broadbandAddressLine,
  broadbandMessages,
  holidayDate,
  isCheckableAddress,
  SET_PASSWORD_LINK_DAYS,
  type AvailabilityQuery,
  type TelcoLead,
} from '@portal/contract';

import type { BroadbandData } from '../../broadband/broadband-data.ts';
import { greeting, plainMail } from '../../mail/mailer.ts';
import { detailError, fieldError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { uidOf } from '../account/index.ts';
import { createOneTimeKey, publicUrl, unusablePasswordHash } from '../identity/index.ts';
import { addTelcoLead, approveTelcoLead, telcoLeadByRequestId, type TelcoLeadRow } from './broadband-repository.ts';
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
async function linesAt(
  request: FastifyRequest,
  query: { address_ref: string; css_database_code: string; postcode: string },
) {
  const found = await fromChecker(request, (data) =>
    data.availability({
      addressRef: query.address_ref,
      cssDatabaseCode: query.css_database_code,
      postcode: query.postcode,
    }),
  );
  if (!found) throw detailError(400, broadbandMessages.unknownAddress);
  return found;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The e-mail of a booked installation: when, its reference, and how to reach it in the portal. */
function installationMail(
  lead: TelcoLeadRow,
  booked: { date: string; window: string; reference: string },
  setPasswordUrl: string | null,
) {
  const [firstName = ''] = lead.name.trim().split(/\s+/);
  const reach = setPasswordUrl
    ? [
        'We have made you an account on the Customer Portal, where you can follow the installation in the order tracker.',
        'Open this link to set your password, then sign in with this e-mail address:',
        setPasswordUrl,
        '',
        `The link works once, for ${SET_PASSWORD_LINK_DAYS} days. After that, ask for a new one with "Forgot password" on the sign-in page.`,
      ]
    : [
        'Sign in to the Customer Portal with this e-mail address to follow it in the order tracker:',
        `${publicUrl()}/auth/login`,
      ];
  return plainMail(lead.emailAddress, `Your broadband installation is booked: ${holidayDate(booked.date)}`, [
    greeting(firstName),
    '',
    `Your broadband installation at ${lead.addressLine} is booked for ${holidayDate(booked.date)}, between ${booked.window.replace('-', ' and ')}.`,
    `Order reference ${booked.reference}.`,
    '',
    ...reach,
  ]);
}

function leadAnswer(lead: TelcoLeadRow, account: TelcoLead['account'] = null): TelcoLead {
  return {
    account,
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
        ? {
            appointment_date: lead.appointmentDate,
            appointment_window: lead.appointmentWindow,
            order_id: lead.orderReference,
          }
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
    const earlier = await telcoLeadByRequestId(request.server.db, body.request_id);
    if (earlier) return leadAnswer(earlier);
    const { address, lines } = await linesAt(request, body);
    const offered = tariffsFor(lines);
    const tariff = [...offered.fttp, ...offered.fttc].find((t) => t.id === body.tariff_id);
    if (!tariff) throw fieldError('tariff_id', broadbandMessages.tariffUnavailable);
    const details = body.business_details;
    const lead = await addTelcoLead(request.server.db, {
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

  /**
   * Books the installation. The visitor is told by e-mail how to reach the appointment: with an
   * account made for them, a link to set their password (a password-reset key that lasts
   * SET_PASSWORD_LINK_DAYS); with their own, the way to sign in.
   */
  approveTelcoLead: async ({ body, request }) => {
    const { server } = request;
    const now = server.now();
    const approved = await approveTelcoLead(
      server.db,
      body.lead_id,
      body.lead_token,
      now,
      await unusablePasswordHash(),
    );
    if (!approved) throw detailError(400, broadbandMessages.leadNotFound);
    const { lead, approvedNow, createdUser } = approved;
    if (approvedNow && lead.appointmentDate && lead.appointmentWindow && lead.orderReference) {
      const booked = { date: lead.appointmentDate, window: lead.appointmentWindow, reference: lead.orderReference };
      server.runAfterAnswer(async () => {
        try {
          const setPassword = createdUser
            ? await createOneTimeKey(server.db, createdUser.id, 'password_reset', now, SET_PASSWORD_LINK_DAYS * DAY_MS)
            : null;
          await server.mailer.send(
            installationMail(
              lead,
              booked,
              setPassword && createdUser
                ? `${publicUrl()}/auth/password_reset/${uidOf(createdUser.id)}/${setPassword}`
                : null,
            ),
          );
        } catch (error) {
          request.log.error({ err: error }, 'broadband installation e-mail not sent');
        }
      });
    }
    return leadAnswer(lead, createdUser ? 'created' : lead.accountId !== null ? 'existing' : null);
  },
} satisfies Pick<
  Handlers,
  | 'broadbandAddressSearch'
  | 'broadbandAvailability'
  | 'broadbandTariffAvailability'
  | 'createTelcoLead'
  | 'approveTelcoLead'
>;
