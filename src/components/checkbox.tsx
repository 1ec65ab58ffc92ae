import { Box, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
  /** Ids of further text describing the box (an error message). */
  describedBy?: string;
  /** role="switch" for an on/off setting that applies as a whole (enable). */
  asSwitch?: boolean;
}

/** A native checkbox with its label beside it and an optional hint: no recipe, no state machine. */
export function Checkbox({ id, label, checked, onChange, hint, disabled, describedBy, asSwitch }: CheckboxProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const described = [hintId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <Box display="flex" gap="3" alignItems="flex-start">
      <chakra.input
        type="checkbox"
        id={id}
        role={asSwitch ? 'switch' : undefined}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={described}
        w="5"
        h="5"
        mt="0.5"
        flexShrink={0}
        accentColor="brand.solid"
        cursor={disabled ? 'not-allowed' : 'pointer'}
        focusVisibleRing="outside"
      />
      <Box>
        <chakra.label htmlFor={id} fontWeight="medium" cursor={disabled ? 'not-allowed' : 'pointer'}>
          {label}
        </chakra.label>
        {hint && (
          <chakra.p id={hintId} color="fg.muted" fontSize="sm">
            {hint}
          </chakra.p>
        )}
      </Box>
    </Box>
  );
}
