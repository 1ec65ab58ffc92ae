import { Box } from '@chakra-ui/react';

import type { ChipType, DisplayChip } from '@portal/contract';

import { WARNING_SOLID, WARNING_SUBTLE } from './tones.ts';

// Subtle backgrounds with dark text: every pair is at least 7:1.
const TONES: Record<ChipType, { bg: string; color: string; borderColor: string }> = {
  success: { bg: 'green.50', color: 'green.800', borderColor: 'green.200' },
  info: { bg: 'brand.50', color: 'brand.800', borderColor: 'brand.200' },
  warning: WARNING_SUBTLE,
  error: { bg: 'red.50', color: 'red.700', borderColor: 'red.200' },
  neutral: { bg: 'gray.100', color: 'gray.800', borderColor: 'gray.200' },
};
// An urgent chip is solid, so it stands out in a list.
const URGENT = { bg: WARNING_SOLID, color: 'white', borderColor: WARNING_SOLID };

/** A status chip: a short word with its tone; `label` says what it is the status of, for screen readers. */
export function StatusChip({ chip, label }: { chip: DisplayChip; label?: string }) {
  const tone = chip.urgent ? URGENT : TONES[chip.type];
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      flexShrink={0}
      px="2"
      py="0.5"
      rounded="full"
      borderWidth="1px"
      fontSize="xs"
      fontWeight="semibold"
      lineHeight="short"
      whiteSpace="nowrap"
      {...tone}
    >
      {label && (
        <span
          style={{
            position: 'absolute',
            width: '1px',
            height: '1px',
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
          }}
        >
          {label}:{' '}
        </span>
      )}
      {chip.text}
    </Box>
  );
}
