import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { audioCallMessages, audioMessages, MAX_TTS_TEXT_LENGTH, MAX_UPLOAD_FILE_BYTES } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { system } from '../../../config/theme.ts';
import type { AudioSaveInput, AudioServices } from '../logic/types.ts';
import { encodeWav, readWavHeader } from '../logic/wav.ts';
import { readFile } from '../logic/web-audio.ts';
import { FakeOfflineAudioContext, tone, wavFile } from '../testing.ts';
import { AudioDialog, type AudioDialogProps } from './audio-dialog.tsx';

function renderDialog(overrides: Partial<AudioDialogProps<{ stored_filename: string }>> = {}) {
  const services: AudioServices<{ stored_filename: string }> = {
    synthesize: vi.fn(() => Promise.resolve(new Blob([encodeWav([tone(1.5)], 16000)], { type: 'audio/wav' }))),
    save: vi.fn(() => Promise.resolve({ stored_filename: 'greeting-1.wav' })),
  };
  const props = {
    open: true,
    onClose: vi.fn(),
    onSaved: vi.fn(),
    title: 'Greeting audio',
    kind: 'greeting' as const,
    defaultName: 'Welcome',
    services,
    ...overrides,
  };
  const view = render(
    <ChakraProvider value={system}>
      <AudioDialog {...props} />
    </ChakraProvider>,
  );
  return { ...view, props, services: props.services };
}

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
}

function chooseFile(file: File) {
  fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [file] } });
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

/** Waits for a take to be ready to save (Listen and trim shown, nothing busy). */
async function takeReady() {
  await screen.findByRole('heading', { name: 'Listen and trim' });
  await waitFor(() => expect(saveButton()).toBeEnabled());
}

/** Uploads a good WAV and waits for Listen and trim. */
async function uploadTake(seconds = 2) {
  await openTab('Upload');
  chooseFile(wavFile(seconds));
  await takeReady();
}

