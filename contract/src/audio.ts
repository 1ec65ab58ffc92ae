import * as z from 'zod/mini';

import { AUDIO_KINDS, AUDIO_SUB_KINDS, audioMessages, MAX_TTS_TEXT_LENGTH, TTS_VOICES } from './audio-format.ts';
import { AudioFile, Binary } from './call-flows.ts';
import { endpoint } from './endpoint.ts';
import { idNumber } from './ids.ts';
import { storableName, textMessages } from './text.ts';

/**
 * The audio calls of spec 001 section 7: audio files (list, upload), text to speech, the
 * default queue music, and phone setup's voicemail greeting and hold music. Audio goes up as
 * multipart/form-data (see `Multipart` in endpoint.ts) in AUDIO_FORMAT and comes back as
 * audio/wav; the server checks every file with the rules of audio-format.ts.
 */

const ProductParams = z.object({ id: idNumber('Unknown product') });

/** Longest name of an audio file, in characters. */
export const MAX_AUDIO_NAME_LENGTH = 100;

/**
 * How long a call rings before voicemail answers, in seconds. Spec 001 gives voicemail_delay
 * as a boolean; the portal reads true as "ring longer before voicemail".
 */
export const VOICEMAIL_RING_SECONDS = { standard: 20, delayed: 30 } as const;

/** What the caller hears when the site has no greeting of its own (spoken by the text-to-speech engine). */
export const DEFAULT_VOICEMAIL_GREETING_TEXT =
  'Sorry, no one is available to take your call. Please leave a message after the tone.';

/** The form fields of the uploads. */
export const AUDIO_UPLOAD_FIELDS = {
  /** POST .../call-flows/current/audio-files/upload/: the file. */
  file: 'audio-file',
  /** POST .../call-flows/current/audio-files/upload/: JSON text of AudioData. */
  data: 'audio-data',
  /** The older uploads (voicemail greeting, hold music, PUT audio-files/upload/): the file. */
  plainFile: 'file',
} as const;

/** Messages of the audio calls that are not about the audio itself (those are audioMessages). */
export const audioCallMessages = {
  fileMissing: (field: string) => `Attach the audio file in the form field "${field}".`,
  nameRequired: 'Give the audio a name.',
  nameTooLong: `Use ${MAX_AUDIO_NAME_LENGTH} characters or fewer.`,
  nameSlash: 'A name cannot contain / or \\.',
  nameHiddenCharacters: textMessages.hiddenCharacters,
  kind: `Choose what the audio is for: ${AUDIO_KINDS.join(', ')}.`,
  subKind: `Say how the audio was made: ${AUDIO_SUB_KINDS.join(', ')}.`,
  voice: `Choose a voice: ${TTS_VOICES.join(' or ')}.`,
  audioData: `Send ${AUDIO_UPLOAD_FIELDS.data} as JSON: {"kind", "sub_kind", "call_flow_filename", "name", "text", "tts_voice"}.`,
  emailRequired: 'Enter the email address voicemail messages should go to.',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  nothingToChange: 'Send voicemail_delay or voicemail_to_email.',
} as const;

// Control characters, line separators and lone surrogates cannot be spoken (and must not reach an engine's command line).
/* eslint-disable no-control-regex -- control characters are what it looks for */
const UNSPEAKABLE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/* eslint-enable no-control-regex */

/**
 * Text as text to speech reads it: control characters become spaces, runs of white space one
 * space, and the ends are trimmed. Both sides count the length of what this answers.
 * @example cleanTtsText('  Hello\n\tworld ') // 'Hello world'
 */
export function cleanTtsText(text: string): string {
  return text.replace(UNSPEAKABLE, ' ').replace(/\s+/g, ' ').trim();
}

/** Text for text to speech: cleaned, then 1 to MAX_TTS_TEXT_LENGTH characters. */
export const TtsText = z.pipe(
  z.pipe(
    z.string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? audioMessages.ttsEmpty : 'Send the text as a string.',
    }),
    z.transform(cleanTtsText),
  ),
  z.string().check(z.minLength(1, audioMessages.ttsEmpty), z.maxLength(MAX_TTS_TEXT_LENGTH, audioMessages.ttsTooLong)),
);

