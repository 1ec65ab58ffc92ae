import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { STORAGE_LIMITS, storageMessages, type CallFlowSummary } from '@portal/contract';

import { toaster } from '../../../components/toaster.tsx';
import { system } from '../../../config/theme.ts';
import { resetCsrf } from '../../../lib/http.ts';
import { setToken } from '../../../lib/token-storage.ts';
import { clearCookies, installFakeFetch } from '../../../test/fake-fetch.ts';
import { CustomFlowList, listTexts } from './custom-flow-list.tsx';

const PRODUCT = 12;

const summary = (i: number): CallFlowSummary => ({
  id: String(i + 1),
  name: `Flow ${i + 1}`,
  enable: false,
  version: 1,
  updated_at: '2025-03-03T09:00:00.000Z',
  valid: true,
});

function renderList(count: number) {
  installFakeFetch({
    [`GET /api/v2/voip/${PRODUCT}/call-flows/`]: {
      json: { results: Array.from({ length: count }, (_, i) => summary(i)) },
    },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ChakraProvider value={system}>
        <MemoryRouter>
          <CustomFlowList productId={PRODUCT} requestEnable={() => {}} />
        </MemoryRouter>
      </ChakraProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // No toast left by another file's late answer (a rename's) in this worker's shared toaster.
  toaster.dismiss();
  localStorage.clear();
  clearCookies();
  resetCsrf();
  setToken('good');
});
afterEach(() => {
  cleanup();
  act(() => toaster.dismiss());
});

describe('the call-flow list at the flow limit', () => {
  it('says which limit Create meets, where it was pressed, instead of opening the editor', async () => {
    renderList(STORAGE_LIMITS.callFlowsPerProduct);
    await screen.findByText(`Flow ${STORAGE_LIMITS.callFlowsPerProduct}`, undefined, { timeout: 20_000 });
    const create = screen.getByRole('button', { name: listTexts.create });
    fireEvent.click(create);
    expect(toaster.getToasts()).toMatchObject([{ type: 'error', title: storageMessages.tooManyCallFlows }]);
    expect(screen.queryByRole('link', { name: listTexts.create })).toBeNull();
  }, 30_000);

  it('links Create to the editor below the limit', async () => {
    renderList(STORAGE_LIMITS.callFlowsPerProduct - 1);
    await screen.findByText(`Flow ${STORAGE_LIMITS.callFlowsPerProduct - 1}`, undefined, { timeout: 20_000 });
    expect(screen.getByRole('link', { name: listTexts.create }).getAttribute('href')).toBe(
      `/call-flows/custom/${PRODUCT}`,
    );
  }, 30_000);
});
