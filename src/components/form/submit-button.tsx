import { Button, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** The form is being sent: the button is busy (disabled, a spinner and `pendingText`). */
  pending: boolean;
  /** What the button says while pending ("Signing in"); without it the label stays beside the spinner. */
  pendingText?: string;
  /** Nothing to send yet (no change made); the form's hook refuses a submit while pending either way. */
  disabled?: boolean;
  size?: ButtonProps['size'];
  /**
   * Where it sits in its column: full width on small screens (a page's main form, the default),
   * at the start, or as its row of buttons places it.
   */
  align?: 'stretch' | 'start' | 'row';
  /** The id of the form it submits, when it sits outside it (a dialog's footer). */
  form?: string;
  children: ReactNode;
}

/**
 * The submit button of every form: busy while the form is sent, so it cannot be pressed again
 * (the form's `useForm` refuses a second submit as well, for Enter pressed twice).
 */
export function SubmitButton({
  pending,
  pendingText,
  disabled,
  size = 'lg',
  align = 'stretch',
  form,
  children,
}: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      form={form}
      colorPalette="brand"
      size={size}
      alignSelf={
        align === 'stretch' ? { base: 'stretch', sm: 'flex-start' } : align === 'start' ? 'flex-start' : undefined
      }
      loading={pending}
      loadingText={pendingText}
      disabled={disabled && !pending}
      aria-busy={pending}
    >
      {children}
    </Button>
  );
}
