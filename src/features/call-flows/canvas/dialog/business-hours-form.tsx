/** Business hours: a preset on chosen days, or custom slots and breaks per day, with editor-core's messages. */
import { useId, useMemo, useState } from 'react';

import {
  checkOpeningHours,
  DAY_LABELS,
  DAYS,
  DEFAULT_CALENDAR,
  openingHoursLabel,
  presetHours,
  type Day,
  type OpeningHours,
  type OpeningHoursPreset,
  type TimeSlot,
} from '@portal/editor-core';

import { PRESET_LABELS, PRESETS } from '../../logic/preset-labels.ts';
import {
  businessHoursDraft,
  businessHoursValues,
  draftProblems,
  withArgValues,
  type BusinessHoursDraft,
} from '../arg-forms.ts';
import { ActionIcon } from '../icons.tsx';
import { CheckboxField, SelectField } from './fields.tsx';
import { StepDialog, useSaveStep, type StepFormProps } from './step-dialog.tsx';

const PRESET_OPTIONS = PRESETS.map((value) => ({ value, label: PRESET_LABELS[value] }));

const FULL_DAY: Readonly<Record<Day, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const openDays = (hours: OpeningHours) => DAYS.filter((d) => (hours.days[d]?.length ?? 0) > 0);

/** Opening hours with a new preset: a fixed preset keeps the open days, custom keeps the slots. */
export function withPreset(hours: OpeningHours, preset: OpeningHoursPreset): OpeningHours {
  if (preset === 'custom') return { ...hours, preset };
  const days = openDays(hours);
  return presetHours(preset, days.length > 0 ? days : undefined);
}

/** Opening hours with a day opened (the preset's slot, or 09:00-17:00 when custom) or closed. */
export function withDay(hours: OpeningHours, day: Day, open: boolean): OpeningHours {
  const days = { ...hours.days };
  if (!open) delete days[day];
  else if (hours.preset === 'custom') days[day] = [{ from: '09:00', to: '17:00' }];
  else days[day] = presetHours(hours.preset, [day]).days[day] ?? [];
  return { ...hours, days };
}

function withSlots(hours: OpeningHours, day: Day, slots: TimeSlot[]): OpeningHours {
  const days = { ...hours.days };
  if (slots.length === 0) delete days[day];
  else days[day] = slots;
  return { ...hours, days };
}

