import { Box, chakra, IconButton, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

import { toaster, type ToastEntry, type ToastType } from './toast-store.ts';

/** The toasts on screen; loaded with the first toast (see toaster.tsx). */

const accent: Record<ToastType, string> = { error: 'border.error', success: 'green.600', info: 'brand.solid' };

function ToastItem({ toast }: { toast: ToastEntry }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => toaster.dismiss(toast.id), toast.duration);
  };
  const pause = () => clearTimeout(timer.current);

  useEffect(() => {
    timer.current = setTimeout(() => toaster.dismiss(toast.id), toast.duration);
    return () => clearTimeout(timer.current);
  }, [toast.id, toast.duration]);

  return (
    <Box
      role={toast.type === 'error' ? 'alert' : 'status'}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
      display="flex"
      alignItems="flex-start"
      gap="3"
      bg="bg.panel"
      borderWidth="1px"
      borderInlineStartWidth="6px"
      borderInlineStartColor={accent[toast.type]}
      rounded="md"
      boxShadow="lg"
      p="4"
    >
      <Box flex="1" minW="0">
        <Text fontWeight="semibold">{toast.title}</Text>
        {toast.description && <Text color="fg.muted">{toast.description}</Text>}
      </Box>
      <IconButton size="sm" variant="ghost" aria-label="Dismiss" onClick={() => toaster.dismiss(toast.id)}>
        <chakra.svg
          viewBox="0 0 24 24"
          width="4"
          height="4"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </chakra.svg>
      </IconButton>
    </Box>
  );
}

function ToastList({ toasts }: { toasts: readonly ToastEntry[] }) {
  return (
    <chakra.div
      aria-label="Notifications"
      role="region"
      position="fixed"
      // below the 80 px top bar, so a toast never covers its controls
      top="calc(80px + 1rem)"
      insetEnd="4"
      zIndex="toast"
      w="450px"
      maxW="calc(100vw - 2rem)"
      display="flex"
      flexDirection="column"
      gap="2"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </chakra.div>
  );
}

export default ToastList;