/** The voice of text to speech (spec 001: a gender); female unless said. */
export const TtsGender = z.enum(TTS_VOICES, { error: audioCallMessages.voice });

/** A file of a multipart request as the server reads it. */
export interface UploadedFile {
  /** The name the browser gave; shown at most, never used to store the file. */
  filename: string;
  mimetype: string;
  bytes: Uint8Array;
}

function isUploadedFile(value: unknown): value is UploadedFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<UploadedFile>;
  return file.bytes instanceof Uint8Array && typeof file.filename === 'string' && typeof file.mimetype === 'string';
}

/** The file field of a multipart body. */
export const uploadedFile = (field: string) =>
  z
    .custom<UploadedFile>(isUploadedFile, { error: audioCallMessages.fileMissing(field) })
    .check(
      z.meta({ type: 'string', format: 'binary', description: 'A WAV file: 8 kHz, 16-bit, mono PCM (AUDIO_FORMAT)' }),
    );

/** An audio file's name as it is listed (the audio dialog's Name field checks the same). */
export const AudioName = z.string({ error: audioCallMessages.nameRequired }).check(
  z.trim(),
  z.minLength(1, audioCallMessages.nameRequired),
  z.maxLength(MAX_AUDIO_NAME_LENGTH, audioCallMessages.nameTooLong),
  z.refine((name) => !/[/\\]/.test(name), audioCallMessages.nameSlash),
  storableName(),
);

/** The audio-data field of an upload: what the file is (spec 001 section 3 "Audio file"). */
export const AudioData = z
  .object(
    {
      kind: z.enum(AUDIO_KINDS, { error: audioCallMessages.kind }),
      sub_kind: z.enum(AUDIO_SUB_KINDS, { error: audioCallMessages.subKind }),
      /** How the call flow names the file; the stored filename when left out. */
      call_flow_filename: z.pipe(
        z.nullish(z.string().check(z.trim(), z.maxLength(200, 'Use 200 characters or fewer.'), storableName())),
        z.transform((value: string | null | undefined) => value || null),
      ),
      name: AudioName,
      /** The words of a text-to-speech take (required for sub_kind text_to_speech). */
      text: z.pipe(
        z.nullish(
          z.pipe(
            z.pipe(z.string(), z.transform(cleanTtsText)),
            z.string().check(z.maxLength(MAX_TTS_TEXT_LENGTH, audioMessages.ttsTooLong)),
          ),
        ),
        z.transform((value: string | null | undefined) => value || null),
      ),
      tts_voice: z.pipe(
        z.nullish(z.enum(TTS_VOICES, { error: audioCallMessages.voice })),
        z.transform((value: (typeof TTS_VOICES)[number] | null | undefined) => value ?? null),
      ),
    },
    { error: audioCallMessages.audioData },
  )
  .check(
    z.superRefine((data, ctx) => {
      if (data.sub_kind === 'text_to_speech' && data.text === null) {
        ctx.addIssue({ code: 'custom', path: ['text'], message: audioMessages.ttsEmpty });
      }
    }),
  );
export type AudioData = z.input<typeof AudioData>;

/** Voicemail settings (spec 001 section 3). */
export const VoicemailConfiguration = z.object({
  /** Whether callers hear the site's own greeting (else the default one). */
  custom_audio: z.boolean(),
  /** Ring longer before voicemail answers: VOICEMAIL_RING_SECONDS.delayed instead of .standard. */
  voicemail_delay: z.boolean(),
  /** Send each voicemail message to this address. */
  voicemail_to_email: z.object({ enabled: z.boolean(), email: z.string() }),
});
export type VoicemailConfiguration = z.infer<typeof VoicemailConfiguration>;

const EmailAddress = z.email();

/** PUT configuration/: voicemail_delay, or voicemail_to_email (its email must be an address when enabled). */
export const PutVoicemailConfiguration = z
  .object({
    voicemail_delay: z.optional(z.boolean()),
    voicemail_to_email: z.optional(
      z.object({
        enabled: z.boolean(),
        email: z._default(z.string().check(z.trim(), z.maxLength(254, 'Use 254 characters or fewer.')), ''),
      }),
    ),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.voicemail_delay === undefined && body.voicemail_to_email === undefined) {
        ctx.addIssue({ code: 'custom', path: [], message: audioCallMessages.nothingToChange });
      }
      const toEmail = body.voicemail_to_email;
      if (toEmail?.enabled && !EmailAddress.safeParse(toEmail.email).success) {
        const message = toEmail.email === '' ? audioCallMessages.emailRequired : audioCallMessages.emailInvalid;
        ctx.addIssue({ code: 'custom', path: ['voicemail_to_email', 'email'], message });
      }
    }),
  );
