import { Button, Flex } from '@chakra-ui/react';
import { useState } from 'react';

import type { AudioFile, AudioKind } from '@portal/contract';

import { fieldDescription, FieldShell } from '../../../components/form/field-shell.tsx';
import { Select } from '../../../components/form/select-field.tsx';
import type { AudioPlayback } from '../../../lib/use-audio-playback.ts';
import { AudioDialog, type AudioServices } from '../../audio/index.ts';
import { newAudioButtonName } from '../logic/audio-files.ts';
import { PlayIcon, PlusIcon, StopIcon } from './icons.tsx';

/** What "New audio" beside the select makes, and how it is saved. */
export interface NewAudioOptions {
  services: AudioServices<AudioFile>;
  kind: AudioKind;
  /** The audio dialog's heading. */
  title: string;
  /** The name the new file starts with. */
  defaultName: string;
  /** Told of the new file before the select chooses it, so the caller can list it at once. */
  onSaved?: (file: AudioFile) => void;
}

export interface AudioSelectProps {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  files: readonly AudioFile[];
  preview: AudioPlayback;
  /** A built-in choice listed first (the default closed greeting), which cannot be played here. */
  builtIn?: { value: string; label: string };
  disabled?: boolean;
  error?: string;
  /** A "New audio" button that opens the audio dialog and chooses the file it saves. */
  newAudio?: NewAudioOptions;
}

/** Chooses one of the site's audio files (in the shared field shell: label, message, aria-invalid and aria-describedby), with a button to listen to it and, with `newAudio`, one to make a new one. */
export function AudioSelect({
  id,
  label,
  value,
  onChange,
  files,
  preview,
  builtIn,
  disabled,
  error,
  newAudio,
}: AudioSelectProps) {
  const playable = value !== null && value !== '' && value !== builtIn?.value;
  const playing = playable && preview.current === value;
  const name = files.find((file) => file.stored_filename === value)?.name ?? value ?? '';
  return (
    <FieldShell id={id} label={label} error={error}>
      <Flex gap="2" align="center" wrap="wrap">
        <Select
          id={id}
          value={value ?? ''}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
          invalid={!!error}
          aria-describedby={fieldDescription(id, { error }).describedBy}
          // Beside the Play button, in a step's dialog: the buttons' height, not the form fields'.
          h="10"
          w="auto"
          minW={{ base: 'full', sm: '16rem' }}
          maxW="full"
          _disabled={{ opacity: 0.6, cursor: 'not-allowed' }}
        >
          {builtIn ? (
            <option value={builtIn.value}>{builtIn.label}</option>
          ) : (
            <option value="">Choose an audio file</option>
          )}
          {/* A file the flow names that the list lacks (not loaded, or removed) is still shown as chosen. */}
          {playable && !files.some((file) => file.stored_filename === value) && <option value={value}>{value}</option>}
          {files.map((file) => (
            <option key={file.stored_filename} value={file.stored_filename}>
              {file.name}
            </option>
          ))}
        </Select>
        <Button
          variant="outline"
          colorPalette="brand"
          size="sm"
          h="10"
          disabled={disabled || !playable}
          loading={playable && preview.current === value && preview.loading}
          aria-label={playing ? `Stop ${name}` : `Play ${playable ? name : label}`}
          onClick={() => playable && preview.toggle(value)}
        >
          {playing && !preview.loading ? <StopIcon /> : <PlayIcon />}
          {playing && !preview.loading ? 'Stop' : 'Play'}
        </Button>
        {newAudio && (
          <NewAudioButton
            label={label}
            disabled={disabled}
            options={newAudio}
            onSaved={(file) => {
              newAudio.onSaved?.(file);
              onChange(file.stored_filename);
            }}
          />
        )}
      </Flex>
    </FieldShell>
  );
}

function NewAudioButton({
  label,
  disabled,
  options,
  onSaved,
}: {
  label: string;
  disabled?: boolean;
  options: NewAudioOptions;
  onSaved: (file: AudioFile) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        colorPalette="brand"
        size="sm"
        h="10"
        disabled={disabled}
        aria-label={newAudioButtonName(label)}
        onClick={() => setOpen(true)}
      >
        <PlusIcon />
        New audio
      </Button>
      <AudioDialog
        open={open}
        onClose={() => setOpen(false)}
        title={options.title}
        kind={options.kind}
        defaultName={options.defaultName}
        services={options.services}
        onSaved={onSaved}
      />
    </>
  );
}
