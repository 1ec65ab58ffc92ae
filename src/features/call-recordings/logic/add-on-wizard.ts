import { ADD_ONS, addOnChangeProblem, type AddOn, type Seat } from '@portal/contract';

/** The wizard's parts, in order, from step 0 (spec 001 section 3: recording, interaction, storage); then the review. */
export const WIZARD_STEPS = ['Recording', 'Interaction', 'Storage', 'Review'] as const;

/** The call-recording add-ons by the spec's names (spec 001 sections 3 and 9). */
const byName = (name: string): AddOn => {
  const found = ADD_ONS.find((addOn) => addOn.display_name === name);
  if (!found) throw new Error(`add-on ${name} missing`);
  return found;
};
export const ON_DEMAND = byName('Call recording (on-demand)');
export const STORAGE_OPTIONS = [byName('Call recording 3yr storage'), byName('Call recording 5yr storage')] as const;

/** What the wizard does for one user: the add-ons they end with, or why they are left as they are. */
export interface SeatChange {
  seat: Seat;
  /** The add-on ids to send (the user's other groups kept), or null when nothing changes. */
  next: number[] | null;
  /** Why nothing changes: they have this storage already, or a longer one (no downgrade). */
  keeps: string | null;
}

/** For each chosen user, the add-ons after choosing `storage`: their other add-ons kept, the call-recording one replaced. */
export function plannedChanges(seats: readonly Seat[], storage: AddOn): SeatChange[] {
  return seats.map((seat) => {
    const current = ADD_ONS.filter((addOn) => seat.add_ons.includes(addOn.display_name));
    const recording = current.find((addOn) => addOn.display_group === 'call_recording');
    if (recording?.id === storage.id) return { seat, next: null, keeps: `has ${storage.display_name} already` };
    const next = [
      ...current.filter((addOn) => addOn.display_group !== 'call_recording').map((addOn) => addOn.id),
      storage.id,
    ];
    const problem = addOnChangeProblem(
      ADD_ONS,
      current.map((addOn) => addOn.id),
      next,
    );
    if (problem) return { seat, next: null, keeps: `keeps ${recording?.display_name ?? 'their add-ons'} (${problem})` };
    return { seat, next, keeps: null };
  });
}
