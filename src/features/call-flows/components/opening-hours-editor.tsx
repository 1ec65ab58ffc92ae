import { Box, Button, chakra, Flex, Text } from '@chakra-ui/react';

import {
  checkOpeningHours,
  DAYS,
  openingHoursLabel,
  type Day,
  type OpeningHours,
  type OpeningHoursProblem,
} from '@portal/editor-core';

import { Checkbox } from '../../../components/checkbox.tsx';
import { PRESET_LABELS, PRESETS } from '../logic/preset-labels.ts';
import {
  addBreak,
  addSlot,
  choosePreset,
  isBreak,
  removeSlot,
  setDayOpen,
  setSlotTime,
  simpleFlowFieldIds,
} from '../logic/simple-flow.ts';
import { PlusIcon } from './icons.tsx';

const DAY_NAMES: Record<Day, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

interface OpeningHoursEditorProps {
  hours: OpeningHours;
  onChange: (hours: OpeningHours) => void;
  /** Show the problems (after a save was tried), or only mark the fields. */
  showProblems: boolean;
}

const Legend = chakra('legend', { base: { fontWeight: 'semibold', mb: '2' } });

/**
 * Opening hours of the simple call flow: a preset, the open days, and with custom hours
 * each day's slots and breaks (a break is a slot strictly inside another). The rules and
 * their messages are editor-core's (checkOpeningHours, openingHoursLabel).
 */
export function OpeningHoursEditor({ hours, onChange, showProblems }: OpeningHoursEditorProps) {
  const problems = checkOpeningHours(hours);
  const problemAt = (day: Day, slot: number): OpeningHoursProblem | undefined =>
    problems.find((p) => p.day === day && p.slot === slot);

  return (
    <Flex direction="column" gap="5">
      <chakra.fieldset>
        <Legend>Hours</Legend>
        <Flex direction="column" gap="2">
          {PRESETS.map((preset) => (
            <Flex as="label" key={preset} gap="3" align="center" cursor="pointer" w="fit-content">
              <chakra.input
                type="radio"
                name="simple-flow-preset"
                value={preset}
                checked={hours.preset === preset}
                onChange={() => onChange(choosePreset(hours, preset))}
                w="5"
                h="5"
                accentColor="brand.solid"
                focusVisibleRing="outside"
              />
              {PRESET_LABELS[preset]}
            </Flex>
          ))}
        </Flex>
      </chakra.fieldset>

      <chakra.fieldset>
        <Legend>Open days</Legend>
        <Flex gap="4" wrap="wrap">
          {DAYS.map((day) => (
            <Checkbox
              key={day}
              id={`simple-flow-day-${day}`}
              label={DAY_NAMES[day]}
              checked={(hours.days[day]?.length ?? 0) > 0}
              onChange={(open) => onChange(setDayOpen(hours, day, open))}
            />
          ))}
        </Flex>
      </chakra.fieldset>

      <Text>
        <chakra.span fontWeight="semibold">Open: </chakra.span>
        {openingHoursLabel(hours)}
      </Text>

      {hours.preset === 'custom' && (
        <Flex direction="column" gap="4">
          {DAYS.filter((day) => (hours.days[day]?.length ?? 0) > 0).map((day) => {
            const slots = hours.days[day] ?? [];
            return (
              <chakra.fieldset key={day} borderWidth="1px" rounded="md" p="4">
                <Legend px="1">{DAY_NAMES[day]}</Legend>
                <Flex direction="column" gap="3">
                  {slots.map((slot, index) => {
                    const isBreakSlot = isBreak(slots, index);
                    // Names stay put while times are typed (a slot may turn into a break and back).
                    const label = `slot ${index + 1}`;
                    const problem = problemAt(day, index);
                    const errorId = `${simpleFlowFieldIds.slot(day, index, 'from')}-error`;
                    return (
                      <Box key={index}>
                        {problem && showProblems && (
                          <Text id={errorId} color="fg.error" fontWeight="semibold" mb="1">
                            <chakra.span srOnly>Error: </chakra.span>
                            {problem.message}
                          </Text>
                        )}
                        <Flex gap="3" align="flex-end" wrap="wrap">
                          <Text w="8rem" fontWeight="medium" pb="2">
                            {isBreakSlot ? 'Break' : 'Open'}
                          </Text>
                          {(['from', 'to'] as const).map((end) => {
                            const id = simpleFlowFieldIds.slot(day, index, end);
                            return (
                              <Box key={end}>
                                <chakra.label htmlFor={id} display="block" fontSize="sm" color="fg.muted">
                                  {end === 'from' ? 'From' : 'To'}
                                </chakra.label>
                                <chakra.input
                                  id={id}
                                  type="time"
                                  value={slot[end]}
                                  onChange={(event) =>
                                    onChange(setSlotTime(hours, day, index, end, event.target.value))
                                  }
                                  aria-label={`${DAY_NAMES[day]} ${label} ${end}`}
                                  aria-invalid={problem ? true : undefined}
                                  aria-describedby={problem && showProblems ? errorId : undefined}
                                  h="10"
                                  px="2"
                                  bg="bg"
                                  borderWidth="2px"
                                  borderColor={problem ? 'border.error' : 'gray.700'}
                                  rounded="md"
                                  focusVisibleRing="outside"
                                />
                              </Box>
                            );
                          })}
                          <Button
                            variant="ghost"
                            size="sm"
                            h="10"
                            colorPalette="gray"
                            onClick={() => onChange(removeSlot(hours, day, index))}
                            aria-label={`Remove ${DAY_NAMES[day]} ${label}`}
                          >
                            Remove
                          </Button>
                        </Flex>
                      </Box>
                    );
                  })}
                  <Flex gap="2" wrap="wrap">
                    <Button
                      variant="outline"
                      size="sm"
                      colorPalette="brand"
                      onClick={() => onChange(addSlot(hours, day))}
                      aria-label={`Add opening hours on ${DAY_NAMES[day]}`}
                    >
                      <PlusIcon />
                      Add opening hours
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      colorPalette="brand"
                      onClick={() => onChange(addBreak(hours, day))}
                      aria-label={`Add a break on ${DAY_NAMES[day]}`}
                    >
                      <PlusIcon />
                      Add a break
                    </Button>
                  </Flex>
                </Flex>
              </chakra.fieldset>
            );
          })}
        </Flex>
      )}
    </Flex>
  );
}
