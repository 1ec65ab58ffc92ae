import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { AudioFile } from '@portal/contract';
import { argValue, createEditorStore, insertBetween, insertNode, removeSubtree } from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { system } from '../../../config/theme.ts';
import type { AudioServices } from '../../audio/index.ts';
import { FakeOfflineAudioContext, wavFile as toneFile } from '../../audio/testing.ts';
import { AUDIO_FIELDS, newAudioName } from './audio-fields.ts';
import { CallFlowCanvas } from './call-flow-canvas.tsx';
import { nodeIndex } from './graph.ts';
import { stubCanvasEnvironment } from './testing.ts';
import type { CallFlowCanvasServices } from './types.ts';

const wavFile = (seconds: number) => toneFile(seconds, 'menu.wav');

const existing: AudioFile = {
  stored_filename: 'hello.wav',
  kind: 'greeting',
  sub_kind: 'upload',
  call_flow_filename: null,
  name: 'Welcome',
  text: null,
  tts_voice: null,
  duration_ms: 2000,
};
const made: AudioFile = {
  stored_filename: 'menu-1.wav',
  kind: 'menu',
  sub_kind: 'upload',
  call_flow_filename: null,
  name: 'Dial menu',
  text: null,
  tts_voice: null,
  duration_ms: 2000,
};

function baseServices(audio?: AudioServices<AudioFile>): CallFlowCanvasServices {
  return {
    siteUsers: [{ id: 1, first_name: 'Alice', last_name: 'Smith', email: 'a@example.co.uk', extension: '201' }],
    audioFiles: [existing],
    fetchAudio: async () => new Blob(),
    isUkPhoneNumber: async () => true,
    audio,
  };
}

function fakeAudio(): AudioServices<AudioFile> {
  return { synthesize: vi.fn(() => Promise.resolve(new Blob())), save: vi.fn(() => Promise.resolve(made)) };
}

beforeAll(() => {
  stubCanvasEnvironment();
  vi.stubGlobal('OfflineAudioContext', FakeOfflineAudioContext);
});
afterEach(cleanup);
afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The sample flow with a greeting before the transfer (in hours) and a dial menu out of hours. */
function flowWithAudioSteps() {
  let flow = apply(sampleFlow(), insertBetween('n3', 'n5', 'play_audio'))!.flow;
  flow = apply(flow, removeSubtree('n6'))!.flow;
  return apply(flow, insertNode('n4', 'dial_menu'))!.flow;
}

