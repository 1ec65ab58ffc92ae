import { Box, chakra, Flex, Heading } from '@chakra-ui/react';
import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';

export interface DialogProps {
  /** Mounted while open; closing unmounts it, so its form state starts afresh next time. */
  open: boolean;
  /** Escape, a click on the backdrop, or a close button of the caller's. */
  onClose: () => void;
  title: string;
  children?: ReactNode;
  /** The action buttons, the main one last. */
  footer?: ReactNode;
  /** 'alertdialog' for a question that interrupts (discard changes, delete). */
  role?: 'dialog' | 'alertdialog';
  /** While a request runs the dialog stays open. */
  busy?: boolean;
  width?: string;
}

/**
 * A modal dialog on the platform's own `<dialog>` and `showModal()`: the page behind is
 * inert, focus moves in (to the first control, or one marked `autoFocus`) and goes back to
 * where it was when the dialog closes, Escape closes it. No state-machine library and no
 * recipe, so it costs a page almost nothing.
 */
export function Dialog({ open, ...props }: DialogProps) {
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  onClose,
  title,
  children,
  footer,
  role = 'dialog',
  busy = false,
  width = '32rem',
}: Omit<DialogProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', ''); // jsdom and old browsers: open, if not modal
    }
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      // The element leaves the page with the dialog, so focus is put back by hand.
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const cancel = (event: SyntheticEvent) => {
    event.preventDefault(); // React decides when it closes
    // React bubbles cancel (Escape) up the component tree: a dialog opened from another closes only itself.
    event.stopPropagation();
    if (!busy) onClose();
  };
  // A click on the dialog element itself, outside its content box, is on the backdrop.
  const backdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && !busy) onClose();
  };

  return (
    <chakra.dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      aria-busy={busy || undefined}
      onCancel={cancel}
      onClick={backdropClick}
      p="0"
      m="auto"
      border="none"
      rounded="lg"
      boxShadow="2xl"
      bg="bg.panel"
      color="fg"
      w={`min(calc(100vw - 2rem), ${width})`}
      maxH="calc(100dvh - 2rem)"
      overflowY="auto"
      _backdrop={{ bg: 'blackAlpha.600' }}
    >
      <Box p={{ base: '5', md: '6' }}>
        <Heading as="h2" id={titleId} size="xl" mb="4" overflowWrap="anywhere">
          {title}
        </Heading>
        {children && <Box id={bodyId}>{children}</Box>}
        {footer && (
          <Flex mt="6" gap="3" justify="flex-end" wrap="wrap">
            {footer}
          </Flex>
        )}
      </Box>
    </chakra.dialog>
  );
}
