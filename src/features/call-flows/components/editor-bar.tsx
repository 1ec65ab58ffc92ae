import { Box, Button, chakra, Flex, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

import { MAX_VERSION_NOTE_LENGTH } from '@portal/contract';
import { MAX_NAME_LENGTH, MSG_ENABLE_TOOLTIP } from '@portal/editor-core';

import { fieldDescription } from '../../../components/form/field-shell.tsx';
import { MenuButton } from '../../../components/menu-button.tsx';
import { MOBILE_MEDIA_QUERY } from '../../../config/breakpoints.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { barLabels, cancelLabel, truncateName } from '../logic/editor-bar.ts';
import type { SaveIntent } from '../logic/save-plan.ts';
import { MoreIcon } from './icons.tsx';
import { NOTE_INPUT_LABEL, VersionNoteInput } from './version-note-input.tsx';

export const EDITOR_NAME_INPUT_ID = 'call-flow-name';

interface EditorBarProps {
  name: string;
  onNameChange: (name: string) => void;
  nameError: string | null;
  nameInputRef?: RefObject<HTMLInputElement | null>;
  changesMade: boolean;
  valid: boolean;
  saving: SaveIntent | null;
  onSave: () => void;
  onSaveAndEnable: () => void;
  onCancel: () => void;
  /** The note the next save's version keeps; without onNoteChange the bar has no note field. */
  note?: string;
  onNoteChange?: (note: string) => void;
}

/**
 * The call-flow editor bar (spec 000 section 2): the editable name, "Save & Enable",
 * "Save changes", and "Cancel" (reading "Back" when there are no changes). On small
 * screens (959.98 px and below) the name shows cut at 20 characters with the full name
 * in its tooltip, and the buttons sit in an overflow menu.
 */
export function EditorBar(props: EditorBarProps) {
  const small = useMediaQuery(MOBILE_MEDIA_QUERY);
  const { changesMade, valid, saving, onSave, onSaveAndEnable, onCancel } = props;
  const cancel = cancelLabel(changesMade);
  const busy = saving !== null;

  return (
    <Flex
      as="header"
      h="80px"
      flexShrink={0}
      align="center"
      gap={{ base: '2', lg: '4' }}
      px={{ base: '3', lg: '6' }}
      bg="bg"
      borderBottomWidth="1px"
      zIndex="docked"
    >
      <Box flex="1" minW="0">
        {small ? <SmallName {...props} /> : <NameInput {...props} />}
      </Box>
      {small ? (
        <Flex align="center" gap="2">
          {busy && (
            <Box role="status" display="flex" alignItems="center" gap="2" color="fg.muted">
              <Spinner size="sm" color="brand.solid" />
              <chakra.span srOnly>Saving</chakra.span>
            </Box>
          )}
          <MenuButton
            label={barLabels.actions}
            items={[
              { value: 'enable', label: barLabels.saveAndEnable },
              { value: 'save', label: barLabels.save },
              { value: 'cancel', label: cancel },
            ]}
            onSelect={(value) => {
              if (busy && value !== 'cancel') return;
              if (value === 'enable') onSaveAndEnable();
              else if (value === 'save') onSave();
              else onCancel();
            }}
            buttonProps={{ variant: 'ghost', colorPalette: 'gray', size: 'lg', px: '2', minW: '11' }}
          >
            <MoreIcon />
          </MenuButton>
        </Flex>
      ) : (
        <Flex align="center" gap="3" flexShrink={0}>
          <Text color="fg.muted" fontSize="sm" aria-live="polite">
            {changesMade && !busy ? 'Unsaved changes' : ''}
          </Text>
          {props.onNoteChange && (changesMade || props.note) && (
            <NoteInput note={props.note ?? ''} onNoteChange={props.onNoteChange} disabled={busy} />
          )}
          <Button variant="outline" colorPalette="gray" onClick={onCancel} disabled={busy}>
            {cancel}
          </Button>
          <Button
            variant="outline"
            colorPalette="brand"
            onClick={onSave}
            loading={saving === 'save'}
            loadingText="Saving"
            disabled={busy}
          >
            {barLabels.save}
          </Button>
          <Button
            colorPalette="brand"
            onClick={onSaveAndEnable}
            loading={saving === 'save-and-enable'}
            loadingText="Saving"
            disabled={busy}
            title={valid ? undefined : MSG_ENABLE_TOOLTIP}
          >
            {barLabels.saveAndEnable}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

/**
 * The optional note of the next save's version: shown once there is something to save, typed before pressing a
 * save button, so the spec's save dialogs come in their own order, untouched.
 */
function NoteInput({
  note,
  onNoteChange,
  disabled,
}: {
  note: string;
  onNoteChange: (note: string) => void;
  disabled: boolean;
}) {
  return (
    <VersionNoteInput
      aria-label={NOTE_INPUT_LABEL}
      placeholder={NOTE_INPUT_LABEL}
      title={`A few words on what this save changes, shown in the versions list (up to ${MAX_VERSION_NOTE_LENGTH} characters)`}
      value={note}
      onChange={onNoteChange}
      disabled={disabled}
      w={{ base: '10rem', xl: '16rem' }}
      fontSize="sm"
    />
  );
}

/**
 * The flow's name. Not a form with a submit: each keystroke is editor-core's renameFlow (typing
 * coalesces into one undo step) and the name is saved with the flow; its message is editor-core's.
 * The bar has no room for a visible label, so the field shell's label is not used; the message and
 * descriptions follow it (fieldDescription, "Error:" before the message).
 */
function NameInput({ name, onNameChange, nameError, nameInputRef, onDone }: EditorBarProps & { onDone?: () => void }) {
  const { errorId, describedBy } = fieldDescription(EDITOR_NAME_INPUT_ID, { error: nameError ?? undefined });
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (onDone && (event.key === 'Enter' || event.key === 'Escape')) {
      event.preventDefault();
      onDone();
    }
  };
  return (
    <Flex direction="column" justify="center" gap="0.5" maxW="26rem">
      <chakra.input
        ref={nameInputRef}
        id={EDITOR_NAME_INPUT_ID}
        aria-label={barLabels.name}
        value={name}
        maxLength={MAX_NAME_LENGTH}
        autoComplete="off"
        spellCheck={false}
        autoFocus={onDone !== undefined}
        onChange={(event) => onNameChange(event.target.value)}
        onKeyDown={keyDown}
        onBlur={onDone}
        aria-invalid={nameError ? true : undefined}
        aria-describedby={describedBy}
        title={name}
        h="10"
        w="full"
        px="3"
        fontSize="lg"
        fontWeight="semibold"
        bg="bg"
        borderWidth="2px"
        borderColor={nameError ? 'border.error' : 'gray.200'}
        rounded="md"
        _hover={{ borderColor: nameError ? 'border.error' : 'gray.400' }}
        _focusVisible={{
          borderColor: 'gray.700',
          outline: '2px solid',
          outlineColor: 'brand.focusRing',
          outlineOffset: '1px',
        }}
      />
      {nameError && (
        <Text id={errorId} color="fg.error" fontSize="xs" fontWeight="semibold" px="3" lineClamp={1}>
          <chakra.span srOnly>Error: </chakra.span>
          {nameError}
        </Text>
      )}
    </Flex>
  );
}

/** Small screens: the name cut at 20 characters (full name in the tooltip); choosing it opens the input. */
function SmallName(props: EditorBarProps) {
  const [editing, setEditing] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const { name, nameError } = props;
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      button.current?.focus();
    }
  }, [editing]);
  if (editing) {
    const done = () => {
      // Back to the name after Enter or Escape; a click elsewhere keeps its own focus.
      if (document.activeElement?.id === EDITOR_NAME_INPUT_ID) returnFocus.current = true;
      setEditing(false);
    };
    return <NameInput {...props} onDone={done} />;
  }
  return (
    <Flex direction="column" gap="0.5" minW="0">
      <chakra.button
        ref={button}
        type="button"
        title={name}
        onClick={() => setEditing(true)}
        textAlign="start"
        fontSize="lg"
        fontWeight="semibold"
        px="2"
        py="1"
        rounded="md"
        whiteSpace="nowrap"
        overflow="hidden"
        maxW="full"
        _hover={{ bg: 'bg.muted' }}
        focusVisibleRing="outside"
      >
        <span aria-hidden="true">{truncateName(name)}</span>
        <chakra.span srOnly>{`${barLabels.name}: ${name}. Edit`}</chakra.span>
      </chakra.button>
      {nameError && (
        <Text color="fg.error" fontSize="xs" fontWeight="semibold" px="2" lineClamp={1}>
          {nameError}
        </Text>
      )}
    </Flex>
  );
}
