import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import type { ChartConfiguration } from 'chart.js';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { displayCount } from '@portal/editor-core';

import { LoadError } from '../../../components/states.tsx';

/**
 * A chart drawn by Chart.js, loaded on demand (chart-setup.ts is its own chunk). The canvas is an
 * image to assistive technology, named by `label`; its numbers are in the table beside it.
 */
function ChartCanvas({ config, label, height }: { config: ChartConfiguration; label: string; height: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    let chart: { destroy: () => void } | undefined;
    let current = true;
    import('./chart-setup.ts').then(
      ({ createChart }) => {
        if (current && canvas.current) chart = createChart(canvas.current, config);
      },
      (error: unknown) => current && setFailed(error),
    );
    return () => {
      current = false;
      chart?.destroy();
    };
  }, [config]);
  if (failed) return <LoadError title="The chart could not be drawn" error={failed} />;
  return (
    <Box position="relative" h={height} w="full">
      <canvas ref={canvas} role="img" aria-label={label} />
    </Box>
  );
}

/** A report section: its chart, or (behind the toggle) a table of the same numbers. */
export function ChartPanel({
  title,
  description,
  config,
  chartLabel,
  height,
  table,
  empty,
}: {
  title: string;
  description: string;
  config: ChartConfiguration;
  chartLabel: string;
  height: string;
  table: ReactNode;
  empty: boolean;
}) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const regionId = useId();
  return (
    <chakra.section aria-labelledby={headingId} borderWidth="1px" rounded="lg" p={{ base: '3', md: '4' }} minW="0">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap" mb="2">
        <Box>
          <Heading as="h2" size="lg" id={headingId}>
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {description}
          </Text>
        </Box>
        <Button
          size="sm"
          variant="outline"
          aria-controls={regionId}
          aria-pressed={asTable}
          onClick={() => setAsTable((on) => !on)}
        >
          {asTable ? `Show ${title.toLowerCase()} as a chart` : `Show ${title.toLowerCase()} as a table`}
        </Button>
      </Flex>
      <Box id={regionId}>
        {empty && !asTable ? (
          <Text color="fg.muted" py="6" textAlign="center">
            No calls in this period.
          </Text>
        ) : asTable ? (
          <Box overflowX="auto" maxH="28rem" overflowY="auto" tabIndex={0} aria-label={`${title}, table`}>
            {table}
          </Box>
        ) : (
          <ChartCanvas config={config} label={chartLabel} height={height} />
        )}
      </Box>
    </chakra.section>
  );
}

const tableCss = {
  '& th, & td': { textAlign: 'right', px: '2', py: '1', borderBottomWidth: '1px', whiteSpace: 'nowrap' },
  '& th:first-of-type, & td:first-of-type': { textAlign: 'left' },
} as const;

/** A plain table of a chart's numbers: a header row, then one row per bucket with its label first. */
export function NumbersTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly [string, ...number[]]>;
}) {
  return (
    <chakra.table w="full" fontSize="sm" fontVariantNumeric="tabular-nums" css={tableCss}>
      <chakra.caption textAlign="left" fontWeight="medium" mb="1">
        {caption}
      </chakra.caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, ...values]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {values.map((value, i) => (
              <td key={i}>{displayCount(value)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </chakra.table>
  );
}
