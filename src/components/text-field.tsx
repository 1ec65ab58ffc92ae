import { chakra, useRecipe, type HTMLChakraProps } from '@chakra-ui/react';
import { forwardRef } from 'react';

import { fieldDescription, FieldShell } from './form/field-shell.tsx';

interface TextFieldProps extends Omit<HTMLChakraProps<'input'>, 'id'> {
  /** The input's id; the error summary links to it. */
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/**
 * A labelled text input in the GOV.UK manner: visible label, optional hint, the error
 * message between label and input, and the input described by both. A form's `useForm`
 * wires it: `<TextField {...form.field('email')} label="Email address" />`.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, error, hint, ...inputProps },
  ref,
) {
  // The input recipe on a plain input: Chakra's Input component brings a field state machine along.
  const inputStyles = useRecipe({ key: 'input' })({ size: 'lg', variant: 'outline' });
  const { describedBy } = fieldDescription(id, { hint, error });
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <chakra.input
        ref={ref}
        id={id}
        css={[inputStyles, { bg: 'bg', borderWidth: '2px', borderColor: error ? 'border.error' : 'gray.700' }]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
    </FieldShell>
  );
});
