import {
  callFlowMessages,
  DEFAULT_CLOSED_GREETING,
  defaultSimpleCallFlowData as defaultSimpleFlowData,
  type SimpleCallFlow,
  type SimpleCallFlowData,
} from '@portal/contract';
import {
  checkOpeningHours,
  DAYS,
  parseTime,
  presetHours,
  WEEKDAYS,
  type Day,
  type OpeningHours,
  type OpeningHoursPreset,
  type TimeSlot,
} from '@portal/editor-core';

import type { SummaryError } from '../../../components/error-summary.tsx';
import { serverErrors } from '../../../components/form/form-errors.ts';
import { isApiError } from '../../../lib/api-error.ts';

/**
 * The simple call flow editor's state (spec 001 sections 3-5): the draft being edited
 * against the last saved copy. Edits mark it changed; reset goes back to the saved copy
 * (or the defaults when there is none); a welcome greeting switched on without audio
 * stops the flow being enabled. Opening-hours rules and messages are editor-core's.
 */

export interface SimpleFlowDraft {
  enable: boolean;
  data: SimpleCallFlowData;
}

/** The defaults, shared with the server through the contract. */
export { DEFAULT_CLOSED_GREETING, defaultSimpleFlowData };

/** The draft to edit: a copy of the saved flow, or the defaults (disabled) without one. */
export function draftFromSaved(saved: Pick<SimpleCallFlow, 'enable' | 'data'> | undefined): SimpleFlowDraft {
  return saved
    ? structuredClone({ enable: saved.enable, data: saved.data })
    : { enable: false, data: defaultSimpleFlowData() };
}

/** JSON with object keys sorted, so two equal values give the same text whatever their key order. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** The changed flag: whether the draft differs from the saved copy (or from the defaults when none is saved). */
export function isSimpleFlowChanged(
  saved: Pick<SimpleCallFlow, 'enable' | 'data'> | undefined,
  draft: SimpleFlowDraft,
): boolean {
  return stable(draftFromSaved(saved)) !== stable(draft);
}

/** Why the flow may not be enabled now, or null: the welcome greeting is on but has no audio. */
export function enableError(data: SimpleCallFlowData): string | null {
  const welcome = data.welcome_greeting;
  return welcome.enabled && !welcome.audio_file ? callFlowMessages.welcomeGreetingNeedsAudio : null;
}

/** A problem stopping a save, with the id of the control to go to. */
export interface SimpleFlowProblem {
  message: string;
  fieldId: string;
}

/** Ids of the editor's controls, shared by the form and its error summary. */
export const simpleFlowFieldIds = {
  enable: 'simple-flow-enable',
  welcomeAudio: 'simple-flow-welcome-audio',
  closedAudio: 'simple-flow-closed-audio',
  slot: (day: Day, index: number, end: 'from' | 'to') => `simple-flow-${day}-${index}-${end}`,
};

/** Everything that stops the draft being saved: the enable rule, then each opening-hours problem. */
export function simpleFlowProblems(draft: SimpleFlowDraft): SimpleFlowProblem[] {
  const problems: SimpleFlowProblem[] = [];
  const enable = draft.enable ? enableError(draft.data) : null;
  if (enable) problems.push({ message: enable, fieldId: simpleFlowFieldIds.welcomeAudio });
  if (draft.data.out_of_hours.enabled) {
    for (const problem of checkOpeningHours(draft.data.out_of_hours.business_hours)) {
      problems.push({ message: problem.message, fieldId: simpleFlowFieldIds.slot(problem.day, problem.slot, 'from') });
    }
  }
  return problems;
}

/** The server's field for the opening hours' messages (it checks them with the same editor-core rules). */
const HOURS_FIELD = 'data.out_of_hours.business_hours';

/** A refused save as the form shows it: the summary's messages, each linked to its control where it has one, and whether it was a conflict. */
export function simpleFlowRefusal(error: unknown): { errors: SummaryError[]; conflict: boolean } {
  if (isApiError(error) && error.status === 412)
    return { errors: [{ message: callFlowMessages.changedElsewhere }], conflict: true };
  const { fieldErrors, formError } = serverErrors(error, [HOURS_FIELD]);
  const errors: SummaryError[] = [];
  if (fieldErrors[HOURS_FIELD]) errors.push({ message: fieldErrors[HOURS_FIELD] });
  // The enable rule's refusal belongs to the welcome greeting's audio, as the form's own check puts it.
  if (formError === callFlowMessages.welcomeGreetingNeedsAudio)
    errors.push({ message: formError, fieldId: simpleFlowFieldIds.welcomeAudio });
  else if (formError) errors.push({ message: formError });
  return { errors, conflict: false };
}

