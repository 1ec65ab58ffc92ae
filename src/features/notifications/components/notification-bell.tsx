import { Box, chakra, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useId, useRef } from 'react';

import { WARNING_SOLID } from '../../../components/tones.ts';
import { useNotificationCentre } from '../api/get-notification-lists.ts';
import { setPanelOpen, usePanelOpen } from '../logic/panel-open.ts';
import { panelFrame } from './panel-frame.ts';

// The panel and its dialogs load on the first open: most visits never open them.
const NotificationPanel = lazy(() => import('./notification-panel.tsx'));

/**
 * The bell's accessible name: the unread count, and the unsigned letter of authority its
 * colour shows (colour alone must not carry it).
 * @example bellLabel({ unread: 3, unsignedLoa: true, loaded: true }) // 'Notifications, 3 unread, a letter of authority is waiting to be signed'
 */
export function bellLabel({
  unread,
  unsignedLoa,
  loaded,
}: {
  unread: number;
  unsignedLoa: boolean;
  loaded: boolean;
}): string {
  if (!loaded) return 'Notifications';
  return `Notifications, ${unread} unread${unsignedLoa ? ', a letter of authority is waiting to be signed' : ''}`;
}

/**
 * The top bar's notification bell (spec 000, notification menu): it loads the three lists
 * when it first shows (on start, when signed in), its badge counts the unread items, in the
 * warning colour while a letter of authority waits to be signed, else the primary colour,
 * and it opens the notification panel. The top bar loads it in a chunk of its own, so the
 * lists' schemas do not hold up the first paint.
 */
export default function NotificationBell() {
  const centre = useNotificationCentre();
  const open = usePanelOpen((state) => state.open);
  // Signed out (the top bar gone), the panel is closed for whoever signs in next.
  useEffect(() => () => setPanelOpen(false), []);
  const bellRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = (returnFocus: boolean) => {
    setPanelOpen(false);
    if (returnFocus) bellRef.current?.focus();
  };
  const { unread, unsignedLoa, loaded } = centre;

  return (
    <Box position="relative">
      <IconButton
        ref={bellRef}
        aria-label={bellLabel(centre)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        variant="ghost"
        size="lg"
        position="relative"
        onClick={() => (open ? close(false) : setPanelOpen(true))}
      >
        <chakra.svg
          viewBox="0 0 24 24"
          w="6"
          h="6"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9m4.3 12a1.94 1.94 0 0 0 3.4 0" />
        </chakra.svg>
        {loaded && (unread > 0 || unsignedLoa) && (
          <Box
            as="span"
            aria-hidden="true"
            data-tone={unsignedLoa ? 'warning' : 'primary'}
            data-part="badge"
            // A small round badge on the button's top corner, clear of the icon's centre. (A bare
            // lineHeight="5" is not a token but a factor of 5: it drew a tall bar over the icon.)
            position="absolute"
            top="0.5"
            insetEnd="0.5"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            minW="18px"
            h="18px"
            px="1"
            rounded="full"
            bg={unsignedLoa ? WARNING_SOLID : 'brand.solid'}
            color="white"
            fontSize="11px"
            fontWeight="bold"
            lineHeight="1"
            pointerEvents="none"
          >
            {unread > 99 ? '99+' : unread || '!'}
          </Box>
        )}
      </IconButton>
      {open && (
        <Suspense
          fallback={
            <Box {...panelFrame} id={panelId} role="status" p="4" color="fg.muted">
              Loading notifications…
            </Box>
          }
        >
          <NotificationPanel id={panelId} bellRef={bellRef} onClose={close} />
        </Suspense>
      )}
    </Box>
  );
}
