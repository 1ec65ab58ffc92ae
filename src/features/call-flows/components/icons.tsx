import { chakra } from '@chakra-ui/react';

/** Small decorative icons of the call-flow pages; the controls carry the names. */

const svgProps = {
  viewBox: '0 0 24 24',
  width: '4',
  height: '4',
  'aria-hidden': true,
  focusable: 'false',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function PlayIcon() {
  return (
    <chakra.svg {...svgProps}>
      <path d="M7 4l13 8-13 8z" fill="currentColor" />
    </chakra.svg>
  );
}

export function StopIcon() {
  return (
    <chakra.svg {...svgProps}>
      <rect x="6" y="6" width="12" height="12" fill="currentColor" />
    </chakra.svg>
  );
}

export function PlusIcon() {
  return (
    <chakra.svg {...svgProps}>
      <path d="M12 5v14M5 12h14" />
    </chakra.svg>
  );
}

export function MoreIcon() {
  return (
    <chakra.svg {...svgProps} width="5" height="5">
      <circle cx="12" cy="5" r="1.5" fill="currentColor" />
      <circle cx="12" cy="12" r="1.5" fill="currentColor" />
      <circle cx="12" cy="19" r="1.5" fill="currentColor" />
    </chakra.svg>
  );
}
