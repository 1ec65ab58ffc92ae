/**
 * The one field for a version's optional note ("Added the sales key"): in the editor bar for the next save, in the
 * versions panel on a phone (the bar has no room), and in the restore confirmation. One line, up to the contract's
 * length; the server answers 400 past it.
 */
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

import { MAX_VERSION_NOTE_LENGTH } from '@portal/contract';

/** The note field's name where it has no visible label of its own. */
export const NOTE_INPUT_LABEL = 'Note for this version (optional)';

type VersionNoteInputProps = Omit<HTMLChakraProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  onChange: (note: string) => void;
};

export function VersionNoteInput({ value, onChange, ...props }: VersionNoteInputProps) {
  return (
    <chakra.input
      value={value}
      maxLength={MAX_VERSION_NOTE_LENGTH}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
      h="10"
      px="3"
      bg="bg"
      borderWidth="1px"
      borderColor="gray.300"
      rounded="md"
      _hover={{ borderColor: 'gray.500' }}
      _focusVisible={{
        borderColor: 'gray.700',
        outline: '2px solid',
        outlineColor: 'brand.focusRing',
        outlineOffset: '1px',
      }}
      {...props}
    />
  );
}
