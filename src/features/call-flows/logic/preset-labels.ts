import { PRESET_SLOTS, type OpeningHoursPreset } from '@portal/editor-core';

/** How each opening-hours preset reads, the same in the simple call flow and the canvas's business-hours step. */
export const PRESET_LABELS: Readonly<Record<OpeningHoursPreset, string>> = {
  nine_to_five: `9 to 5 (${PRESET_SLOTS.nine_to_five.from} to ${PRESET_SLOTS.nine_to_five.to})`,
  nine_to_six: `9 to 6 (${PRESET_SLOTS.nine_to_six.from} to ${PRESET_SLOTS.nine_to_six.to})`,
  twenty_four_hour: `24 hours (${PRESET_SLOTS.twenty_four_hour.from} to ${PRESET_SLOTS.twenty_four_hour.to})`,
  custom: 'Custom hours and breaks',
};

/** The presets in the order they are offered. */
export const PRESETS: readonly OpeningHoursPreset[] = ['nine_to_five', 'nine_to_six', 'twenty_four_hour', 'custom'];
