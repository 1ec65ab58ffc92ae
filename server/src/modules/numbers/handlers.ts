import {
  checkTransferRange,
  MAX_NUMBER_RESULTS,
  NUMBER_RATINGS,
  numberMessages,
  transferDateProblem,
  type TransferError,
} from '@portal/contract';

import { authOf } from '../../plugins/auth.ts';
import { ApiError, detailError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import {
  addNumberChange,
  addNumberTransfer,
  numberTransferAnswer,
  openNumberTransfers,
} from '../notifications/index.ts';
import { notFound, ownedVoipProduct, rowId } from '../products/index.ts';
import { lockVoipUser, voipUserById } from '../users/index.ts';
import {
  assignNumbers,
  availableNumbers,
  deleteSiteNumber,
  inventoryAreaCodes,
  numberInUse,
  releaseToInventory,
  siteNumbersOf,
  unassignNumbers,
} from './numbers-repository.ts';
import { releaseUnusedNumbers, reserveNumber } from './reservation.ts';
import { numberSelection, reserveSelectedNumber } from './selection.ts';

// Phone numbers (spec 001 sections 4, 5, 7 and 9): the inventory search, reservation, seats'
// numbers, giving a number back and number transfers. Decisions where the spec is silent are
// in contract/src/numbers.ts.

/** A transfer refusal: the spec's dialog shows the server's `message` field; `detail` is the project's. */
function transferError(message: string): ApiError {
  const body: TransferError = { detail: message, message };
  return new ApiError(400, body);
}

/** A reference the customer sees for a transfer, like PT-4F2A9C. */
const transferReference = () =>
  `PT-${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .toUpperCase()
    .padStart(6, '0')}`;

export const numberHandlers = {
  searchNumbers: async ({ query, request }) => {
    const { db } = request.server;
    await releaseUnusedNumbers(request.server);
    const [rows, areaCodes] = await Promise.all([
      availableNumbers(db, { areaCode: query.area_code, rating: query.rating }, MAX_NUMBER_RESULTS),
      inventoryAreaCodes(db),
    ]);
    return {
      results: rows.map((row) => ({
        id: row.id,
        number: row.number,
        area_code: row.areaCode,
        area: row.area,
        rating: row.rating,
        price: NUMBER_RATINGS[row.rating].price,
        available: true,
      })),
      area_codes: areaCodes.map((code) => ({ area_code: code.areaCode, area: code.area })),
    };
  },

  numberSelection: async ({ params, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return numberSelection(request.server, params.token);
  },

  reserveSelectedNumber: async ({ params, body, request }) =>
    reserveSelectedNumber(request.server, params.token, body.number_id),

  reserveNumber: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, Number(params.product_id));
    return reserveNumber(request.server, product, body.number_id);
  },

  removeNumber: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, Number(params.product_id));
    const numberId = rowId(params.number_id);
    const now = request.server.now();
    return request.server.db.transaction(async (tx) => {
      const numbers = await siteNumbersOf(tx, product.id);
      const index = numbers.findIndex((n) => n.id === numberId);
      const row = numbers[index];
      if (!row) throw notFound();
      if (index === 0) throw detailError(400, numberMessages.pilotNumber);
      await deleteSiteNumber(tx, row.id);
      await releaseToInventory(tx, row.number);
      await addNumberChange(tx, { accountId: product.accountId, type: 'REMOVED', number: row.number, now });
      return { number: row.number };
    });
  },

  patchSeat: async ({ params, body, request }) => {
    const seatId = rowId(params.seatId);
    const seat = await voipUserById(request.server.db, seatId);
    if (!seat) throw notFound();
    // Another account's seat answers 404, as an unknown one does.
    const product = await ownedVoipProduct(request, seat.productId);
    const wanted = [...new Set(body.numbers.map((n) => n.replace(/\s/g, '')))];
    return request.server.db.transaction(async (tx) => {
      // Two changes of one seat's numbers take turns.
      await lockVoipUser(tx, seat.id);
      const site = await siteNumbersOf(tx, product.id);
      for (const number of wanted) {
        const index = site.findIndex((n) => n.number === number);
        if (index < 0) throw detailError(400, numberMessages.notThisSite);
        if (index === 0) throw detailError(400, numberMessages.pilotNumber);
      }
      const current = site.filter((n) => n.voipUserId === seat.id).map((n) => n.number);
      await unassignNumbers(
        tx,
        seat.id,
        current.filter((n) => !wanted.includes(n)),
      );
      const adding = wanted.filter((n) => !current.includes(n));
      const given = await assignNumbers(tx, seat.id, product.id, adding);
      // A number joins a seat only while it rings no one: the old seat lets go first (spec 001 section 4).
      if (given.length !== adding.length) throw detailError(409, numberMessages.assignedElsewhere);
      const now = await siteNumbersOf(tx, product.id);
      return {
        id: seat.id,
        product_id: product.id,
        name: `${seat.firstName} ${seat.lastName}`.trim(),
        extension: seat.extension,
        numbers: now.filter((n) => n.voipUserId === seat.id).map((n) => n.number),
      };
    });
  },

  transferNumbers: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, Number(params.product_id));
    const checked = checkTransferRange(body.range_start, body.range_end);
    if ('problem' in checked) throw transferError(checked.problem);
    const dateProblem = transferDateProblem(body.transfer_date, request.server.now());
    if (dateProblem) throw transferError(dateProblem);
    if (await numberInUse(request.server.db, checked.rangeStart))
      throw transferError(numberMessages.transferAlreadyHere);
    const open = await openNumberTransfers(request.server.db, authOf(request).user.accountId ?? product.accountId);
    const overlaps = open.some((order) => {
      const d = order.detail as { range_start: string; range_end: string | null };
      const end = d.range_end ?? d.range_start;
      return (
        checked.rangeStart <= end &&
        (checked.rangeEnd ?? checked.rangeStart) >= d.range_start &&
        d.range_start.length === checked.rangeStart.length
      );
    });
    if (overlaps) throw transferError(numberMessages.transferUnderWay);
    const order = await addNumberTransfer(request.server.db, {
      accountId: product.accountId,
      reference: transferReference(),
      status: 'PENDING',
      rangeStart: checked.rangeStart,
      rangeEnd: checked.rangeEnd,
      transferDate: body.transfer_date,
      now: request.server.now(),
    });
    return { results: numberTransferAnswer(order) };
  },
} satisfies Pick<
  Handlers,
  | 'searchNumbers'
  | 'numberSelection'
  | 'reserveSelectedNumber'
  | 'reserveNumber'
  | 'removeNumber'
  | 'patchSeat'
  | 'transferNumbers'
>;