export function BusinessHoursForm({ node, onClose }: StepFormProps) {
  const [draft, setDraft] = useState<BusinessHoursDraft>(() => businessHoursDraft(node));
  const save = useSaveStep(node);
  const idPrefix = useId();
  const { hours } = draft;
  const setHours = (next: OpeningHours) => setDraft((d) => ({ ...d, hours: next }));
  const hourProblems = useMemo(() => checkOpeningHours(hours), [hours]);
  const problems = useMemo(() => {
    const result = businessHoursValues(draft);
    return result.ok ? draftProblems(withArgValues(node, result.values, draft.name)) : new Map<string, string[]>();
  }, [node, draft]);

  const onSave = () => {
    const result = businessHoursValues(draft);
    return result.ok && save(draft.name, result.values);
  };

  const calendarOptions = [{ value: DEFAULT_CALENDAR, label: 'Your holiday schedule' }];
  if (draft.calendar !== DEFAULT_CALENDAR)
    calendarOptions.push({ value: draft.calendar, label: draft.calendar === '' ? 'None chosen' : draft.calendar });

  return (
    <StepDialog
      node={node}
      name={draft.name}
      onNameChange={(name) => setDraft((d) => ({ ...d, name }))}
      nameMessages={problems.get('name')}
      onSave={onSave}
      onClose={onClose}
      size="lg"
    >
      <SelectField
        label="Opening hours"
        value={hours.preset}
        options={PRESET_OPTIONS}
        onChange={(preset) => setHours(withPreset(hours, preset as OpeningHoursPreset))}
        hint={`Open: ${openingHoursLabel(hours)}. Times are UK time.`}
      />
      {hours.preset !== 'custom' ? (
        <fieldset className="cf-fieldset">
          <legend className="cf-label">Open on</legend>
          <div className="cf-days">
            {DAYS.map((day) => (
              <CheckboxField
                key={day}
                label={DAY_LABELS[day]}
                checked={(hours.days[day]?.length ?? 0) > 0}
                onChange={(on) => setHours(withDay(hours, day, on))}
              />
            ))}
          </div>
        </fieldset>
      ) : (
        <fieldset className="cf-fieldset">
          <legend className="cf-label">Hours per day</legend>
          <p className="cf-hint">
            A slot inside another one is a break (for example 12:00 to 13:00 inside 09:00 to 17:00).
          </p>
          {DAYS.map((day) => {
            const slots = hours.days[day] ?? [];
            const dayProblems = hourProblems.filter((p) => p.day === day);
            // A slot's inputs are described by the day's messages (editor-core words them per day and slot).
            const errorId = `${idPrefix}-${day}-error`;
            const slotInvalid = (i: number) => dayProblems.some((p) => p.slot === i);
            return (
              <div key={day} className="cf-day">
                <CheckboxField
                  label={`Open on ${FULL_DAY[day]}`}
                  checked={slots.length > 0}
                  onChange={(on) => setHours(withDay(hours, day, on))}
                />
                {slots.map((slot, i) => (
                  <div key={i} className="cf-slot">
                    <label>
                      <span className="cf-sr-only">{`${FULL_DAY[day]} ${i === 0 ? 'opens' : `slot ${i + 1} from`}`}</span>
                      <input
                        type="time"
                        className="cf-input cf-input-time"
                        value={slot.from}
                        aria-invalid={slotInvalid(i) || undefined}
                        aria-describedby={slotInvalid(i) ? errorId : undefined}
                        onChange={(e) =>
                          setHours(
                            withSlots(
                              hours,
                              day,
                              slots.map((s, j) => (j === i ? { ...s, from: e.target.value } : s)),
                            ),
                          )
                        }
                      />
                    </label>
                    <span aria-hidden="true">to</span>
                    <label>
                      <span className="cf-sr-only">{`${FULL_DAY[day]} ${i === 0 ? 'closes' : `slot ${i + 1} to`}`}</span>
                      <input
                        type="time"
                        className="cf-input cf-input-time"
                        value={slot.to}
                        aria-invalid={slotInvalid(i) || undefined}
                        aria-describedby={slotInvalid(i) ? errorId : undefined}
                        onChange={(e) =>
                          setHours(
                            withSlots(
                              hours,
                              day,
                              slots.map((s, j) => (j === i ? { ...s, to: e.target.value } : s)),
                            ),
                          )
                        }
                      />
                    </label>
                    <button
                      type="button"
                      className="cf-icon-button"
                      aria-label={`Remove ${FULL_DAY[day]} slot ${i + 1}`}
                      onClick={() =>
                        setHours(
                          withSlots(
                            hours,
                            day,
                            slots.filter((_, j) => j !== i),
                          ),
                        )
                      }
                    >
                      <ActionIcon name="remove" size={14} />
                    </button>
                  </div>
                ))}
                {slots.length > 0 && (
                  <button
                    type="button"
                    className="cf-button cf-button-small"
                    onClick={() => setHours(withSlots(hours, day, [...slots, { from: '12:00', to: '13:00' }]))}
                  >
                    <ActionIcon name="add" size={14} /> Add a slot or break on {FULL_DAY[day]}
                  </button>
                )}
                {dayProblems.length > 0 && (
                  <ul id={errorId} className="cf-error-list">
                    {[...new Set(dayProblems.map((p) => p.message))].map((m) => (
                      <li key={m} className="cf-error">
                        {m}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      <SelectField
        label="Holidays"
        hint="On these days the out-of-hours route is taken."
        value={draft.calendar}
        options={calendarOptions}
        onChange={(calendar) => setDraft((d) => ({ ...d, calendar }))}
        messages={problems.get('calendar')}
      />
    </StepDialog>
  );
}
