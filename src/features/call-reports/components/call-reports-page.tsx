import { Box, Button, chakra, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

import {
  callActivityFilename,
  callReportMessages,
  displayPhone,
  formatCallDuration,
  ukDate,
  type CallDensity,
  type CallSummary,
  type NumberOfCalls,
  type SummaryFigure,
  type TimeOfDay,
} from '@portal/contract';
import { displayCount } from '@portal/editor-core';

import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { Tooltip } from '../../../components/tooltip.tsx';
import { brand } from '../../../config/brand.ts';
import { MOBILE_MEDIA_QUERY } from '../../../config/breakpoints.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import {
  allCallActivity,
  useCallActivity,
  useCallDensity,
  useCallSummary,
  useNumberOfCalls,
  useTimeOfDay,
} from '../api/call-reports-api.ts';
import { densityChart, numberOfCallsChart, timeOfDayChart } from '../logic/chart-configs.ts';
import {
  activityQuery,
  bucketLabel,
  changeText,
  figureValue,
  hourLabel,
  rangeDays,
  reportFiltersFrom,
  reportQuery,
  reportSearch,
  WEEKDAYS,
  type ReportFilters,
} from '../logic/report-logic.ts';
import { ChartPanel, NumbersTable } from './report-charts.tsx';

const CALL_TYPE_LABELS = { outbound_call: 'Outbound', answered: 'Answered', missed: 'Missed' } as const;

function DateFilter({ filters, onApply }: { filters: ReportFilters; onApply: (next: ReportFilters) => void }) {
  const [draft, setDraft] = useState(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, page: 1 });
  };
  return (
    <chakra.form onSubmit={submit} aria-label="Date range" borderWidth="1px" rounded="lg" p="4" mb="5">
      <Flex gap="4" wrap="wrap" align="flex-end">
        <DateRangeFields
          idPrefix="reports"
          range={draft.range}
          start={draft.range_start}
          end={draft.range_end}
          onRange={(range) => setDraft({ ...draft, range })}
          onStart={(range_start) => setDraft({ ...draft, range_start })}
          onEnd={(range_end) => setDraft({ ...draft, range_end })}
        />
        <Button type="submit" colorPalette="brand" h="12">
          Show report
        </Button>
      </Flex>
    </chakra.form>
  );
}

const TONE_COLOURS = { up: 'green.700', down: 'red.700', same: 'fg.muted', none: 'fg.muted' } as const;
const TONE_MARKS = { up: '▲ ', down: '▼ ', same: '', none: '' } as const;

function SummaryCard({
  title,
  figure,
  kind,
  days,
  tooltip,
}: {
  title: string;
  figure: SummaryFigure;
  kind: 'count' | 'minutes';
  days: number;
  tooltip?: string;
}) {
  const change = changeText(figure, days);
  return (
    <Box as="li" borderWidth="1px" rounded="lg" p="4" data-testid="summary-card" listStyleType="none">
      <Flex align="center" gap="1">
        <Text fontWeight="medium" color="fg.muted">
          {title}
        </Text>
        {tooltip && (
          <Tooltip content={tooltip}>
            {(describedBy) => (
              <chakra.button
                type="button"
                aria-label={`About ${title.toLowerCase()}`}
                aria-describedby={describedBy}
                rounded="full"
                borderWidth="1px"
                w="5"
                h="5"
                fontSize="xs"
                lineHeight="1"
                color="fg.muted"
              >
                i
              </chakra.button>
            )}
          </Tooltip>
        )}
      </Flex>
      <Text fontSize="3xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {figureValue(figure.total, kind)}
      </Text>
      <Text fontSize="sm" color={TONE_COLOURS[change.tone]}>
        {TONE_MARKS[change.tone]}
        {change.text}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        Previous period: {figureValue(figure.previous, kind)}
      </Text>
    </Box>
  );
}

function SummaryCards({ summary }: { summary: CallSummary }) {
  const days = rangeDays(summary.range_start, summary.range_end);
  return (
    <Grid
      as="ul"
      aria-label="Summary"
      templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' }}
      gap="3"
      mb="5"
      p="0"
    >
      <SummaryCard title="Outbound calls" figure={summary.outbound_calls} kind="count" days={days} />
      <SummaryCard title="Answered calls" figure={summary.answered_calls} kind="count" days={days} />
      <SummaryCard title="Missed calls" figure={summary.missed_calls} kind="count" days={days} />
      <SummaryCard
        title="Call duration"
        figure={summary.call_minutes}
        kind="minutes"
        days={days}
        tooltip={callReportMessages.durationTooltip}
      />
    </Grid>
  );
}