export type PutVoicemailConfiguration = z.input<typeof PutVoicemailConfiguration>;

/** The words of the voicemail greeting when it was made by text to speech; null otherwise. */
export const VoicemailGreetingText = z.object({ text: z.nullable(z.string()), gender: z.nullable(TtsGender) });
export type VoicemailGreetingText = z.infer<typeof VoicemailGreetingText>;

/** Hold music: the site's own (custom_audio) or the default melody. */
export const HoldMusic = z.object({ custom_audio: z.boolean() });
export type HoldMusic = z.infer<typeof HoldMusic>;

const TextToSpeechRequest = z.object({ text: TtsText, gender: z._default(TtsGender, 'female') });

/** Audio files, text to speech and queue music (spec 001 section 7 "Audio", "Text to speech"). */
export const audioEndpoints = {
  listAudioFiles: endpoint({
    method: 'GET',
    path: '/api/v3/voip/:id/audio-files/',
    summary: 'Audio files of the site, by stored filename or kind',
    auth: true,
    params: ProductParams,
    query: z.object({
      filename: z.optional(z.string().check(z.maxLength(200))),
      kind: z.optional(z.string().check(z.maxLength(50))),
    }),
    response: z.object({ results: z.array(AudioFile) }),
  }),
  uploadAudioFile: endpoint({
    method: 'POST',
    path: '/api/v3/voip/:id/call-flows/current/audio-files/upload/',
    summary: 'Uploads an audio file (multipart: audio-file, and audio-data as JSON); answers the stored file',
    auth: true,
    params: ProductParams,
    body: z.object({
      [AUDIO_UPLOAD_FIELDS.file]: uploadedFile(AUDIO_UPLOAD_FIELDS.file),
      [AUDIO_UPLOAD_FIELDS.data]: AudioData,
    }),
    multipart: { file: AUDIO_UPLOAD_FIELDS.file, fields: { [AUDIO_UPLOAD_FIELDS.data]: 'json' } },
    response: AudioFile,
    status: 201,
  }),
  uploadCallFlowAudioFile: endpoint({
    method: 'PUT',
    path: '/api/v1/voip/:id/call-flows/current/audio-files/upload/',
    summary: 'Uploads a greeting (multipart: file); answers its stored filename',
    auth: true,
    params: ProductParams,
    body: z.object({ [AUDIO_UPLOAD_FIELDS.plainFile]: uploadedFile(AUDIO_UPLOAD_FIELDS.plainFile) }),
    multipart: { file: AUDIO_UPLOAD_FIELDS.plainFile },
    response: z.object({ filename: z.string() }),
  }),
  getDefaultQueueMusic: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/call-flows/current/groups/default/call-queue/queuing-music/default/',
    summary: 'The default queue music (audio/wav; the built-in hold melody)',
    auth: true,
    params: ProductParams,
    response: Binary,
  }),
  getTextToSpeech: endpoint({
    answers: ['speaking'],
    method: 'GET',
    path: '/api/v1/voip/:id/audio/text-to-speech/',
    summary: 'Speaks the text (audio/wav in AUDIO_FORMAT)',
    auth: true,
    params: ProductParams,
    query: TextToSpeechRequest,
    response: Binary,
  }),
  postTextToSpeech: endpoint({
    answers: ['speaking'],
    method: 'POST',
    path: '/api/v1/voip/:id/audio/text-to-speech/',
    summary: 'Speaks the text (audio/wav in AUDIO_FORMAT)',
    auth: true,
    params: ProductParams,
    body: TextToSpeechRequest,
    response: Binary,
  }),
};

const voicemail = '/api/v3/voip/:id/phone-setup/voicemail';
const holdMusic = '/api/v3/voip/:id/phone-setup/hold-music';
const VoicemailResult = z.object({ result: VoicemailConfiguration });

