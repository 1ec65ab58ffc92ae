import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import type { AudioKind, TtsVoice } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { useAudioPlayback } from '../../../lib/use-audio-playback.ts';
import { AudioDialog, type AudioMethod, type AudioServices } from '../../audio/index.ts';

interface AudioSettingProps {
  /** Heading of the section: "Voicemail greeting", "Hold music". */
  title: string;
  /** Said under the heading. */
  description: ReactNode;
  /** Whether the site's own audio is in use (custom_audio). */
  custom: boolean;
  /** "your own greeting" / "the standard greeting" wording. */
  labels: {
    custom: string;
    standard: string;
    change: string;
    reset: string;
    resetQuestion: string;
    resetDone: string;
    saved: string;
    dialogTitle: string;
  };
  kind: AudioKind;
  allowTextToSpeech: boolean;
  /** The dialog's first tab. */
  initialMethod: AudioMethod;
  defaultText?: string;
  defaultVoice?: TtsVoice;
  /** The audio callers hear now (custom or standard). */
  download: () => Promise<Blob>;
  /** Turns a failed download into words (the voicemail greeting has its own). */
  downloadErrorText?: (error: unknown) => string;
  services: AudioServices;
  onSaved: () => void;
  /** Back to the standard audio (useResetVoicemailGreeting, useRestoreHoldMusic). */
  reset: Pick<UseMutationResult<unknown, Error, void>, 'mutateAsync' | 'isPending' | 'error'>;
  /** Extra lines under the status (the greeting's words). */
  children?: ReactNode;
}

/**
 * One stored piece of audio of the site (the voicemail greeting, hold music): what callers
 * hear now, a way to listen to it, to change it through the audio dialog, and to go back
 * to the standard one.
 */
export function AudioSetting(props: AudioSettingProps) {
  const { title, description, custom, labels, kind, allowTextToSpeech, services, onSaved, reset } = props;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const headingId = `${kind}-heading`;

  const confirmReset = async () => {
    try {
      await reset.mutateAsync();
      setConfirmOpen(false);
      toaster.create({ type: 'success', title: labels.resetDone });
    } catch {
      // Shown in the dialog, which stays open.
    }
  };

  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
      <Heading as="h2" id={headingId} size="lg" mb="1">
        {title}
      </Heading>
      <Text color="fg.muted" mb="4">
        {description}
      </Text>
      <Text mb="3">
        Callers hear: <strong>{custom ? labels.custom : labels.standard}</strong>
      </Text>
      {props.children}
      <Flex gap="3" wrap="wrap" align="center">
        <PlayButton title={title.toLowerCase()} download={props.download} errorText={props.downloadErrorText} />
        <Button colorPalette="brand" onClick={() => setDialogOpen(true)}>
          {labels.change}
        </Button>
        {custom && (
          <Button variant="outline" colorPalette="gray" onClick={() => setConfirmOpen(true)}>
            {labels.reset}
          </Button>
        )}
      </Flex>
      <AudioDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title={labels.dialogTitle}
        kind={kind}
        defaultName={title}
        allowTextToSpeech={allowTextToSpeech}
        initialMethod={props.initialMethod}
        defaultText={props.defaultText}
        defaultVoice={props.defaultVoice}
        services={services}
        onSaved={() => {
          toaster.create({ type: 'success', title: labels.saved });
          onSaved();
        }}
      />
      <Dialog
        open={confirmOpen}
        role="alertdialog"
        title={labels.resetQuestion}
        onClose={() => setConfirmOpen(false)}
        busy={reset.isPending}
        footer={
          <>
            <Button
              variant="outline"
              colorPalette="gray"
              onClick={() => setConfirmOpen(false)}
              disabled={reset.isPending}
              autoFocus
            >
              Cancel
            </Button>
            <Button colorPalette="brand" onClick={() => void confirmReset()} loading={reset.isPending}>
              {labels.reset}
            </Button>
          </>
        }
      >
        <Text>Your own audio will be deleted. You can record or upload new audio at any time.</Text>
        {reset.error != null && (
          <Text role="alert" color="fg.error" fontWeight="semibold" mt="3">
            {userErrorText(reset.error)}
          </Text>
        )}
      </Dialog>
    </Box>
  );
}

/** Plays the audio callers hear now (see useAudioPlayback); a second press stops it. */
function PlayButton({
  title,
  download,
  errorText = userErrorText,
}: {
  title: string;
  download: () => Promise<Blob>;
  errorText?: (error: unknown) => string;
}) {
  const playback = useAudioPlayback(download, errorText);
  const playing = playback.current !== null;
  return (
    <>
      <Button
        variant="outline"
        colorPalette="brand"
        aria-label={playing && !playback.loading ? `Stop the ${title}` : `Play the ${title}`}
        loading={playback.loading}
        onClick={() => playback.toggle('current')}
      >
        {playing && !playback.loading ? 'Stop' : 'Play'}
      </Button>
      {playback.error && (
        <Text role="alert" color="fg.error" fontWeight="semibold" flexBasis="100%">
          {playback.error}
        </Text>
      )}
    </>
  );
}
