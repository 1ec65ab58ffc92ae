import { Box, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Label and value pairs as a description list: side by side, one under the other on a phone. */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <chakra.dl
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: 'minmax(8rem, auto) 1fr' }}
      columnGap="4"
      rowGap={{ base: '0', sm: '2' }}
      mt="4"
    >
      {rows.map(([label, value]) => (
        <Box key={label} display="contents">
          <chakra.dt fontWeight="semibold" color="fg.muted" mt={{ base: '2', sm: '0' }}>
            {label}
          </chakra.dt>
          <chakra.dd overflowWrap="anywhere">{value}</chakra.dd>
        </Box>
      ))}
    </chakra.dl>
  );
}
