/** A seat and the numbers it has now. */
export interface SeatNumbers {
  id: number;
  numbers: readonly string[];
}

/** Sets a seat's numbers (PATCH /api/v1/voip/seats/{seatId}/). */
export type PatchSeat = (seatId: number, numbers: string[]) => Promise<unknown>;

/**
 * Moves `number` from seat `from` (null when it rings no one) to seat `to` (null to leave it
 * unassigned), the spec's way (spec 001 section 4): the old seat is patched first, then the new
 * seat; when the second step fails the old seat gets its numbers back, and the error is thrown.
 */
export async function assignNumber(
  number: string,
  from: SeatNumbers | null,
  to: SeatNumbers | null,
  patch: PatchSeat,
): Promise<void> {
  if (from && to && from.id === to.id) return;
  if (from)
    await patch(
      from.id,
      from.numbers.filter((n) => n !== number),
    );
  if (!to) return;
  try {
    await patch(to.id, [...to.numbers.filter((n) => n !== number), number]);
  } catch (error) {
    if (from) await patch(from.id, [...from.numbers]).catch(() => undefined);
    throw error;
  }
}

/** The numbers of each seat, from the site's list. */
export function numbersBySeat(
  siteNumbers: ReadonlyArray<{ number: string; user: { id: number } | null }>,
): Map<number, string[]> {
  const bySeat = new Map<number, string[]>();
  for (const row of siteNumbers) {
    if (!row.user) continue;
    bySeat.set(row.user.id, [...(bySeat.get(row.user.id) ?? []), row.number]);
  }
  return bySeat;
}
