import { describe, expect, it } from 'vitest';

import type { CallDensity, NumberOfCalls, TimeOfDay } from '@portal/contract';

import { densityChart, numberOfCallsChart, timeOfDayChart } from './chart-configs.ts';

interface TestAxis {
  title?: { display: boolean; text: string };
  grace?: string;
  afterBuildTicks?: (axis: { ticks: { value: number }[] }) => void;
  ticks?: { callback?: (value: number | string) => string };
}

/** The labels an axis shows, as Chart.js builds them: its ticks, then each one's label. */
function tickLabels(axis: TestAxis): string[] {
  const built = { ticks: [{ value: -0.5 }, { value: 1.5 }] };
  axis.afterBuildTicks?.(built);
  return built.ticks.map((tick) => axis.ticks?.callback?.(tick.value) ?? String(tick.value));
}

const range = { range_start: '2026-01-01', range_end: '2026-01-30' };
const density: CallDensity = {
  ...range,
  cells: [
    { weekday: 1, hour: 0, calls: 2 },
    { weekday: 7, hour: 23, calls: 5 },
  ],
};
const timeOfDay: TimeOfDay = { ...range, buckets: [{ hour: 9, answered: 12, missed: 3 }] };
const weekly: NumberOfCalls = { ...range, bucket: 'week', buckets: [] };

describe('the call report charts', () => {
  it('label the density grid by whole hours and by weekday, on desktop and on a phone', () => {
    for (const phone of [false, true]) {
      const scales = densityChart(density, { phone }).options?.scales as Record<'x' | 'y', TestAxis>;
      const [hours, days] = phone ? [scales.y, scales.x] : [scales.x, scales.y];
      expect(tickLabels(hours)).toEqual(Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`));
      expect(tickLabels(days)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
      expect(hours.title).toEqual({ display: true, text: 'Hour of the day' });
      expect(days.title).toEqual({ display: true, text: 'Day of the week' });
    }
  });

  it('leave room above the tallest bar and title both axes, on desktop and on a phone', () => {
    for (const phone of [false, true]) {
      const scales = timeOfDayChart(timeOfDay, { phone }).options?.scales as Record<'x' | 'y', TestAxis>;
      const [category, count] = phone ? [scales.y, scales.x] : [scales.x, scales.y];
      expect(count.grace).toBe('10%');
      expect(count.title?.text).toBe('Calls');
      expect(category.title?.text).toBe('Hour of the day');
      const calls = numberOfCallsChart(weekly, { phone }).options?.scales as Record<'x' | 'y', TestAxis>;
      expect((phone ? calls.y : calls.x).title?.text).toBe('Week starting');
      expect((phone ? calls.x : calls.y).grace).toBe('10%');
    }
  });
});
