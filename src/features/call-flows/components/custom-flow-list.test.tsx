import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CallFlowSummary } from '@portal/contract';
import { createFlow } from '@portal/editor-core';

import { system } from '../../../config/theme.ts';
import { resetCsrf } from '../../../lib/http.ts';
import { setToken } from '../../../lib/token-storage.ts';
import { clearCookies, installFakeFetch } from '../../../test/fake-fetch.ts';
import { CustomFlowList } from './custom-flow-list.tsx';

const PRODUCT = 12;
const base = `/api/v2/voip/${PRODUCT}/call-flows/`;
const row = (id: string, name: string): CallFlowSummary => ({
  id,
  name,
  enable: false,
  version: 3,
  updated_at: '2025-03-04T10:00:00Z',
  valid: true,
});

let patchReply: { status: number; json: unknown };
let queryClient: QueryClient;
let calls: ReturnType<typeof installFakeFetch>['calls'];

beforeEach(() => {
  clearCookies();
  resetCsrf();
  document.cookie = 'csrftoken=c1';
  setToken('good');
  patchReply = {
    status: 200,
    json: {
      ...row('2', 'Support'),
      valid: undefined,
      version: 4,
      data: createFlow({ publicNumbers: ['01632960123'] }).data,
    },
  };
  ({ calls } = installFakeFetch({
    [`GET ${base}`]: { json: { results: [row('1', 'Main'), row('2', 'Sales')] } },
    [`PATCH ${base}2/`]: () => patchReply,
  }));
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ChakraProvider value={system}>
        <MemoryRouter>
          <CustomFlowList productId={PRODUCT} requestEnable={vi.fn()} />
        </MemoryRouter>
      </ChakraProvider>
    </QueryClientProvider>,
  );
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** The texts a control is described by (its hint and message), as a screen reader reads them. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function openRename() {
  fireEvent.click(await screen.findByRole('button', { name: 'Rename Sales' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rename Sales' });
  return {
    dialog,
    field: within(dialog).getByRole('textbox', { name: 'Call flow name' }) as HTMLInputElement,
    save: within(dialog).getByRole('button', { name: 'Save name' }),
  };
}

describe('the rename form', () => {
  it("shows editor-core's name rule on the field through the shared field shell, focused, without asking the server", async () => {
    const { field, save } = await openRename();
    fireEvent.change(field, { target: { value: ' MAIN ' } });
    fireEvent.click(save);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(description(field)).toBe('Error: This callflow name has already been used. Please try a different name.');
    expect(document.activeElement).toBe(field);
    // After a failed submit the message follows what is typed.
    fireEvent.change(field, { target: { value: '  ' } });
    expect(description(field)).toBe('Error: Please set a callflow name');
    fireEvent.change(field, { target: { value: 'Support' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it("puts the server's name refusal on the field and a conflict in the form's alert, keeping what was typed", async () => {
    const { dialog, field, save } = await openRename();
    patchReply = {
      status: 400,
      json: { name: ['This callflow name has already been used. Please try a different name.'] },
    };
    fireEvent.change(field, { target: { value: 'Support' } });
    await act(async () => fireEvent.click(save));
    await waitFor(() =>
      expect(description(field)).toBe('Error: This callflow name has already been used. Please try a different name.'),
    );
    expect(field.value).toBe('Support');

    patchReply = { status: 412, json: { detail: 'Precondition failed.' } };
    fireEvent.change(field, { target: { value: 'Support desk' } });
    await act(async () => fireEvent.click(save));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'This call flow was changed elsewhere since you opened it. Reload it to see the latest version; your changes are kept in this browser.',
    );
    expect(document.activeElement).toBe(alert);
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(field.value).toBe('Support desk');
  });

  it('shows the submit busy while the rename is sent', async () => {
    const { field, save } = await openRename();
    fireEvent.change(field, { target: { value: 'Support' } });
    fireEvent.click(save);
    expect(save.getAttribute('aria-busy')).toBe('true');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename Sales' })).toBeNull());
  });
});
