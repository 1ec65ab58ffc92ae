import { Box, Button, chakra, Flex, Text } from '@chakra-ui/react';

import { callFlowMessages, type StoredCallFlow } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { CallFlowDraft } from '../logic/draft-storage.ts';
import type { ConflictChoice } from '../logic/save-plan.ts';

export const editorDialogTexts = {
  discardTitle: 'Discard changes?',
  discard: 'Discard changes',
  keepEditing: 'Keep editing',
  conflictTitle: 'Someone else saved this call flow',
  reload: 'Reload their version',
  overwrite: 'Overwrite with mine',
  copy: 'Save mine as a copy',
  restore: 'Restore',
  discardDraft: 'Discard',
} as const;

/** Leaving the editor with unsaved changes (a link, Back, the browser's back button). */
export function DiscardChangesDialog({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <Dialog
      open={open}
      role="alertdialog"
      onClose={onKeep}
      title={editorDialogTexts.discardTitle}
      footer={
        <>
          <Button variant="outline" colorPalette="gray" onClick={onKeep} autoFocus>
            {editorDialogTexts.keepEditing}
          </Button>
          <Button bg="red.700" color="white" _hover={{ bg: 'red.800' }} onClick={onDiscard}>
            {editorDialogTexts.discard}
          </Button>
        </>
      }
    >
      <Text>You have unsaved changes to this call flow. If you leave now, they will be lost.</Text>
    </Dialog>
  );
}

interface ConflictDialogProps {
  theirs: StoredCallFlow | null;
  /** The name a copy of mine would get. */
  copyName: string;
  busy: ConflictChoice | null;
  onChoose: (choice: ConflictChoice) => void;
  onClose: () => void;
}

/** After a 412: someone saved a newer version. Reload theirs, overwrite it, or save mine as a copy. */
export function ConflictDialog({ theirs, copyName, busy, onChoose, onClose }: ConflictDialogProps) {
  const saved = theirs ? formatDateTime(theirs.updated_at) : '';
  const choices: Array<{ choice: ConflictChoice; label: string; text: string }> = [
    {
      choice: 'reload',
      label: editorDialogTexts.reload,
      text: 'Drop your changes and continue from the latest saved version.',
    },
    {
      choice: 'overwrite',
      label: editorDialogTexts.overwrite,
      text: 'Save your version over theirs. Their changes will be lost.',
    },
    {
      choice: 'copy',
      label: editorDialogTexts.copy,
      text: `Keep theirs, and save yours as a new call flow named ${copyName}.`,
    },
  ];
  return (
    <Dialog
      open={theirs !== null}
      role="alertdialog"
      onClose={onClose}
      busy={busy !== null}
      width="36rem"
      title={editorDialogTexts.conflictTitle}
      footer={
        <Button variant="outline" colorPalette="gray" onClick={onClose} disabled={busy !== null}>
          Cancel
        </Button>
      }
    >
      <Text mb="2">{callFlowMessages.changedElsewhere}</Text>
      {saved && (
        <Text color="fg.muted" mb="4">
          The latest version{theirs && theirs.name ? `, ${theirs.name},` : ''} was saved {saved}.
        </Text>
      )}
      <chakra.ul listStyle="none" display="flex" flexDirection="column" gap="3">
        {choices.map(({ choice, label, text }) => (
          <Flex
            as="li"
            key={choice}
            direction={{ base: 'column', sm: 'row' }}
            gap="3"
            align={{ base: 'stretch', sm: 'center' }}
            borderWidth="1px"
            rounded="md"
            p="3"
          >
            <Box flex="1">
              <Text>{text}</Text>
            </Box>
            <Button
              flexShrink={0}
              colorPalette="brand"
              variant={choice === 'copy' ? 'solid' : 'outline'}
              onClick={() => onChoose(choice)}
              loading={busy === choice}
              disabled={busy !== null && busy !== choice}
            >
              {label}
            </Button>
          </Flex>
        ))}
      </chakra.ul>
    </Dialog>
  );
}

/** A draft from an earlier visit (a reload, a crash): restore it or throw it away. */
export function DraftBanner({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: CallFlowDraft;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <Flex
      role="region"
      aria-label="Unsaved draft"
      align="center"
      gap="3"
      wrap="wrap"
      px={{ base: '3', lg: '6' }}
      py="3"
      bg="brand.subtle"
      borderBottomWidth="1px"
      borderColor="brand.border"
    >
      <Text flex="1" minW="12rem">
        <chakra.span fontWeight="semibold">You have unsaved changes from {formatDateTime(draft.savedAt)}.</chakra.span>{' '}
        Restore them to carry on where you left off.
      </Text>
      <Flex gap="2">
        <Button size="sm" variant="outline" colorPalette="gray" onClick={onDiscard}>
          {editorDialogTexts.discardDraft}
        </Button>
        <Button size="sm" colorPalette="brand" onClick={onRestore}>
          {editorDialogTexts.restore}
        </Button>
      </Flex>
    </Flex>
  );
}