function TimeOfDayPanel({ data, phone }: { data: TimeOfDay; phone: boolean }) {
  const config = useMemo(() => timeOfDayChart(data, { phone }), [data, phone]);
  const total = data.buckets.reduce((sum, bucket) => sum + bucket.answered + bucket.missed, 0);
  const busiest = data.buckets.reduce(
    (best, bucket) => (bucket.answered + bucket.missed > best.answered + best.missed ? bucket : best),
    data.buckets[0]!,
  );
  return (
    <ChartPanel
      title="Time of day"
      description="Answered and missed calls by the hour they came in (UK time)."
      config={config}
      chartLabel={`Bar chart of answered and missed calls per hour. Busiest hour ${hourLabel(busiest.hour)}. The table has every number.`}
      height={phone ? '34rem' : '18rem'}
      empty={total === 0}
      table={
        <NumbersTable
          caption="Calls per hour of the day"
          columns={['Hour', 'Answered', 'Missed']}
          rows={data.buckets.map((bucket) => [hourLabel(bucket.hour), bucket.answered, bucket.missed] as const)}
        />
      }
    />
  );
}

function NumberOfCallsPanel({ data, phone }: { data: NumberOfCalls; phone: boolean }) {
  const config = useMemo(() => numberOfCallsChart(data, { phone }), [data, phone]);
  const total = data.buckets.reduce((sum, bucket) => sum + bucket.total, 0);
  const per = { hour: 'hour', day: 'day', week: 'week', month: 'month' }[data.bucket];
  return (
    <ChartPanel
      title="Number of calls"
      description={`Missed, answered and outbound calls per ${per}, with the total.`}
      config={config}
      chartLabel={`Bar chart of missed, answered and outbound calls per ${per}, ${total} calls in all. The table has every number.`}
      height={phone ? `${Math.max(20, data.buckets.length * 1.6)}rem` : '20rem'}
      empty={total === 0}
      table={
        <NumbersTable
          caption={`Calls per ${per}`}
          columns={[per[0]!.toUpperCase() + per.slice(1), 'Missed', 'Answered', 'Outbound', 'Total']}
          rows={data.buckets.map(
            (bucket) =>
              [
                bucketLabel(bucket.start, data.bucket),
                bucket.missed,
                bucket.answered,
                bucket.outbound,
                bucket.total,
              ] as const,
          )}
        />
      }
    />
  );
}

function DensityPanel({ data, phone }: { data: CallDensity; phone: boolean }) {
  const config = useMemo(() => densityChart(data, { phone }), [data, phone]);
  const at = (weekday: number, hour: number) =>
    data.cells.find((cell) => cell.weekday === weekday && cell.hour === hour)?.calls ?? 0;
  const total = data.cells.reduce((sum, cell) => sum + cell.calls, 0);
  return (
    <ChartPanel
      title="Density"
      description="When calls happen: calls per weekday and hour, the larger the busier."
      config={config}
      chartLabel="Bubble chart of calls per weekday and hour. The table has every number."
      height={phone ? '36rem' : '20rem'}
      empty={total === 0}
      table={
        <NumbersTable
          caption="Calls per hour (rows) and weekday (columns)"
          columns={['Hour', ...WEEKDAYS.map((day) => day.slice(0, 3))]}
          rows={Array.from(
            { length: 24 },
            (_, hour) => [hourLabel(hour), ...WEEKDAYS.map((_, i) => at(i + 1, hour))] as const,
          )}
        />
      }
    />
  );
}

