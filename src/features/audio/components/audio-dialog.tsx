import { Flex, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, useRef, type DialogHTMLAttributes, type HTMLAttributes, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';

import type { AudioKind, TtsVoice } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import type { AudioMethod, AudioServices } from '../logic/types.ts';
import type { AudioDialogContentProps } from './audio-dialog-content.tsx';

export interface AudioDialogProps<TSaved = unknown> {
  /** Mounted while open; closing throws away what was not saved and frees the microphone. */
  open: boolean;
  /** Cancel, Escape (after a question if there is unsaved audio), or after a save. */
  onClose: () => void;
  /** The dialog's heading: "Greeting audio", "Hold music". */
  title: string;
  /** What the audio is for: sets the length limit (hold music is longer) and goes to `save`. */
  kind: AudioKind;
  /** The name field's first value. */
  defaultName?: string;
  /** False to leave out "Type out" (hold music). It is also left out when services has no synthesize. */
  allowTextToSpeech?: boolean;
  /** The tab to start on; "record" unless given. */
  initialMethod?: AudioMethod;
  /** Words and voice to start "Type out" with (say, the voicemail greeting's saved text). */
  defaultText?: string;
  defaultVoice?: TtsVoice;
  services: AudioServices<TSaved>;
  /** Called with what `services.save` answered; the dialog then calls onClose. */
  onSaved: (result: TSaved) => void;
}

const AudioDialogContent = lazy(() => import('./audio-dialog-content.tsx'));

/**
 * The one dialog for audio everywhere in the portal: record, type out or upload a take,
 * listen to it and trim it, name it and save it in the stored format (8 kHz 16-bit mono
 * WAV) through `services`. What it needs beyond the dialog frame (its panels,
 * wavesurfer.js, RecordRTC) loads when it first opens.
 *
 * It is put at the end of the body, so it also opens from inside another dialog (a call
 * flow step's): the browser stacks it on top, and Escape closes only this one.
 * @example
 * <AudioDialog open={open} onClose={() => setOpen(false)} title="Greeting audio" kind="greeting"
 *   services={{ synthesize, save }} onSaved={(file) => setAudioFile(file.stored_filename)} />
 */
export function AudioDialog<TSaved = unknown>(props: AudioDialogProps<TSaved>) {
  if (!props.open) return null;
  return createPortal(<OpenAudioDialog {...props} />, document.body);
}

// React bubbles a dialog's cancel event (Escape) through the component tree, portals
// included: an enclosing Dialog's onCancel would close that one too. (React types
// onCancel for <dialog> only.)
const cancelBoundaryProps: DialogHTMLAttributes<HTMLDivElement> = {
  onCancel: (event: SyntheticEvent) => event.stopPropagation(),
  style: { display: 'contents' },
};
const cancelBoundary: HTMLAttributes<HTMLDivElement> = cancelBoundaryProps;

function OpenAudioDialog<TSaved>({ open: _open, ...props }: AudioDialogProps<TSaved>) {
  const closeRequestRef = useRef<(() => void) | null>(null);
  const requestClose = () => (closeRequestRef.current ?? props.onClose)();
  // The content is typed for any answer; TSaved only flows from save to onSaved.
  const contentProps = { ...props, closeRequestRef } as unknown as AudioDialogContentProps;
  return (
    <div {...cancelBoundary}>
      <Dialog open title={props.title} onClose={requestClose} width="40rem">
        <Suspense
          fallback={
            <Flex role="status" align="center" justify="center" gap="3" minH="10rem" color="fg.muted">
              <Spinner size="md" color="brand.solid" />
              Loading…
            </Flex>
          }
        >
          <AudioDialogContent {...contentProps} />
        </Suspense>
      </Dialog>
    </div>
  );
}
