import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';

import { fieldDescription, FieldShell } from './field-shell.tsx';

export interface SelectProps extends HTMLChakraProps<'select'> {
  /** Drawn with the error border and announced as invalid. */
  invalid?: boolean | undefined;
  ref?: Ref<HTMLSelectElement> | undefined;
}

/**
 * The portal's one select: a native `<select>` (the phone's own picker, the keyboard's own behaviour) drawn like the
 * text fields, a 2px border, 48px high, the focus ring outside; red when invalid. Options are its children.
 */
export function Select({ invalid, ...props }: SelectProps) {
  return (
    <chakra.select
      w="full"
      h="12"
      px="3"
      bg="bg"
      borderWidth="2px"
      borderColor={invalid ? 'border.error' : 'gray.700'}
      rounded="md"
      focusVisibleRing="outside"
      aria-invalid={invalid ? true : undefined}
      {...props}
    />
  );
}

export interface SelectFieldProps extends Omit<SelectProps, 'id' | 'invalid'> {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}

/** A select with the portal's label, hint and message (FieldShell), as TextField is for text. */
export function SelectField({ id, label, hint, error, children, ...props }: SelectFieldProps) {
  const { describedBy } = fieldDescription(id, { hint, error });
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <Select id={id} invalid={!!error} aria-describedby={describedBy} {...props}>
        {children}
      </Select>
    </FieldShell>
  );
}

/** A select's options from a list, after an empty first choice that asks for one (`placeholder`) when given. */
export function Options({
  placeholder,
  options,
}: {
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
