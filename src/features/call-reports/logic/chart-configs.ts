import type { ChartConfiguration, Scale } from 'chart.js';

import type { CallDensity, CallReportBucket, NumberOfCalls, TimeOfDay } from '@portal/contract';

import { bucketLabel, hourLabel, WEEKDAYS } from './report-logic.ts';

// Colours with at least 3:1 contrast on white (WCAG 1.4.11 for graphics), told apart by the legend and table too.
export const SERIES_COLOURS = {
  answered: '#1e7b34',
  missed: '#c0262d',
  outbound: '#1f5fbf',
  total: '#4a4a4a',
  calls: '#6a3fb5',
} as const;

/** How a chart lays out: on a phone, bars run across (labels readable down the side) and the grid turns. */
export interface ChartLayout {
  phone: boolean;
}

const base = (phone: boolean) => ({
  responsive: true,
  maintainAspectRatio: false,
  animation: false as const,
  indexAxis: phone ? ('y' as const) : ('x' as const),
  plugins: { legend: { position: 'bottom' as const } },
});

/** A titled axis; `grace` leaves room above the tallest bar so it never meets the chart's edge. */
const categoryAxis = (title: string) => ({ title: { display: true, text: title } });
const countAxis = (title = 'Calls') => ({
  beginAtZero: true,
  grace: '10%',
  ticks: { precision: 0 },
  title: { display: true, text: title },
});

/** The two axes of a bar chart: categories across and counts up, or (on a phone, bars running across) the other way round. */
const barScales = (phone: boolean, category: string) =>
  phone ? { x: countAxis(), y: categoryAxis(category) } : { x: categoryAxis(category), y: countAxis() };

/**
 * A grid axis with one tick per whole step from 0 to `last`, each named by `label`; the half step of room at
 * each end keeps the edge bubbles whole without putting ticks on the halves.
 */
function gridAxis(last: number, title: string, label: (index: number) => string) {
  return {
    min: -0.5,
    max: last + 0.5,
    title: { display: true, text: title },
    afterBuildTicks: (axis: Pick<Scale, 'ticks'>) => {
      axis.ticks = Array.from({ length: last + 1 }, (_, value) => ({ value }));
    },
    ticks: { autoSkip: true, callback: (value: number | string) => label(Number(value)) },
  };
}

/** Answered and missed calls per hour of the day, as grouped bars. */
export function timeOfDayChart(data: TimeOfDay, { phone }: ChartLayout): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: data.buckets.map((bucket) => hourLabel(bucket.hour)),
      datasets: [
        {
          label: 'Answered',
          data: data.buckets.map((bucket) => bucket.answered),
          backgroundColor: SERIES_COLOURS.answered,
        },
        { label: 'Missed', data: data.buckets.map((bucket) => bucket.missed), backgroundColor: SERIES_COLOURS.missed },
      ],
    },
    options: { ...base(phone), scales: barScales(phone, 'Hour of the day') },
  };
}

const BUCKET_AXIS: Record<CallReportBucket, string> = {
  hour: 'Hour of the day',
  day: 'Day',
  week: 'Week starting',
  month: 'Month',
};

/** Missed, answered and outbound calls per bucket as bars, the total as a line over them. */
export function numberOfCallsChart(data: NumberOfCalls, { phone }: ChartLayout): ChartConfiguration<'bar' | 'line'> {
  return {
    type: 'bar',
    data: {
      labels: data.buckets.map((bucket) => bucketLabel(bucket.start, data.bucket)),
      datasets: [
        {
          type: 'bar',
          label: 'Missed',
          data: data.buckets.map((bucket) => bucket.missed),
          backgroundColor: SERIES_COLOURS.missed,
        },
        {
          type: 'bar',
          label: 'Answered',
          data: data.buckets.map((bucket) => bucket.answered),
          backgroundColor: SERIES_COLOURS.answered,
        },
        {
          type: 'bar',
          label: 'Outbound',
          data: data.buckets.map((bucket) => bucket.outbound),
          backgroundColor: SERIES_COLOURS.outbound,
        },
        {
          type: 'line',
          label: 'Total',
          data: data.buckets.map((bucket) => bucket.total),
          borderColor: SERIES_COLOURS.total,
          backgroundColor: SERIES_COLOURS.total,
          pointRadius: 2,
        },
      ],
    },
    options: { ...base(phone), scales: barScales(phone, BUCKET_AXIS[data.bucket]) },
  };
}

/** Calls per weekday and hour as a grid of bubbles, the busiest the largest. On a phone the hours run down the screen. */
export function densityChart(data: CallDensity, { phone }: ChartLayout): ChartConfiguration<'bubble'> {
  const most = Math.max(1, ...data.cells.map((cell) => cell.calls));
  const points = data.cells
    .filter((cell) => cell.calls > 0)
    .map((cell) => {
      const r = 2 + (10 * Math.sqrt(cell.calls)) / Math.sqrt(most);
      return phone
        ? { x: cell.weekday - 1, y: cell.hour, r, calls: cell.calls }
        : { x: cell.hour, y: cell.weekday - 1, r, calls: cell.calls };
    });
  const hourAxis = gridAxis(23, 'Hour of the day', hourLabel);
  const dayAxis = gridAxis(6, 'Day of the week', (index) => WEEKDAYS[index]?.slice(0, 3) ?? '');
  return {
    type: 'bubble',
    data: {
      datasets: [
        {
          label: 'Calls',
          data: points,
          backgroundColor: `${SERIES_COLOURS.calls}b3`,
          borderColor: SERIES_COLOURS.calls,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            label: (item) => {
              const point = item.raw as { x: number; y: number; calls: number };
              const [weekday, hour] = phone ? [point.x, point.y] : [point.y, point.x];
              return `${WEEKDAYS[weekday]} ${hourLabel(hour)}: ${point.calls} calls`;
            },
          },
        },
      },
      scales: phone
        ? { x: dayAxis, y: { ...hourAxis, reverse: true } }
        : { x: hourAxis, y: { ...dayAxis, reverse: true } },
    },
  };
}
