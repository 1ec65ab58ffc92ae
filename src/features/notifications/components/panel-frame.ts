import type { BoxProps } from '@chakra-ui/react';

/**
 * Where the notification panel sits: 550 px wide under the bell on desktop; on small screens
 * (below 960 px) the full width of the screen, under the 80 px app bar.
 */
export const panelFrame: BoxProps = {
  position: { base: 'fixed', lg: 'absolute' },
  top: { base: '80px', lg: 'calc(100% + 8px)' },
  insetStart: { base: '0', lg: 'auto' },
  insetEnd: '0',
  w: { base: '100vw', lg: '550px' },
  maxH: { base: 'calc(100dvh - 80px)', lg: 'calc(100dvh - 96px)' },
  zIndex: 'dropdown',
  display: 'flex',
  flexDirection: 'column',
  bg: 'bg.panel',
  borderWidth: '1px',
  rounded: { base: 'none', lg: 'md' },
  boxShadow: 'lg',
};
