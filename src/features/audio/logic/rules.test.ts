import { describe, expect, it } from 'vitest';

import {
  audioCallMessages,
  audioMessages,
  AudioName,
  MAX_GREETING_SECONDS,
  MAX_HOLD_MUSIC_SECONDS,
  MAX_TTS_TEXT_LENGTH,
  MAX_UPLOAD_FILE_BYTES,
  MIN_AUDIO_MS,
} from '@portal/contract';

import {
  AUDIO_NAME_MAX_LENGTH,
  audioLimits,
  fileProblem,
  formatLength,
  keptLengthProblem,
  microphoneProblem,
  ttsTextLength,
  ttsTextProblem,
  UPLOAD_EXTENSIONS,
} from './rules.ts';

describe('audioLimits and keptLengthProblem', () => {
  it('gives hold music its own, longer limit and message', () => {
    expect(audioLimits('hold_music')).toEqual({
      maxSeconds: MAX_HOLD_MUSIC_SECONDS,
      tooLong: audioMessages.holdMusicTooLong,
    });
    for (const kind of ['greeting', 'menu', 'announcement', 'voicemail_greeting'] as const) {
      expect(audioLimits(kind)).toEqual({ maxSeconds: MAX_GREETING_SECONDS, tooLong: audioMessages.greetingTooLong });
    }
  });

  it('refuses less than the shortest audio', () => {
    expect(keptLengthProblem(MIN_AUDIO_MS / 1000 - 0.01, 'greeting')).toBe(audioMessages.tooShort);
    expect(keptLengthProblem(0, 'greeting')).toBe(audioMessages.tooShort);
    expect(keptLengthProblem(Number.NaN, 'greeting')).toBe(audioMessages.tooShort);
    expect(keptLengthProblem(MIN_AUDIO_MS / 1000, 'greeting')).toBeNull();
  });

  it('allows exactly the limit and refuses more, with the message of the kind', () => {
    expect(keptLengthProblem(MAX_GREETING_SECONDS, 'greeting')).toBeNull();
    expect(keptLengthProblem(MAX_GREETING_SECONDS + 0.01, 'greeting')).toBe(audioMessages.greetingTooLong);
    expect(keptLengthProblem(MAX_GREETING_SECONDS + 0.01, 'hold_music')).toBeNull();
    expect(keptLengthProblem(MAX_HOLD_MUSIC_SECONDS + 0.01, 'hold_music')).toBe(audioMessages.holdMusicTooLong);
  });
});

describe('fileProblem', () => {
  const ok = { name: 'welcome.mp3', type: 'audio/mpeg', size: 1000 };

  it('accepts audio by MIME type or by a listed extension', () => {
    expect(fileProblem(ok)).toBeNull();
    expect(fileProblem({ name: 'take', type: 'audio/x-m4a', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'Greeting.WAV', type: '', size: 10 })).toBeNull();
    // Browsers call .webm and .ogg video or application types.
    expect(fileProblem({ name: 'clip.webm', type: 'video/webm', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'clip.ogg', type: 'application/ogg', size: 10 })).toBeNull();
  });

  it('lists the extensions of UPLOAD_ACCEPT', () => {
    expect(UPLOAD_EXTENSIONS).toContain('.wav');
    expect(UPLOAD_EXTENSIONS).toContain('.mp3');
    expect(UPLOAD_EXTENSIONS).not.toContain('audio/*');
  });

  it('refuses what is not audio by type and name', () => {
    expect(fileProblem({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe(audioMessages.notAudio);
    expect(fileProblem({ name: 'photo.jpg', type: 'image/jpeg', size: 10 })).toBe(audioMessages.notAudio);
    expect(fileProblem({ name: 'noextension', type: '', size: 10 })).toBe(audioMessages.notAudio);
  });

  it('refuses an empty file and one over the limit', () => {
    expect(fileProblem({ ...ok, size: 0 })).toBe(audioMessages.empty);
    expect(fileProblem({ ...ok, size: MAX_UPLOAD_FILE_BYTES })).toBeNull();
    expect(fileProblem({ ...ok, size: MAX_UPLOAD_FILE_BYTES + 1 })).toBe(audioMessages.fileTooLarge);
  });
});

describe('ttsTextProblem and the name rule', () => {
  it('needs words, and not too many', () => {
    expect(ttsTextProblem('')).toBe(audioMessages.ttsEmpty);
    expect(ttsTextProblem('  \n ')).toBe(audioMessages.ttsEmpty);
    expect(ttsTextProblem('Hello')).toBeNull();
    expect(ttsTextProblem('a'.repeat(MAX_TTS_TEXT_LENGTH))).toBeNull();
    expect(ttsTextProblem('a'.repeat(MAX_TTS_TEXT_LENGTH + 1))).toBe(audioMessages.ttsTooLong);
    // Counted as the server counts: runs of spaces and line breaks are one character.
    expect(ttsTextProblem(`${'a '.repeat(MAX_TTS_TEXT_LENGTH / 2 - 1)}a\n\n\n   `)).toBeNull();
    expect(ttsTextLength('  Hello \n\n  there  ')).toBe('Hello there'.length);
  });

  it("needs a name of 1-100 characters (the contract's AudioName, which the dialog checks)", () => {
    const problem = (name: string) => {
      const result = AudioName.safeParse(name);
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(AUDIO_NAME_MAX_LENGTH).toBe(100);
    expect(problem('  ')).toBe(audioCallMessages.nameRequired);
    expect(problem('Welcome')).toBeNull();
    expect(problem('a'.repeat(AUDIO_NAME_MAX_LENGTH))).toBeNull();
    expect(problem('a'.repeat(AUDIO_NAME_MAX_LENGTH + 1))).toBe(audioCallMessages.nameTooLong);
  });

  it('refuses path separators, control characters and text-direction overrides in a name', () => {
    const problem = (name: string) => {
      const result = AudioName.safeParse(name);
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(problem('../greeting')).toBe(audioCallMessages.nameSlash);
    expect(problem('a\\b')).toBe(audioCallMessages.nameSlash);
    for (const hidden of ['\u202E', '\u202A', '\u2066', '\u2069', '\u0000', '\u0007', '\u007F', '\u009B']) {
      expect(problem(`greeting${hidden}gnp.exe`), JSON.stringify(hidden)).toBe(audioCallMessages.nameHiddenCharacters);
    }
    // Other scripts and punctuation stay allowed.
    expect(problem('Croeso – Welcome (main) #2 مرحبا')).toBeNull();
  });
});

describe('microphoneProblem', () => {
  const named = (name: string) => new DOMException('x', name);

  it('tells a blocked microphone from a missing or failed one', () => {
    expect(microphoneProblem(named('NotAllowedError'))).toBe(audioMessages.microphoneBlocked);
    expect(microphoneProblem(named('SecurityError'))).toBe(audioMessages.microphoneBlocked);
    expect(microphoneProblem(named('NotFoundError'))).toBe(audioMessages.microphoneMissing);
    expect(microphoneProblem(named('OverconstrainedError'))).toBe(audioMessages.microphoneMissing);
    expect(microphoneProblem(named('NotReadableError'))).toBe(audioMessages.microphoneFailed);
    expect(microphoneProblem(new TypeError('no mediaDevices'))).toBe(audioMessages.microphoneFailed);
    expect(microphoneProblem('odd')).toBe(audioMessages.microphoneFailed);
  });
});

describe('formatting', () => {
  it('shows kept lengths', () => {
    expect(formatLength(3.25)).toBe('3.3 seconds');
    expect(formatLength(1)).toBe('1.0 second');
  });
});
