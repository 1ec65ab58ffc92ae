import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AudioFile } from '@portal/contract';
import { presetHours } from '@portal/editor-core';

import { system } from '../../../config/theme.ts';
import { resetCsrf } from '../../../lib/http.ts';
import { setToken } from '../../../lib/token-storage.ts';
import { clearCookies, installFakeFetch } from '../../../test/fake-fetch.ts';
import { FakeXhr, installFakeXhr } from '../../../test/fake-xhr.ts';
import { FakeOfflineAudioContext, wavFile as toneFile } from '../../audio/testing.ts';
import { callFlowKeys } from '../api/keys.ts';
import { SimpleCallFlowSection } from './simple-call-flow-editor.tsx';

const wavFile = (seconds: number) => toneFile(seconds, 'hello.wav');

const PRODUCT = 12;

const existing: AudioFile = {
  stored_filename: 'welcome.wav',
  kind: 'greeting',
  sub_kind: 'upload',
  call_flow_filename: null,
  name: 'Old welcome',
  text: null,
  tts_voice: null,
  duration_ms: 2000,
};
const made: AudioFile = {
  stored_filename: 'af-9.wav',
  kind: 'greeting',
  sub_kind: 'upload',
  call_flow_filename: null,
  name: 'Welcome greeting',
  text: null,
  tts_voice: null,
  duration_ms: 2000,
};

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
/** The server's answer to a save. */
let patchReply: { status: number; json: unknown };

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  resetCsrf();
  document.cookie = 'csrftoken=c1';
  setToken('good');
  installFakeXhr();
  vi.stubGlobal('OfflineAudioContext', FakeOfflineAudioContext);
  serverFiles = [existing];
  patchReply = { status: 200, json: { ...simple, enable: true, version: 2 } };
  ({ calls } = installFakeFetch({
    [`GET /api/v3/voip/${PRODUCT}/simple-call-flow/`]: { json: simple },
    [`GET /api/v1/voip/${PRODUCT}/call-flows/current/audio-files/`]: () => ({ json: { results: serverFiles } }),
    [`PATCH /api/v3/voip/${PRODUCT}/simple-call-flow/`]: () => patchReply,
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
    expect(JSON.parse((xhr.body as FormData).get('audio-data') as string)).toMatchObject({
      kind: 'greeting',
      sub_kind: 'upload',
      name: 'Welcome greeting',
    });
    serverFiles = [existing, made];
    xhr.respond(201, JSON.stringify(made));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New welcome greeting audio' })).not.toBeInTheDocument(),
    );
    const select = screen.getByLabelText('Welcome greeting audio') as HTMLSelectElement;
    expect(select).toHaveValue('af-9.wav');
    expect(select.selectedOptions[0]!.textContent).toBe('Welcome greeting');
    // The closed greeting can choose it too, and the list the page loaded has it.
    expect(
      within(screen.getByLabelText('Closed greeting audio')).getByRole('option', { name: 'Welcome greeting' }),
    ).toBeInTheDocument();
    expect(queryClient.getQueryData(callFlowKeys.audioFiles(PRODUCT))).toEqual([existing, made]);
    // …and is fetched again.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.endsWith('/call-flows/current/audio-files/'))).toHaveLength(2),
    );
    expect(screen.getAllByRole('option', { name: 'Welcome greeting' })).toHaveLength(2);
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();
  });
});

/** The texts a control is described by, as a screen reader reads them. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('Simple call flow: errors on the shared form pieces', () => {
  const needsAudio = 'Please set a welcome greeting audio before enabling your simple call flow';

  it('shows the enable rule on the welcome audio field and in a focused summary that links to it, without saving', async () => {
    const audio = (await screen.findByLabelText('Welcome greeting audio')) as HTMLSelectElement;
    fireEvent.click(screen.getByRole('switch', { name: 'Enable the simple call flow' }));
    fireEvent.change(audio, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save simple call flow' }));
    expect(audio.getAttribute('aria-invalid')).toBe('true');
    expect(description(audio)).toBe(`Error: ${needsAudio}`);
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(document.activeElement).toBe(summary);
    expect(within(summary).getByRole('link', { name: needsAudio }).getAttribute('href')).toBe(
      '#simple-flow-welcome-audio',
    );
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it("puts the server's refusal on the field it names, and a conflict in the summary with a way to load the latest version", async () => {
    const audio = (await screen.findByLabelText('Welcome greeting audio')) as HTMLSelectElement;
    fireEvent.click(screen.getByRole('switch', { name: 'Enable the simple call flow' }));
    patchReply = { status: 400, json: { detail: needsAudio } };
    const save = screen.getByRole('button', { name: 'Save simple call flow' });
    fireEvent.click(save);
    expect(save.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(description(audio)).toBe(`Error: ${needsAudio}`));
    expect(document.activeElement).toBe(screen.getByRole('alert', { name: 'There is a problem' }));
    expect(audio.value).toBe('welcome.wav');

    patchReply = { status: 412, json: { detail: 'Precondition failed.' } };
    fireEvent.click(screen.getByRole('button', { name: 'Save simple call flow' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() =>
      expect(summary.textContent).toContain('This call flow was changed elsewhere since you opened it.'),
    );
    expect(audio.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Load the latest version' })).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Enable the simple call flow' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });
});
