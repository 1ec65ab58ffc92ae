import { ChakraProvider } from '@chakra-ui/react';
import type { AudioFile } from '@portal/contract';
import { presetHours } from '@portal/editor-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../../config/theme.ts';
import { resetCsrf } from '../../../lib/http.ts';
import { setToken } from '../../../lib/token-storage.ts';
import { clearCookies, installFakeFetch } from '../../../test/fake-fetch.ts';
import { callFlowKeys } from '../api/keys.ts';
import { SimpleCallFlowSection } from './simple-call-flow-editor.tsx';
import { FakeOfflineAudioContext, wavFile as toneFile } from '../../audio/testing.ts';
import { FakeXhr, installFakeXhr } from '../../../test/fake-xhr.ts';

const wavFile = (seconds: number) => toneFile(seconds, 'hello.wav');

const PRODUCT = 12;

const existing: AudioFile = { stored_filename: 'welcome.wav', kind: 'greeting', sub_kind: 'upload', call_flow_filename: null, name: 'Old welcome', text: null, tts_voice: null, duration_ms: 2000 };
const made: AudioFile = { stored_filename: 'af-9.wav', kind: 'greeting', sub_kind: 'upload', call_flow_filename: null, name: 'Welcome greeting', text: null, tts_voice: null, duration_ms: 2000 };

const simple = {
  enable: false,
  name: 'Simple call flow',
  version: 1,
  data: {
    out_of_hours: { enabled: true, business_hours: presetHours('nine_to_five'), calendar: 'default' },
    welcome_greeting: { enabled: true, audio_file: 'welcome.wav' },
    closed_greeting: { enabled: true, audio_file: 'default' },
  },
};

let queryClient: QueryClient;
/** The server's audio files; the upload adds to it. */
let serverFiles: AudioFile[];
let calls: ReturnType<typeof installFakeFetch>['calls'];

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  resetCsrf();
  document.cookie = 'csrftoken=c1';
  setToken('good');
  installFakeXhr();
  vi.stubGlobal('OfflineAudioContext', FakeOfflineAudioContext);
  serverFiles = [existing];
  ({ calls } = installFakeFetch({
    [`GET /api/v3/voip/${PRODUCT}/simple-call-flow/`]: { json: simple },
    [`GET /api/v1/voip/${PRODUCT}/call-flows/current/audio-files/`]: () => ({ json: { results: serverFiles } }),
  }));
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ChakraProvider value={system}>
        <SimpleCallFlowSection productId={PRODUCT} />
      </ChakraProvider>
    </QueryClientProvider>,
  );
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('Simple call flow: New audio', () => {
  it('offers New audio beside both greetings, and hides it with its greeting', async () => {
    await screen.findByLabelText('Welcome greeting audio');
    expect(screen.getByRole('button', { name: 'New audio for Welcome greeting audio' }).textContent).toBe('New audio');
    expect(screen.getByRole('button', { name: 'New audio for Closed greeting audio' })).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Play a closed greeting'));
    expect(screen.queryByRole('button', { name: 'New audio for Closed greeting audio' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Closed greeting audio')).not.toBeInTheDocument();
  });

  it('uploads a new welcome greeting and chooses it, listed by its name', async () => {
    await screen.findByLabelText('Welcome greeting audio');
    await waitFor(() => expect(queryClient.getQueryData(callFlowKeys.audioFiles(PRODUCT))).toEqual([existing]));
    fireEvent.click(screen.getByRole('button', { name: 'New audio for Welcome greeting audio' }));
    const dialog = await screen.findByRole('dialog', { name: 'New welcome greeting audio' });
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Upload' }));
    fireEvent.change(within(dialog).getByLabelText('Choose a file'), { target: { files: [wavFile(2)] } });
    await within(dialog).findByRole('heading', { name: 'Listen and trim' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    expect(within(dialog).getByLabelText('Name', { selector: 'input' })).toHaveValue('Welcome greeting');
    fireEvent.click(save);

    await waitFor(() => expect(FakeXhr.last?.body).toBeTruthy());
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe(`/api/v3/voip/${PRODUCT}/call-flows/current/audio-files/upload/`);
    expect(JSON.parse((xhr.body as FormData).get('audio-data') as string)).toMatchObject({ kind: 'greeting', sub_kind: 'upload', name: 'Welcome greeting' });
    serverFiles = [existing, made];
    xhr.respond(201, JSON.stringify(made));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New welcome greeting audio' })).not.toBeInTheDocument());
    const select = screen.getByLabelText('Welcome greeting audio') as HTMLSelectElement;
    expect(select).toHaveValue('af-9.wav');
    expect(select.selectedOptions[0]!.textContent).toBe('Welcome greeting');
    // The closed greeting can choose it too, and the list the page loaded has it.
    expect(within(screen.getByLabelText('Closed greeting audio')).getByRole('option', { name: 'Welcome greeting' })).toBeInTheDocument();
    expect(queryClient.getQueryData(callFlowKeys.audioFiles(PRODUCT))).toEqual([existing, made]);
    // …and is fetched again.
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/call-flows/current/audio-files/'))).toHaveLength(2));
    expect(screen.getAllByRole('option', { name: 'Welcome greeting' })).toHaveLength(2);
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();
  });
});
