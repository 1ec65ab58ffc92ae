import { chakra, useRecipe, type HTMLChakraProps } from '@chakra-ui/react';
import { forwardRef, type ReactNode } from 'react';

import { fieldDescription, FieldShell } from './field-shell.tsx';

interface TextAreaFieldProps extends Omit<HTMLChakraProps<'textarea'>, 'id'> {
  /** The textarea's id; the error summary links to it. */
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Text under the box that describes it too (a character count), given its own id. */
  footer?: { id: string; content: ReactNode } | undefined;
}

/** TextField's multi-line sibling: the same label, hint, message and descriptions. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { id, label, error, hint, footer, ...textareaProps },
  ref,
) {
  const inputStyles = useRecipe({ key: 'input' })({ size: 'md', variant: 'outline' });
  const { describedBy } = fieldDescription(id, { hint, error, extra: footer?.id });
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <chakra.textarea
        ref={ref}
        id={id}
        rows={4}
        css={[
          inputStyles,
          {
            bg: 'bg',
            borderWidth: '2px',
            borderColor: error ? 'border.error' : 'gray.700',
            h: 'auto',
            py: '2',
            resize: 'vertical',
          },
        ]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textareaProps}
      />
      {footer && footer.content}
    </FieldShell>
  );
});
