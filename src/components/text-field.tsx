import { Box, chakra, useRecipe, type HTMLChakraProps } from '@chakra-ui/react';
import { forwardRef } from 'react';

interface TextFieldProps extends Omit<HTMLChakraProps<'input'>, 'id'> {
  /** The input's id; the error summary links to it. */
  id: string;
  label: string;
  error?: string;
  hint?: string;
}

/**
 * A labelled text input in the GOV.UK manner: visible label, optional hint, the error
 * message between label and input, and the input described by both.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, error, hint, ...inputProps },
  ref,
) {
  // The input recipe on a plain input: Chakra's Input component brings a field state machine along.
  const inputStyles = useRecipe({ key: 'input' })({ size: 'lg', variant: 'outline' });
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Box borderInlineStartWidth={error ? '4px' : '0'} borderInlineStartColor="border.error" ps={error ? '4' : '0'}>
      <chakra.label htmlFor={id} display="block" fontWeight="semibold" mb="1">
        {label}
      </chakra.label>
      {hint && (
        <chakra.p id={hintId} color="fg.muted" mb="1">
          {hint}
        </chakra.p>
      )}
      {error && (
        <chakra.p id={errorId} color="fg.error" fontWeight="semibold" mb="1">
          <chakra.span srOnly>Error: </chakra.span>
          {error}
        </chakra.p>
      )}
      <chakra.input
        ref={ref}
        id={id}
        css={[inputStyles, { bg: 'bg', borderWidth: '2px', borderColor: error ? 'border.error' : 'gray.700' }]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
    </Box>
  );
});
