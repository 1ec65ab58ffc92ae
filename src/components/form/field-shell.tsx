import { Box, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The ids a field's control points at: its hint and its message, when shown. */
export function fieldDescription(
  id: string,
  { hint, error, extra }: { hint?: string | undefined; error?: string | undefined; extra?: string | undefined },
) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, extra ?? null].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

interface FieldShellProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}

/**
 * The one way a field shows its label, hint and message (GOV.UK): the message between label and
 * control, "Error:" before it for screen readers, a red bar beside the field. The control inside
 * sets `aria-invalid` and `aria-describedby` from `fieldDescription` (TextField, TextAreaField do).
 */
export function FieldShell({ id, label, hint, error, children }: FieldShellProps) {
  const { hintId, errorId } = fieldDescription(id, { hint, error });
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
      {children}
    </Box>
  );
}