beforeEach(() => {
  vi.stubGlobal('OfflineAudioContext', FakeOfflineAudioContext);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AudioDialog: choosing how', () => {
  it('offers Record, Type out and Upload as tabs, Record first, moved between with the arrow keys', async () => {
    renderDialog();
    const record = await screen.findByRole('tab', { name: 'Record' });
    expect(screen.getByRole('tablist', { name: 'How to make the audio' })).toBeInTheDocument();
    expect(record).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Record' })).toBeInTheDocument();

    fireEvent.keyDown(record, { key: 'ArrowRight' });
    const typeOut = screen.getByRole('tab', { name: 'Type out' });
    expect(typeOut).toHaveAttribute('aria-selected', 'true');
    expect(typeOut).toHaveFocus();
    expect(screen.getByLabelText('Words to say')).toBeInTheDocument();

    fireEvent.keyDown(typeOut, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Upload' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Choose a file')).toHaveAttribute('accept', expect.stringContaining('audio/*'));

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Upload' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Record' })).toHaveAttribute('aria-selected', 'true');
  });

  it('has no Type out for hold music', async () => {
    renderDialog({ kind: 'hold_music', title: 'Hold music', allowTextToSpeech: false });
    await screen.findByRole('tab', { name: 'Record' });
    expect(screen.queryByRole('tab', { name: 'Type out' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Record', 'Upload']);
  });

  it('keeps Save disabled until there is something to save', async () => {
    renderDialog();
    await screen.findByRole('tab', { name: 'Record' });
    expect(saveButton()).toBeDisabled();
    expect(screen.getByText('Record, type out or upload your audio first.')).toBeInTheDocument();
  });
});

describe('AudioDialog: Upload', () => {
  it('refuses a text file before reading it', async () => {
    renderDialog();
    await openTab('Upload');
    chooseFile(new File(['not audio'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(audioMessages.notAudio);
    expect(screen.getByLabelText('Choose a file')).toHaveAttribute('aria-invalid', 'true');
    expect(saveButton()).toBeDisabled();
  });

  it('refuses a file over the size limit before reading it', async () => {
    const reading = vi.spyOn(FileReader.prototype, 'readAsArrayBuffer');
    renderDialog();
    await openTab('Upload');
    const big = new File(['x'], 'long.mp3', { type: 'audio/mpeg' });
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_FILE_BYTES + 1 });
    chooseFile(big);
    expect((await screen.findByRole('alert')).textContent).toBe(audioMessages.fileTooLarge);
    expect(reading).not.toHaveBeenCalled();
  });

  it('refuses an empty file, and a file that looks like audio but does not decode', async () => {
    renderDialog();
    await openTab('Upload');
    chooseFile(new File([], 'empty.wav', { type: 'audio/wav' }));
    expect((await screen.findByRole('alert')).textContent).toBe(audioMessages.empty);
    chooseFile(new File(['this is no wav'], 'broken.wav', { type: 'audio/wav' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(audioMessages.undecodable));
  });

  it('turns a good file into a take with the kept part set to all of it', async () => {
    renderDialog();
    await uploadTake(2);
    expect(
      within(screen.getByRole('region', { name: 'Listen and trim' })).getByText(/welcome\.wav, 2\.0 seconds/),
    ).toBeInTheDocument();
    expect(screen.getByText('Ready to listen and trim: welcome.wav, 2.0 seconds.')).toHaveAttribute('role', 'status');
    expect((screen.getByLabelText('Start (seconds)') as HTMLInputElement).value).toBe('0.00');
    expect((screen.getByLabelText('End (seconds)') as HTMLInputElement).value).toBe('2.00');
    expect(screen.getByText('Keeping 2.0 seconds of 2.0 seconds.')).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });
});

describe('AudioDialog: Type out', () => {
  it('asks for words when Preview is pressed with none, and says when there are too many', async () => {
    const { services } = renderDialog();
    await openTab('Type out');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(audioMessages.ttsEmpty);
    expect(services.synthesize).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Words to say'), { target: { value: 'a'.repeat(MAX_TTS_TEXT_LENGTH + 1) } });
    expect(screen.getByRole('alert')).toHaveTextContent(audioMessages.ttsTooLong);
    expect(screen.getByText('1 character too many')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(services.synthesize).not.toHaveBeenCalled();
  });

  it('previews the words in the chosen voice and saves them with the audio', async () => {
    const { services, props } = renderDialog();
    await openTab('Type out');
    fireEvent.change(screen.getByLabelText('Words to say'), { target: { value: 'Thank you for calling.' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Male' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await takeReady();
    expect(services.synthesize).toHaveBeenCalledWith(
      'Thank you for calling.',
      'male',
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(
      within(screen.getByRole('region', { name: 'Listen and trim' })).getByText(/Text to speech, male voice/),
    ).toBeInTheDocument();

    fireEvent.click(saveButton());
    await waitFor(() => expect(props.onSaved).toHaveBeenCalledWith({ stored_filename: 'greeting-1.wav' }));
    const input = vi.mocked(services.save).mock.calls[0]![0];
    expect(input).toMatchObject({
      name: 'Welcome',
      kind: 'greeting',
      sub_kind: 'text_to_speech',
      text: 'Thank you for calling.',
      tts_voice: 'male',
      durationMs: 1500,
    });
    expect(props.onClose).toHaveBeenCalled();
  });

  it('will not save a preview whose words have changed since', async () => {
    const { services } = renderDialog();
    await openTab('Type out');
    fireEvent.change(screen.getByLabelText('Words to say'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await takeReady();
    fireEvent.change(screen.getByLabelText('Words to say'), { target: { value: 'Hello there' } });
    fireEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(/Preview again/);
    expect(services.save).not.toHaveBeenCalled();
  });

  it("shows the service's message when speech fails", async () => {
    const { services } = renderDialog();
    vi.mocked(services.synthesize!).mockRejectedValueOnce(new Error('Text to speech is not available right now.'));
    await openTab('Type out');
    fireEvent.change(screen.getByLabelText('Words to say'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Text to speech is not available right now.');
  });
});

describe('AudioDialog: Record', () => {
  it('says the microphone is blocked when the browser refuses it', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError'))) },
    });
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Start recording' }));
    expect((await screen.findByRole('alert')).textContent).toBe(audioMessages.microphoneBlocked);
  });

  it('says there is no microphone when none is found', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(() => Promise.reject(new DOMException('none', 'NotFoundError'))) },
    });
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Start recording' }));
    expect((await screen.findByRole('alert')).textContent).toBe(audioMessages.microphoneMissing);
  });
});

describe('AudioDialog: trim and save', () => {
  it('refuses to save less than the shortest audio, saying why beside the trim inputs', async () => {
    const { services } = renderDialog();
    await uploadTake(2);
    fireEvent.change(screen.getByLabelText('End (seconds)'), { target: { value: '0.1' } });
    expect(screen.getByText(audioMessages.tooShort)).toBeInTheDocument();
    fireEvent.click(saveButton());
    expect(screen.getByLabelText('End (seconds)')).toHaveFocus();
    expect(services.save).not.toHaveBeenCalled();
  });

  it('needs a name', async () => {
    const { services } = renderDialog({ defaultName: '' });
    await uploadTake(1);
    fireEvent.click(saveButton());
    expect(screen.getByText(audioCallMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Name', { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name', { selector: 'input' })).toHaveFocus();
    expect(services.save).not.toHaveBeenCalled();
  });

  it('saves exactly the kept part as 8 kHz 16-bit mono WAV', async () => {
    const { services, props } = renderDialog();
    await uploadTake(3);
    fireEvent.change(screen.getByLabelText('Start (seconds)'), { target: { value: '0.5' } });
    fireEvent.change(screen.getByLabelText('End (seconds)'), { target: { value: '2.25' } });
    expect(screen.getByText('Keeping 1.8 seconds of 3.0 seconds.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name', { selector: 'input' }), { target: { value: '  Main greeting ' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(props.onSaved).toHaveBeenCalled());
    const [input, options] = vi.mocked(services.save).mock.calls[0]!;
    expect(input).toMatchObject({ name: 'Main greeting', kind: 'greeting', sub_kind: 'upload', durationMs: 1750 });
    expect(input).not.toHaveProperty('text');
    expect(options.signal).toBeInstanceOf(AbortSignal);
    const header = readWavHeader(await readFile(input.wav, () => undefined));
    expect(header).toMatchObject({
      format: 1,
      channels: 1,
      sampleRate: 8000,
      bitsPerSample: 16,
      dataBytes: 1.75 * 8000 * 2,
    });
  });

  it('keeps the take and shows the error when saving fails, and saves on a second try', async () => {
    const { services, props } = renderDialog();
    vi.mocked(services.save).mockRejectedValueOnce(new Error('The audio could not be stored. Try again in a minute.'));
    await uploadTake(2);
    fireEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The audio could not be stored. Try again in a minute.',
    );
    expect(props.onSaved).not.toHaveBeenCalled();
    expect(props.onClose).not.toHaveBeenCalled();
    // Nothing is lost: the take, the trim and the name are all still there.
    expect(screen.getByRole('heading', { name: 'Listen and trim' })).toBeInTheDocument();
    expect((screen.getByLabelText('End (seconds)') as HTMLInputElement).value).toBe('2.00');
    expect(saveButton()).toBeEnabled();

    fireEvent.click(saveButton());
    await waitFor(() => expect(props.onSaved).toHaveBeenCalledWith({ stored_filename: 'greeting-1.wav' }));
    expect(services.save).toHaveBeenCalledTimes(2);
    // The retry sends the same converted audio.
    expect(vi.mocked(services.save).mock.calls[1]![0].wav).toBe(vi.mocked(services.save).mock.calls[0]![0].wav);
  });

  it('shows upload progress, and Cancel aborts the upload and closes', async () => {
    let options: { onProgress: (fraction: number) => void; signal: AbortSignal } | undefined;
    const { services, props } = renderDialog();
    vi.mocked(services.save).mockImplementationOnce((_input: AudioSaveInput, given) => {
      options = given;
      return new Promise((_resolve, reject) =>
        given.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    await uploadTake(1);
    fireEvent.click(saveButton());
    await waitFor(() => expect(options).toBeDefined());
    act(() => options!.onProgress(0.4));
    const progress = screen.getByRole('progressbar', { name: 'Saving' });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(progress).toHaveAttribute('aria-valuetext', 'Uploading, 40%');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(options!.signal.aborted).toBe(true);
    expect(props.onClose).toHaveBeenCalled();
    expect(props.onSaved).not.toHaveBeenCalled();
  });
});

describe('AudioDialog: closing', () => {
  const dialogNamed = (name: string) =>
    screen
      .getAllByRole('dialog', { hidden: true })
      .find((element) => element.getAttribute('aria-labelledby') && element.querySelector('h2')?.textContent === name)!;

  it('closes on Escape at once when there is nothing to lose, and asks first when there is', async () => {
    const { props } = renderDialog();
    await screen.findByRole('tab', { name: 'Record' });
    fireEvent(dialogNamed('Greeting audio'), new Event('cancel', { cancelable: true }));
    expect(props.onClose).toHaveBeenCalledTimes(1);

    cleanup();
    const second = renderDialog();
    await uploadTake(1);
    fireEvent(dialogNamed('Greeting audio'), new Event('cancel', { cancelable: true }));
    expect(second.props.onClose).not.toHaveBeenCalled();
    const question = screen.getByRole('alert');
    expect(question).toHaveTextContent(/Close without saving/);
    fireEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('heading', { name: 'Listen and trim' })).toBeInTheDocument();

    fireEvent(dialogNamed('Greeting audio'), new Event('cancel', { cancelable: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard and close' }));
    expect(second.props.onClose).toHaveBeenCalledTimes(1);
  });

  it('opened from inside another dialog, Escape closes only itself', async () => {
    const outerClose = vi.fn();
    const innerClose = vi.fn();
    const Wrapper = ({ children }: { children: ReactNode }) => (
      <ChakraProvider value={system}>{children}</ChakraProvider>
    );
    render(
      <Dialog open title="Greeting step" onClose={outerClose}>
        <AudioDialog
          open
          onClose={innerClose}
          onSaved={vi.fn()}
          title="Greeting audio"
          kind="greeting"
          services={{ save: vi.fn() }}
        />
      </Dialog>,
      { wrapper: Wrapper },
    );
    await screen.findByRole('tab', { name: 'Record' });
    fireEvent(dialogNamed('Greeting audio'), new Event('cancel', { cancelable: true }));
    expect(innerClose).toHaveBeenCalledTimes(1);
    expect(outerClose).not.toHaveBeenCalled();
  });
});