/** Phone setup's voicemail greeting and settings, and hold music (spec 001 section 7 "Voicemail", "Hold music"). */
export const phoneSetupAudioEndpoints = {
  getVoicemailGreeting: endpoint({
    method: 'GET',
    path: `${voicemail}/greeting/`,
    summary: `The voicemail greeting (audio/wav): the site's own, else the default; 400 "${audioMessages.noVoicemailGreeting}" when there is none`,
    auth: true,
    params: ProductParams,
    response: Binary,
  }),
  getVoicemailGreetingText: endpoint({
    method: 'GET',
    path: `${voicemail}/greeting/tts-text/`,
    summary: 'The words of a text-to-speech greeting (text null otherwise)',
    auth: true,
    params: ProductParams,
    response: VoicemailGreetingText,
  }),
  postVoicemailGreetingText: endpoint({
    answers: ['speaking'],
    method: 'POST',
    path: `${voicemail}/greeting/tts-text/`,
    summary: "Speaks the text and makes it the site's greeting (custom_audio true)",
    auth: true,
    params: ProductParams,
    body: TextToSpeechRequest,
    response: VoicemailGreetingText,
  }),
  deleteVoicemailGreetingText: endpoint({
    method: 'DELETE',
    path: `${voicemail}/greeting/tts-text/`,
    summary: 'Forgets the words of the greeting (the audio stays)',
    auth: true,
    params: ProductParams,
    response: VoicemailGreetingText,
  }),
  getVoicemailConfiguration: endpoint({
    method: 'GET',
    path: `${voicemail}/configuration/`,
    summary: 'Voicemail settings',
    auth: true,
    params: ProductParams,
    response: z.object({ results: VoicemailConfiguration }),
  }),
  putVoicemailConfiguration: endpoint({
    method: 'PUT',
    path: `${voicemail}/configuration/`,
    summary: 'Changes voicemail_delay or voicemail_to_email; answers all settings',
    auth: true,
    params: ProductParams,
    body: PutVoicemailConfiguration,
    response: VoicemailResult,
  }),
  postVoicemailGreeting: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:id/voicemail/greeting/',
    summary:
      "?audio_type=greeting with multipart file: makes it the site's greeting (custom_audio true). ?reset=true: back to the default greeting",
    auth: true,
    params: ProductParams,
    query: z.object({
      audio_type: z.optional(z.literal('greeting', { error: 'audio_type can only be greeting.' })),
      reset: z.optional(z.enum(['true', 'false'], { error: 'reset is true or false.' })),
    }),
    body: z.object({ [AUDIO_UPLOAD_FIELDS.plainFile]: z.optional(uploadedFile(AUDIO_UPLOAD_FIELDS.plainFile)) }),
    multipart: { file: AUDIO_UPLOAD_FIELDS.plainFile },
    response: VoicemailResult,
  }),
  getHoldMusic: endpoint({
    method: 'GET',
    path: `${holdMusic}/`,
    summary: "Whether callers on hold hear the site's own music",
    auth: true,
    params: ProductParams,
    response: HoldMusic,
  }),
  downloadHoldMusic: endpoint({
    method: 'GET',
    path: `${holdMusic}/download/`,
    summary: 'The hold music (audio/wav; supports Range): the custom one, else the default melody',
    auth: true,
    params: ProductParams,
    response: Binary,
  }),
  restoreHoldMusic: endpoint({
    method: 'POST',
    path: `${holdMusic}/restore/`,
    summary: 'Back to the default hold music (custom_audio false)',
    auth: true,
    params: ProductParams,
    response: HoldMusic,
  }),
  uploadHoldMusic: endpoint({
    method: 'POST',
    path: '/api/v1/products/:id/configuration/hold-music/',
    summary: 'Uploads hold music (multipart: file); custom_audio true',
    auth: true,
    params: ProductParams,
    body: z.object({ [AUDIO_UPLOAD_FIELDS.plainFile]: uploadedFile(AUDIO_UPLOAD_FIELDS.plainFile) }),
    multipart: { file: AUDIO_UPLOAD_FIELDS.plainFile },
    response: HoldMusic,
  }),
};
