import { chakra } from '@chakra-ui/react';

import { Tooltip } from './tooltip.tsx';

/** Text longer than this is truncated with a tooltip, unless said (spec 001 section 9). */
export const TRUNCATE_AT = 15;

/**
 * A text of at most `max` characters (15 by default) followed by '…', the whole text in a tooltip
 * on hover and keyboard focus; screen readers read the whole text. Shorter text shows as it is.
 * @example <TruncatedText text="Leeds Pipe & Valve Wholesale Co" /> // "Leeds Pipe & Va…"
 */
export function TruncatedText({ text, max = TRUNCATE_AT }: { text: string; max?: number }) {
  const chars = Array.from(text);
  if (chars.length <= max) return <>{text}</>;
  const short = `${chars.slice(0, max).join('').trimEnd()}…`;
  return (
    <Tooltip content={text}>
      {(describedBy) => (
        // Focusable, so a keyboard user can read the whole text too.
        <chakra.span
          tabIndex={0}
          data-tooltip={describedBy}
          rounded="sm"
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
        >
          <chakra.span aria-hidden="true">{short}</chakra.span>
          <chakra.span srOnly>{text}</chakra.span>
        </chakra.span>
      )}
    </Tooltip>
  );
}
