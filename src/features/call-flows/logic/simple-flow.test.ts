import { describe, expect, it } from 'vitest';

import type { SimpleCallFlow } from '@portal/contract';
import { checkOpeningHours, presetHours } from '@portal/editor-core';

import {
  addBreak,
  addSlot,
  choosePreset,
  defaultSimpleFlowData,
  draftFromSaved,
  enableError,
  isBreak,
  isSimpleFlowChanged,
  openDays,
  removeSlot,
  setDayOpen,
  setSlotTime,
  simpleFlowProblems,
} from './simple-flow.ts';

const saved: SimpleCallFlow = {
  enable: false,
  name: 'Simple call flow',
  version: 3,
  data: {
    out_of_hours: { enabled: true, business_hours: presetHours('nine_to_six'), calendar: 'default' },
    welcome_greeting: { enabled: true, audio_file: 'welcome.wav' },
    closed_greeting: { enabled: true, audio_file: 'default' },
  },
};

describe('changed flag', () => {
  it('is off for a fresh copy of the saved flow, on after an edit, off again when the edit is undone', () => {
    const draft = draftFromSaved(saved);
    expect(isSimpleFlowChanged(saved, draft)).toBe(false);
    const edited = { ...draft, enable: true };
    expect(isSimpleFlowChanged(saved, edited)).toBe(true);
    expect(isSimpleFlowChanged(saved, { ...edited, enable: false })).toBe(false);
  });

  it('ignores key order', () => {
    const draft = draftFromSaved(saved);
    const reordered = {
      data: {
        closed_greeting: draft.data.closed_greeting,
        welcome_greeting: draft.data.welcome_greeting,
        out_of_hours: draft.data.out_of_hours,
      },
      enable: draft.enable,
    };
    expect(isSimpleFlowChanged(saved, reordered)).toBe(false);
  });

  it('a draft is a copy: editing it leaves the saved flow alone (reset restores it)', () => {
    const draft = draftFromSaved(saved);
    draft.data.welcome_greeting.audio_file = 'other.wav';
    expect(saved.data.welcome_greeting.audio_file).toBe('welcome.wav');
    expect(draftFromSaved(saved).data.welcome_greeting.audio_file).toBe('welcome.wav');
  });

  it('without a saved copy the defaults are the reference', () => {
    expect(draftFromSaved(undefined)).toEqual({ enable: false, data: defaultSimpleFlowData() });
    expect(isSimpleFlowChanged(undefined, draftFromSaved(undefined))).toBe(false);
  });
});

describe('enable rule', () => {
  it('refuses a welcome greeting that is on without audio', () => {
    const data = structuredClone(saved.data);
    expect(enableError(data)).toBeNull();
    data.welcome_greeting.audio_file = null;
    expect(enableError(data)).toBe('Please set a welcome greeting audio before enabling your simple call flow');
    data.welcome_greeting.enabled = false;
    expect(enableError(data)).toBeNull();
  });

  it('stops a save only when the flow is to be enabled', () => {
    const draft = draftFromSaved(saved);
    draft.data.welcome_greeting.audio_file = null;
    expect(simpleFlowProblems(draft)).toEqual([]);
    draft.enable = true;
    expect(simpleFlowProblems(draft).map((p) => p.message)).toEqual([
      'Please set a welcome greeting audio before enabling your simple call flow',
    ]);
  });

  it("reports editor-core's opening-hours problems, pointing at the slot", () => {
    const draft = draftFromSaved(saved);
    draft.data.out_of_hours.business_hours = setSlotTime(
      draft.data.out_of_hours.business_hours,
      'mon',
      0,
      'to',
      '08:00',
    );
    const problems = simpleFlowProblems(draft);
    expect(problems).toEqual([
      { message: 'Mon: the closing time must be after the opening time', fieldId: 'simple-flow-mon-0-from' },
    ]);
    draft.data.out_of_hours.enabled = false;
    expect(simpleFlowProblems(draft)).toEqual([]);
  });
});

describe('opening hours edits', () => {
  it('a fixed preset gives its slot to the open days, Mon-Fri when none', () => {
    const weekend = setDayOpen(setDayOpen(presetHours('nine_to_five', []), 'sat', true), 'sun', true);
    expect(openDays(weekend)).toEqual(['sat', 'sun']);
    const allDay = choosePreset(weekend, 'twenty_four_hour');
    expect(allDay).toEqual(presetHours('twenty_four_hour', ['sat', 'sun']));
    expect(choosePreset({ preset: 'custom', days: {} }, 'nine_to_six')).toEqual(presetHours('nine_to_six'));
  });

  it('custom keeps the slots', () => {
    const hours = addBreak(presetHours('nine_to_five'), 'mon');
    expect(choosePreset(hours, 'custom').days).toEqual(hours.days);
  });

  it("opening a day gives it the preset's slot; closing removes it", () => {
    const hours = setDayOpen(presetHours('nine_to_six'), 'sat', true);
    expect(hours.preset).toBe('nine_to_six');
    expect(hours.days.sat).toEqual([{ from: '09:00', to: '18:00' }]);
    expect(setDayOpen(hours, 'sat', false).days.sat).toBeUndefined();
    expect(setDayOpen({ preset: 'custom', days: {} }, 'tue', true).days.tue).toEqual([{ from: '09:00', to: '17:00' }]);
  });

  it('editing a time makes the hours custom', () => {
    const hours = setSlotTime(presetHours('nine_to_five'), 'fri', 0, 'to', '16:00');
    expect(hours.preset).toBe('custom');
    expect(hours.days.fri).toEqual([{ from: '09:00', to: '16:00' }]);
  });

  it('a break lies strictly within the opening slot and is valid', () => {
    const hours = addBreak(presetHours('nine_to_five'), 'wed');
    expect(hours.days.wed).toEqual([
      { from: '09:00', to: '17:00' },
      { from: '12:00', to: '13:00' },
    ]);
    expect(isBreak(hours.days.wed ?? [], 1)).toBe(true);
    expect(isBreak(hours.days.wed ?? [], 0)).toBe(false);
    expect(checkOpeningHours(hours)).toEqual([]);
    const evening = addBreak({ preset: 'custom', days: { mon: [{ from: '14:00', to: '20:00' }] } }, 'mon');
    expect(evening.days.mon?.[1]).toEqual({ from: '16:00', to: '18:00' });
    expect(checkOpeningHours(evening)).toEqual([]);
  });

  it('adds a slot after the last one without overlap, and removes slots', () => {
    const hours = addSlot(presetHours('nine_to_five'), 'thu');
    expect(hours.days.thu).toEqual([
      { from: '09:00', to: '17:00' },
      { from: '18:00', to: '19:00' },
    ]);
    expect(checkOpeningHours(hours)).toEqual([]);
    const one = removeSlot(hours, 'thu', 1);
    expect(one.days.thu).toEqual([{ from: '09:00', to: '17:00' }]);
    expect(removeSlot(one, 'thu', 0).days.thu).toBeUndefined();
  });
});