// Opening-hours edits. Each answers new hours and leaves its input alone.

/** The days that have at least one slot, Monday first. */
export function openDays(hours: OpeningHours): Day[] {
  return DAYS.filter((day) => (hours.days[day]?.length ?? 0) > 0);
}

const CUSTOM_DAY_SLOT: TimeSlot = { from: '09:00', to: '17:00' };

/** Chooses a preset: a fixed one gives its slot to the open days (Mon-Fri when none are); custom keeps the slots. */
export function choosePreset(hours: OpeningHours, preset: OpeningHoursPreset): OpeningHours {
  if (preset === 'custom') return { preset, days: structuredClone(hours.days) };
  const days = openDays(hours);
  return presetHours(preset, days.length > 0 ? days : WEEKDAYS);
}

/** Opens or closes a day: it opens with the preset's slot (custom: 09:00-17:00). */
export function setDayOpen(hours: OpeningHours, day: Day, open: boolean): OpeningHours {
  const days = structuredClone(hours.days);
  if (!open) {
    delete days[day];
    return { ...hours, days };
  }
  if ((days[day]?.length ?? 0) > 0) return hours;
  days[day] = hours.preset === 'custom' ? [{ ...CUSTOM_DAY_SLOT }] : presetHours(hours.preset, [day]).days[day];
  return { ...hours, days };
}

/** Changes one end of a slot; hours edited by hand become custom. */
export function setSlotTime(
  hours: OpeningHours,
  day: Day,
  index: number,
  end: 'from' | 'to',
  value: string,
): OpeningHours {
  const days = structuredClone(hours.days);
  const slot = days[day]?.[index];
  if (!slot) return hours;
  slot[end] = value;
  return { preset: 'custom', days };
}

/** Adds an opening slot after the day's last one (custom). */
export function addSlot(hours: OpeningHours, day: Day): OpeningHours {
  const days = structuredClone(hours.days);
  const slots = days[day] ?? [];
  const lastEnd = parseTime(slots.at(-1)?.to ?? '');
  const from = lastEnd === null ? 9 * 60 : Math.min(lastEnd + 60, 22 * 60);
  slots.push({ from: clock(from), to: clock(Math.min(from + 60, 23 * 60 + 59)) });
  days[day] = slots;
  return { preset: 'custom', days };
}

/**
 * Adds a break: a slot strictly inside the day's first opening slot, 12:00-13:00 when
 * that fits, else the middle third of the slot.
 */
export function addBreak(hours: OpeningHours, day: Day): OpeningHours {
  const days = structuredClone(hours.days);
  const slots = days[day] ?? [];
  const outer = slots[0];
  const from = parseTime(outer?.from ?? '');
  const to = parseTime(outer?.to ?? '');
  let slot: TimeSlot;
  if (from === null || to === null || to - from < 3) slot = { from: '12:00', to: '13:00' };
  else if (from < 12 * 60 && to > 13 * 60) slot = { from: '12:00', to: '13:00' };
  else {
    const third = Math.floor((to - from) / 3);
    slot = { from: clock(from + third), to: clock(to - third) };
  }
  slots.push(slot);
  days[day] = slots;
  return { preset: 'custom', days };
}

/** Removes a slot; a day left without slots is closed. */
export function removeSlot(hours: OpeningHours, day: Day, index: number): OpeningHours {
  const days = structuredClone(hours.days);
  const slots = (days[day] ?? []).filter((_, i) => i !== index);
  if (slots.length > 0) days[day] = slots;
  else delete days[day];
  return { preset: 'custom', days };
}

/** Whether a slot of a day lies strictly inside another of its slots (a break). */
export function isBreak(slots: readonly TimeSlot[], index: number): boolean {
  const slot = slots[index];
  const from = parseTime(slot?.from ?? '');
  const to = parseTime(slot?.to ?? '');
  if (from === null || to === null) return false;
  return slots.some((other, i) => {
    if (i === index) return false;
    const a = parseTime(other.from);
    const b = parseTime(other.to);
    return a !== null && b !== null && from > a && to < (b === 23 * 60 + 59 ? 24 * 60 : b);
  });
}

function clock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
