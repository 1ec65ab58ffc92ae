import { Box, Button, chakra, Flex, Spinner, Stack, Text, useRecipe } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';

import { audioMessages, MAX_TTS_TEXT_LENGTH, TTS_VOICES, type TtsVoice } from '@portal/contract';

import { isAbort, readableError } from '../logic/readable-error.ts';
import { ttsTextLength, ttsTextProblem } from '../logic/rules.ts';
import type { AudioServices, NewTake } from '../logic/types.ts';
import { decodeAudio, readFile } from '../logic/web-audio.ts';

export const voiceLabels: Record<TtsVoice, string> = { female: 'Female', male: 'Male' };

interface TextToSpeechPanelProps {
  text: string;
  voice: TtsVoice;
  onTextChange: (text: string) => void;
  onVoiceChange: (voice: TtsVoice) => void;
  synthesize: NonNullable<AudioServices['synthesize']>;
  onTake: (take: NewTake) => void;
  onBusyChange: (busy: boolean) => void;
}

const unplayable = 'The speech could not be played. Please try again.';

/**
 * Type out: the words and a voice; Preview asks the service to speak them, and what comes
 * back becomes the take (to listen to, trim and save with its words and voice).
 */
export function TextToSpeechPanel({
  text,
  voice,
  onTextChange,
  onVoiceChange,
  synthesize,
  onTake,
  onBusyChange,
}: TextToSpeechPanelProps) {
  const textId = useId();
  const countId = useId();
  const errorId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const request = useRef<AbortController | null>(null);
  const inputStyles = useRecipe({ key: 'input' })({ size: 'lg', variant: 'outline' });
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const problem = ttsTextProblem(text);
  // Too long is said at once; empty only once Preview was tried.
  const textError = problem === audioMessages.ttsTooLong || (tried && problem) ? problem : null;
  const used = ttsTextLength(text);
  const over = used - MAX_TTS_TEXT_LENGTH;

  useEffect(() => onBusyChange(loading), [loading, onBusyChange]);
  useEffect(() => () => request.current?.abort(), []);

  const preview = async () => {
    setTried(true);
    setFailure(null);
    if (problem) {
      textarea.current?.focus();
      return;
    }
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    try {
      let blob: Blob;
      try {
        blob = await synthesize(text, voice, { signal: controller.signal });
      } catch (error) {
        if (!isAbort(error)) setFailure(readableError(error));
        return;
      }
      try {
        const audio = await decodeAudio(await readFile(blob, () => undefined, controller.signal));
        if (controller.signal.aborted) return;
        onTake({
          blob,
          audio,
          subKind: 'text_to_speech',
          label: `Text to speech, ${voiceLabels[voice].toLowerCase()} voice`,
          text,
          voice,
        });
      } catch (error) {
        if (!isAbort(error)) setFailure(unplayable);
      }
    } finally {
      if (request.current === controller) {
        request.current = null;
        setLoading(false);
      }
    }
  };

  return (
    <Stack gap="4">
      <Box>
        <chakra.label htmlFor={textId} display="block" fontWeight="semibold" mb="1">
          Words to say
        </chakra.label>
        {textError && (
          <Text id={errorId} role="alert" color="fg.error" fontWeight="semibold" mb="1">
            <chakra.span srOnly>Error: </chakra.span>
            {textError}
          </Text>
        )}
        <chakra.textarea
          ref={textarea}
          id={textId}
          value={text}
          rows={4}
          onChange={(event) => onTextChange(event.target.value)}
          aria-invalid={textError ? true : undefined}
          aria-describedby={[textError ? errorId : null, countId].filter(Boolean).join(' ')}
          css={[
            inputStyles,
            {
              bg: 'bg',
              borderWidth: '2px',
              borderColor: textError ? 'border.error' : 'gray.700',
              h: 'auto',
              py: '2',
              resize: 'vertical',
            },
          ]}
        />
        <Text
          id={countId}
          fontSize="sm"
          mt="1"
          color={over > 0 ? 'fg.error' : 'fg.muted'}
          fontWeight={over > 0 ? 'semibold' : 'normal'}
        >
          {over > 0
            ? `${over} character${over === 1 ? '' : 's'} too many`
            : `${used} of ${MAX_TTS_TEXT_LENGTH} characters`}
        </Text>
      </Box>

      <chakra.fieldset>
        <chakra.legend fontWeight="semibold" mb="1">
          Voice
        </chakra.legend>
        <Flex gap="6" wrap="wrap">
          {TTS_VOICES.map((option) => (
            <chakra.label key={option} display="flex" alignItems="center" gap="2" cursor="pointer" minH="10">
              <chakra.input
                type="radio"
                name={`${textId}-voice`}
                value={option}
                checked={voice === option}
                onChange={() => onVoiceChange(option)}
                w="5"
                h="5"
                accentColor="brand.solid"
                focusVisibleRing="outside"
              />
              {voiceLabels[option]}
            </chakra.label>
          ))}
        </Flex>
      </chakra.fieldset>

      <Flex gap="3" align="center" wrap="wrap">
        <Button
          type="button"
          variant="outline"
          colorPalette="brand"
          onClick={() => void preview()}
          disabled={loading}
          aria-busy={loading || undefined}
        >
          {loading && <Spinner size="sm" />}
          Preview
        </Button>
        {loading && (
          <Text role="status" fontSize="sm" color="fg.muted">
            Making the audio…
          </Text>
        )}
      </Flex>
      {failure && (
        <Text role="alert" color="fg.error" fontWeight="semibold">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
