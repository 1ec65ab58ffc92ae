import { chakra } from '@chakra-ui/react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject, type SyntheticEvent } from 'react';

interface FullScreenDialogProps {
  /** The id of the dialog's heading, which names it. */
  labelledBy: string;
  /** The id of the text that says what it is for. */
  describedBy: string;
  /** Focused when it opens (the first field), instead of the first control. */
  initialFocus?: RefObject<HTMLElement | null>;
  busy?: boolean;
  children: ReactNode;
}

/**
 * A modal dialog over the whole screen that the person cannot dismiss: no close button, and
 * Escape and clicks do nothing; it goes when its owner stops rendering it. On the platform's
 * `<dialog>` and `showModal()`, so the page behind is inert. Browsers may close a modal
 * dialog on a second Escape whatever the page says (close watchers), so Escape is stopped at
 * keydown too, and a dialog closed all the same is shown again.
 */
export function FullScreenDialog({
  labelledBy,
  describedBy,
  initialFocus,
  busy = false,
  children,
}: FullScreenDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    let mounted = true;
    const show = () => {
      if (!mounted || dialog.open) return;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', ''); // jsdom and old browsers: open, if not modal
    };
    show();
    initialFocus?.current?.focus();
    const reopen = () => show();
    dialog.addEventListener('close', reopen);
    return () => {
      mounted = false;
      dialog.removeEventListener('close', reopen);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
    // Opened once, when mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const refuse = (event: SyntheticEvent) => event.preventDefault();
  const refuseEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') event.preventDefault();
  };

  return (
    <chakra.dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      onCancel={refuse}
      onKeyDown={refuseEscape}
      p="0"
      m="0"
      border="none"
      w="100vw"
      h="100dvh"
      maxW="100vw"
      maxH="100dvh"
      bg="bg"
      color="fg"
      overflowY="auto"
      _backdrop={{ bg: 'bg' }}
    >
      {children}
    </chakra.dialog>
  );
}
