/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside), Escape
 * closes it, and it is labelled by its title. Focus returns to where it was when it closes.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

import { ActionIcon } from './icons.tsx';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** Wider for forms with many fields. */
  size?: 'sm' | 'md' | 'lg';
  describedBy?: string;
}

export function Modal({ title, onClose, children, footer, size = 'md', describedBy }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    // Start on the first field rather than on the Close button.
    dialog.querySelector<HTMLElement>('.cf-modal-body :is(input, select, textarea, button):not([disabled])')?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog ref={ref} className={`cf-modal cf-modal-${size}`} aria-labelledby={titleId} aria-describedby={describedBy}>
      <div className="cf-modal-header">
        <h2 id={titleId} className="cf-modal-title">
          {title}
        </h2>
        <button type="button" className="cf-icon-button" aria-label="Close" onClick={() => onClose()}>
          <ActionIcon name="close" />
        </button>
      </div>
      <div className="cf-modal-body">{children}</div>
      {footer && <div className="cf-modal-footer">{footer}</div>}
    </dialog>
  );
}
