import { chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

import { COPY_LABEL, createCopyFeedback, type CopyFeedbackState } from './copy-feedback.ts';
import { Tooltip } from './tooltip.tsx';

interface CopyButtonProps {
  /** What goes on the clipboard. */
  value: string;
  /** What the button shows (the value as displayed, e.g. +441632960001); the value itself when absent. */
  children?: ReactNode;
  /** What is copied, for screen readers: "Copy {label}". */
  label?: string;
}

/**
 * A value that copies itself to the clipboard on click, with the spec's tooltip ('Copy', then
 * 'Copied!' for 6000 ms, back to 'Copy' after 6250 ms; spec 001 section 9). The one copy control
 * of the portal: use it wherever a number is offered for copying.
 */
export function CopyButton({ value, children, label }: CopyButtonProps) {
  const [state, setState] = useState<CopyFeedbackState>({ label: COPY_LABEL, held: false });
  const feedback = useRef<ReturnType<typeof createCopyFeedback> | null>(null);
  useEffect(() => {
    feedback.current = createCopyFeedback(setState);
    return () => feedback.current?.dispose();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      feedback.current?.copied();
    } catch {
      // The browser refused (no permission, not a secure page): the value is still there to select by hand.
    }
  };
  return (
    <Tooltip content={state.label} open={state.held}>
      {(describedBy) => (
        <chakra.button
          type="button"
          onClick={() => void copy()}
          aria-label={`${label ? `Copy ${label}` : 'Copy'}: ${typeof children === 'string' ? children : value}`}
          aria-describedby={describedBy}
          cursor="copy"
          bg="transparent"
          border="none"
          p="0"
          font="inherit"
          color="inherit"
          textDecoration="underline dotted"
          textUnderlineOffset="3px"
          rounded="sm"
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
        >
          {children ?? value}
        </chakra.button>
      )}
    </Tooltip>
  );
}
