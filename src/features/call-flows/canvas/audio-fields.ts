/**
 * The audio selects of the step dialogs and what "New audio" beside each one makes: the kind of
 * audio (its length limit, and what the server records), the audio dialog's title, the name it
 * starts with, and whether it can be typed out (hold music cannot).
 */
import { MAX_AUDIO_NAME_LENGTH, type AudioKind } from '@portal/contract';

export type AudioField = 'greeting' | 'menu_message' | 'queue_music' | 'queue_announcement' | 'voicemail_greeting';

export interface AudioFieldSpec {
  /** The select's label; "New audio for {label}" is the button's accessible name. */
  label: string;
  kind: AudioKind;
  /** The audio dialog's heading. */
  title: string;
  /** The name a new file starts with when the step has no name. */
  defaultName: string;
  /**
   * Whether the step is the audio (a greeting, a menu): the new file then takes the step's
   * name. A transfer's audio is one part of it: "{step} queue music".
   */
  stepIsAudio: boolean;
  allowTextToSpeech: boolean;
}

export const AUDIO_FIELDS: Readonly<Record<AudioField, AudioFieldSpec>> = {
  greeting: {
    label: 'Greeting (audio file)',
    kind: 'greeting',
    title: 'New greeting audio',
    defaultName: 'Greeting',
    stepIsAudio: true,
    allowTextToSpeech: true,
  },
  menu_message: {
    label: 'Menu message (audio file)',
    kind: 'menu',
    title: 'New menu message audio',
    defaultName: 'Menu message',
    stepIsAudio: true,
    allowTextToSpeech: true,
  },
  queue_music: {
    label: 'Queue music',
    kind: 'hold_music',
    title: 'New queue music',
    defaultName: 'Queue music',
    stepIsAudio: false,
    allowTextToSpeech: false,
  },
  queue_announcement: {
    label: 'Queue announcement',
    kind: 'announcement',
    title: 'New queue announcement audio',
    defaultName: 'Queue announcement',
    stepIsAudio: false,
    allowTextToSpeech: true,
  },
  voicemail_greeting: {
    label: 'Voicemail greeting',
    kind: 'voicemail_greeting',
    title: 'New voicemail greeting audio',
    defaultName: 'Voicemail greeting',
    stepIsAudio: false,
    allowTextToSpeech: true,
  },
};

/**
 * The name a new file of a step's field starts with: the step's name for a greeting or menu,
 * "{step} queue music" for a transfer's, the field's own name when the step has none; at most
 * MAX_AUDIO_NAME_LENGTH characters.
 * @example newAudioName('menu_message', 'Main menu') // 'Main menu'
 * @example newAudioName('queue_music', 'Sales') // 'Sales queue music'
 */
export function newAudioName(field: AudioField, stepName: string): string {
  const spec = AUDIO_FIELDS[field];
  const step = stepName.trim();
  const name = step === '' ? spec.defaultName : spec.stepIsAudio ? step : `${step} ${spec.defaultName.toLowerCase()}`;
  return name.slice(0, MAX_AUDIO_NAME_LENGTH).trim();
}