function ActivityList({
  productId,
  filters,
  onPage,
}: {
  productId: number;
  filters: ReportFilters;
  onPage: (page: number) => void;
}) {
  const activity = useCallActivity(productId, activityQuery(filters));
  const [exporting, setExporting] = useState<string | null>(null);
  const exportCsv = async () => {
    setExporting('Preparing the export…');
    try {
      const [calls, { activityToCsv }] = await Promise.all([
        allCallActivity(productId, reportQuery(filters), (received, total) =>
          setExporting(`Exporting ${displayCount(received)} of ${displayCount(total)} calls…`),
        ),
        import('../logic/activity-csv.ts'),
      ]);
      const fileName = callActivityFilename(brand.productName, ukDate(new Date()));
      saveFile(new Blob([activityToCsv(calls)], { type: 'text/csv;charset=utf-8' }), fileName);
      toaster.create({
        type: 'success',
        title: `Exported ${displayCount(calls.length)} call${calls.length === 1 ? '' : 's'} to ${fileName}`,
      });
    } catch (error) {
      const tooMany = error instanceof Error && error.message === callReportMessages.tooManyToExport;
      toaster.create({
        type: 'error',
        title: 'The call activity could not be exported',
        description: tooMany ? error.message : userErrorText(error),
      });
    } finally {
      setExporting(null);
    }
  };
  const data = activity.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / data.page_size)) : 1;
  return (
    <chakra.section aria-labelledby="call-activity-heading" mt="5">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="lg" id="call-activity-heading">
          Call activity
        </Heading>
        <Button
          variant="outline"
          colorPalette="brand"
          onClick={() => void exportCsv()}
          disabled={exporting !== null || !data || data.count === 0}
          loading={exporting !== null}
        >
          Export CSV
        </Button>
      </Flex>
      <Text role="status" color="fg.muted" fontSize="sm" minH="5" mb="2">
        {exporting ?? ''}
      </Text>
      {activity.isPending ? (
        <Loading label="Loading the call activity" />
      ) : activity.isError ? (
        <LoadError
          title="The call activity could not be loaded"
          error={activity.error}
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      ) : data!.results.length === 0 ? (
        <Box borderWidth="1px" rounded="lg" p="6" textAlign="center">
          <Text fontWeight="medium">No calls in this period.</Text>
          <Text color="fg.muted">Choose another date range.</Text>
        </Box>
      ) : (
        <Box aria-busy={activity.isFetching || undefined}>
          <Text mb="2" aria-live="polite">
            {displayCount(data!.count)} call{data!.count === 1 ? '' : 's'} from {formatDate(data!.range_start)} to{' '}
            {formatDate(data!.range_end)}
          </Text>
          <Box
            overflowX="auto"
            borderWidth="1px"
            rounded="lg"
            tabIndex={0}
            aria-label="Call activity, scrolls sideways on small screens"
          >
            <chakra.table
              w="full"
              fontSize="sm"
              css={{
                '& th, & td': { textAlign: 'left', px: '3', py: '2', borderBottomWidth: '1px', whiteSpace: 'nowrap' },
              }}
            >
              <chakra.caption srOnly>
                Call activity from {formatDate(data!.range_start)} to {formatDate(data!.range_end)}, page {filters.page}{' '}
                of {displayCount(pages)}
              </chakra.caption>
              <thead>
                <tr>
                  <th scope="col">Date and time</th>
                  <th scope="col">Call type</th>
                  <th scope="col">Caller</th>
                  <th scope="col">Called</th>
                  <th scope="col">Duration</th>
                  <th scope="col">User</th>
                </tr>
              </thead>
              <tbody>
                {data!.results.map((call) => (
                  <tr key={call.id}>
                    <td>{formatDateTime(call.start_time)}</td>
                    <td>{CALL_TYPE_LABELS[call.status]}</td>
                    <td>{displayPhone(call.caller)}</td>
                    <td>{displayPhone(call.called)}</td>
                    <td>{formatCallDuration(call.duration)}</td>
                    <td>{call.user ? `${call.user.name} (ext. ${call.user.extension})` : '-'}</td>
                  </tr>
                ))}
              </tbody>
            </chakra.table>
          </Box>
          {pages > 1 && (
            <Flex as="nav" aria-label="Call activity pages" gap="3" align="center" justify="center" mt="4">
              <Button size="sm" variant="outline" disabled={filters.page <= 1} onClick={() => onPage(filters.page - 1)}>
                Previous
              </Button>
              <Text>
                Page {filters.page} of {displayCount(pages)}
              </Text>
              <Button
                size="sm"
                variant="outline"
                disabled={filters.page >= pages}
                onClick={() => onPage(filters.page + 1)}
              >
                Next
              </Button>
            </Flex>
          )}
        </Box>
      )}
    </chakra.section>
  );
}

/** Section of a report figure that loads on its own: loading, error (with retry), or the content. */
function Loaded<T>({
  query,
  what,
  children,
}: {
  query: {
    data: T | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={`Loading ${what}`} />;
  if (query.isError)
    return (
      <LoadError
        title={`The ${what} could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return <Box aria-busy={query.isFetching || undefined}>{children(query.data as T)}</Box>;
}

/** Call reports, tab call trends (/call-reports/{id}?tab=call-trends): summary cards, three charts and the call activity. */
export function CallReportsPage({ productId }: { productId: number }) {
  const [params, setParams] = useSearchParams();
  const filters = reportFiltersFrom(params);
  const query = reportQuery(filters);
  const phone = useMediaQuery(MOBILE_MEDIA_QUERY);
  const summary = useCallSummary(productId, query);
  const timeOfDay = useTimeOfDay(productId, query);
  const numberOfCalls = useNumberOfCalls(productId, query);
  const density = useCallDensity(productId, query);
  const apply = (next: ReportFilters) => setParams(reportSearch(next));

  return (
    <Box>
      <Box mb="4">
        <Heading as="h1" size="2xl">
          Call reports
        </Heading>
        <Text color="fg.muted" mt="1">
          Call trends on this phone
          {summary.data
            ? ` from ${formatDate(summary.data.range_start)} to ${formatDate(summary.data.range_end)}, compared with the ${rangeDays(summary.data.range_start, summary.data.range_end) === 1 ? 'day' : `${rangeDays(summary.data.range_start, summary.data.range_end)} days`} before.`
            : '.'}
        </Text>
      </Box>

      <DateFilter key={params.toString()} filters={filters} onApply={apply} />

      <Loaded query={summary} what="summary">
        {(data) => <SummaryCards summary={data} />}
      </Loaded>

      <Stack gap="4">
        <Loaded query={numberOfCalls} what="number of calls">
          {(data) => <NumberOfCallsPanel data={data} phone={phone} />}
        </Loaded>
        <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
          <Loaded query={timeOfDay} what="time of day">
            {(data) => <TimeOfDayPanel data={data} phone={phone} />}
          </Loaded>
          <Loaded query={density} what="density">
            {(data) => <DensityPanel data={data} phone={phone} />}
          </Loaded>
        </Grid>
      </Stack>

      <ActivityList productId={productId} filters={filters} onPage={(page) => apply({ ...filters, page })} />
    </Box>
  );
}