async function openStep(services: CallFlowCanvasServices, stepButton: string, dialogName: string) {
  const store = createEditorStore({ flow: flowWithAudioSteps() });
  render(
    <ChakraProvider value={system}>
      <div style={{ height: 800 }}>
        <CallFlowCanvas store={store} services={services} />
      </div>
    </ChakraProvider>,
  );
  fireEvent.doubleClick(await screen.findByRole('button', { name: stepButton }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  return { store, dialog };
}

const stepOf = (store: ReturnType<typeof createEditorStore>, type: string) =>
  [...nodeIndex(store.getState().flow.data).values()].find((entry) => entry.node.type === type)!.node;

describe('New audio in the step dialogs', () => {
  it('is not offered when the page gives no audio services', async () => {
    const { dialog } = await openStep(baseServices(), 'Dial menu: Dial menu', 'Dial menu: Dial menu');
    expect(within(dialog).getByLabelText('Menu message (audio file)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^New audio/ })).not.toBeInTheDocument();
  });

  it('makes a menu message in the audio dialog, chooses it in the select, and Save stores it on the step', async () => {
    const audio = fakeAudio();
    const { store, dialog } = await openStep(baseServices(audio), 'Dial menu: Dial menu', 'Dial menu: Dial menu');
    const button = within(dialog).getByRole('button', { name: 'New audio for Menu message (audio file)' });
    expect(button.textContent).toBe('New audio');

    fireEvent.click(button);
    const audioDialog = await screen.findByRole('dialog', { name: 'New menu message audio' });
    // It opens at the end of the body, outside the step dialog.
    expect(dialog.contains(audioDialog)).toBe(false);
    fireEvent.click(await within(audioDialog).findByRole('tab', { name: 'Upload' }));
    fireEvent.change(within(audioDialog).getByLabelText('Choose a file'), { target: { files: [wavFile(2)] } });
    await within(audioDialog).findByRole('heading', { name: 'Listen and trim' });
    const save = within(audioDialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    expect(within(audioDialog).getByLabelText('Name', { selector: 'input' })).toHaveValue('Dial menu');
    fireEvent.click(save);

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New menu message audio' })).not.toBeInTheDocument(),
    );
    expect(vi.mocked(audio.save).mock.calls[0]![0]).toMatchObject({
      kind: 'menu',
      name: 'Dial menu',
      sub_kind: 'upload',
    });
    const select = within(dialog).getByLabelText('Menu message (audio file)') as HTMLSelectElement;
    expect(select).toHaveValue('menu-1.wav');
    // Listed by its name at once, though the page's list (services.audioFiles) has not changed.
    expect(select.selectedOptions[0]!.textContent).toBe('Dial menu');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dial menu: Dial menu' })).not.toBeInTheDocument());
    expect(argValue(stepOf(store, 'dial_menu'), 'audio_file', 'audio_file')).toBe('menu-1.wav');
  });

  it('names the greeting button after its select and opens the greeting dialog', async () => {
    const { dialog } = await openStep(baseServices(fakeAudio()), 'Play audio: Greeting', 'Play audio: Greeting');
    fireEvent.click(within(dialog).getByRole('button', { name: 'New audio for Greeting (audio file)' }));
    const audioDialog = await screen.findByRole('dialog', { name: 'New greeting audio' });
    expect(await within(audioDialog).findByRole('tab', { name: 'Type out' })).toBeInTheDocument();
    expect(within(audioDialog).getByLabelText('Name', { selector: 'input' })).toHaveValue('Greeting');
  });

  it("offers New audio for each of the transfer's audio selects; queue music cannot be typed out", async () => {
    const { dialog } = await openStep(baseServices(fakeAudio()), 'Transfer: Transfer', 'Transfer: Transfer');
    fireEvent.click(within(dialog).getByLabelText('Queue callers while everyone is busy'));
    expect(within(dialog).getByRole('button', { name: 'New audio for Queue announcement' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'New audio for Voicemail greeting' })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'New audio for Queue music' }));
    const audioDialog = await screen.findByRole('dialog', { name: 'New queue music' });
    await within(audioDialog).findByRole('tab', { name: 'Record' });
    expect(
      within(audioDialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Record', 'Upload']);
    expect(within(audioDialog).getByLabelText('Name', { selector: 'input' })).toHaveValue('Transfer queue music');
    // Cancel closes the audio dialog only.
    act(() => fireEvent.click(within(audioDialog).getByRole('button', { name: 'Cancel' })));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New queue music' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Transfer: Transfer' })).toBeInTheDocument();
  });
});

describe('the audio selects of the step dialogs', () => {
  it('make the kind of audio each one plays', () => {
    expect(
      Object.fromEntries(
        Object.entries(AUDIO_FIELDS).map(([field, spec]) => [
          field,
          [spec.label, spec.kind, spec.title, spec.allowTextToSpeech],
        ]),
      ),
    ).toEqual({
      greeting: ['Greeting (audio file)', 'greeting', 'New greeting audio', true],
      menu_message: ['Menu message (audio file)', 'menu', 'New menu message audio', true],
      queue_music: ['Queue music', 'hold_music', 'New queue music', false],
      queue_announcement: ['Queue announcement', 'announcement', 'New queue announcement audio', true],
      voicemail_greeting: ['Voicemail greeting', 'voicemail_greeting', 'New voicemail greeting audio', true],
    });
  });

  it('name a new file after the step, or after the field when the step has no name', () => {
    expect(newAudioName('menu_message', '  Main menu ')).toBe('Main menu');
    expect(newAudioName('greeting', '')).toBe('Greeting');
    expect(newAudioName('menu_message', ' ')).toBe('Menu message');
    expect(newAudioName('queue_announcement', 'Sales')).toBe('Sales queue announcement');
    expect(newAudioName('voicemail_greeting', '')).toBe('Voicemail greeting');
    expect(newAudioName('greeting', 'x'.repeat(150))).toHaveLength(100);
  });
});
