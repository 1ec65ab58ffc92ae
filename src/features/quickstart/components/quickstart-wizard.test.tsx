import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { QUICKSTART_FEEDBACK_FLAG, type NavigationProduct, type TrialStatus } from '@portal/contract';

import { system } from '../../../config/theme.ts';
import { resetCsrf } from '../../../lib/http.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearToken, setToken } from '../../../lib/token-storage.ts';
import {
  clearCookies,
  installFakeFetch,
  sampleMe,
  sampleNavigation,
  type RecordedCall,
} from '../../../test/fake-fetch.ts';
import { meQueryOptions } from '../../auth/index.ts';
import { trialStatusQueryOptions } from '../../trial/index.ts';
import { rememberedStep } from '../rules.ts';
import { QuickstartWizard } from './quickstart-wizard.tsx';

const PATCH = 'PATCH /api/v1/trial/status/';

const product: NavigationProduct = { ...sampleNavigation.products[0]!, supplier: 3 } as NavigationProduct;

const trialStatus = (patch: Partial<TrialStatus> = {}): TrialStatus => ({
  isInTrial: true,
  isTrialExpired: false,
  trialKind: 'OPT_IN',
  productId: product.product_id,
  remainDays: 2,
  show_quickstart_popup: true,
  quickstart_popup_sections_completed: { watch_getting_started: true },
  customer_feedback: null,
  status_entry: '2025-03-03T09:00:00Z',
  ...patch,
});

/** The server's PATCH: merges the steps, like routes/trial.ts. */
function patchingServer(initial: TrialStatus) {
  let status = initial;
  return (call: RecordedCall) => {
    const body = call.body as Partial<TrialStatus>;
    status = {
      ...status,
      ...body,
      quickstart_popup_sections_completed: {
        ...status.quickstart_popup_sections_completed,
        ...body.quickstart_popup_sections_completed,
      },
    };
    return { json: status };
  };
}

function renderWizard({
  trial = trialStatus(),
  flags = [] as { name: string; enabled: boolean }[],
  on = product,
} = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(trialStatusQueryOptions().queryKey, trial);
  queryClient.setQueryData(meQueryOptions().queryKey, { ...sampleMe, feature_flags: flags });
  const router = createMemoryRouter(
    [
      { path: '/', element: <QuickstartWizard product={on} /> },
      { path: '*', element: <QuickstartWizard product={on} /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  const cached = () => queryClient.getQueryData(trialStatusQueryOptions().queryKey);
  return { router, queryClient, cached };
}

const activator = () => screen.getByRole('button', { name: /^Quick start|^Share feedback/ });
const stepTrigger = (name: RegExp) => screen.getByRole('button', { name });
const events = () => (window.dataLayer ?? []).map((entry) => (entry as { event: string }).event);

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  resetCsrf();
  document.cookie = 'csrftoken=test-csrf';
  setToken('trial-token');
  delete window.dataLayer;
});

afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
});

describe('the quick-start wizard', () => {
  it('opens expanded at the first incomplete step, shows the progress on its activator and tracks "QS - opened"', () => {
    installFakeFetch({});
    renderWizard();
    expect(activator()).toHaveAttribute('aria-expanded', 'true');
    expect(activator()).toHaveTextContent('1 of 6 done');
    expect(screen.getByRole('heading', { level: 2, name: 'Quick start' })).toBeInTheDocument();
    expect(stepTrigger(/^Watch the getting started video \(completed\)/)).toHaveAttribute('aria-expanded', 'false');
    expect(stepTrigger(/^Download the apps \(not completed\)/)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Download apps' })).toBeInTheDocument();
    expect(events()).toEqual(['QS - opened']);

    fireEvent.click(activator());
    expect(activator()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('heading', { level: 2, name: 'Quick start' })).not.toBeInTheDocument();
    fireEvent.click(activator());
    expect(events()).toEqual(['QS - opened', 'QS - opened']);
  });

  it('opens by itself on the first visit only: after that, and on a phone always, collapsed to its button', () => {
    installFakeFetch({});
    renderWizard();
    expect(activator()).toHaveAttribute('aria-expanded', 'true');
    cleanup();
    renderWizard();
    expect(activator()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('heading', { level: 2, name: 'Quick start' })).not.toBeInTheDocument();
    expect(events()).toEqual(['QS - opened']);
    fireEvent.click(activator());
    expect(activator()).toHaveAttribute('aria-expanded', 'true');
    cleanup();

    // A phone (at most 959.98 px wide), on its first visit too.
    localStorage.clear();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderWizard();
    expect(activator()).toHaveAttribute('aria-expanded', 'false');
  });

  it("a step's button ticks it at once, saves it, tracks it, remembers it and follows its link", async () => {
    const { calls } = installFakeFetch({ [PATCH]: patchingServer(trialStatus()) });
    const { router, cached } = renderWizard();
    fireEvent.click(screen.getByRole('link', { name: 'Download apps' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/download-apps/${product.product_id}`));
    await waitFor(() => expect(activator()).toHaveTextContent('2 of 6 done'));
    expect(stepTrigger(/^Download the apps \(completed\)/)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      quickstart_popup_sections_completed: { download_apps: true },
    });
    expect(events()).toContain('QS - download apps');
    expect(rememberedStep(sampleMe.id, product.product_id)).toBe('download_apps');
    await waitFor(() =>
      expect(cached()?.quickstart_popup_sections_completed).toMatchObject({
        watch_getting_started: true,
        download_apps: true,
      }),
    );
  });

  it('takes the tick back and says so when the step cannot be saved', async () => {
    installFakeFetch({ [PATCH]: { status: 500, json: { detail: 'Server error' } } });
    renderWizard();
    // A click focuses the trigger first in a browser; the accordion acts on focused triggers only.
    act(() => stepTrigger(/^Make your first call/).focus());
    fireEvent.click(stepTrigger(/^Make your first call/));
    // The trial's test-call number, as text, by the one display rule.
    expect(await screen.findByText('+443069990145')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: "I've made my first call" }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Your progress on “Make your first call” was not saved.'),
    );
    expect(activator()).toHaveTextContent('1 of 6 done');
    expect(stepTrigger(/^Make your first call \(not completed\)/)).toBeInTheDocument();
  });

  it('completes the first step when its getting-started video is played', async () => {
    const { calls } = installFakeFetch({
      [PATCH]: patchingServer(trialStatus({ quickstart_popup_sections_completed: {} })),
    });
    renderWizard({ trial: trialStatus({ quickstart_popup_sections_completed: {} }) });
    const play = screen.getByRole('link', {
      name: /^Play video: Getting started with your Cloud phone \(opens in a new tab\)/,
    });
    expect(play).toHaveAttribute('target', '_blank');
    expect(play).toHaveAttribute('href', expect.stringMatching(/getting-started-web$/));
    fireEvent.click(play);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        quickstart_popup_sections_completed: { watch_getting_started: true },
      }),
    );
    expect(events()).toContain('QS - watch getting started');
    expect(activator()).toHaveTextContent('1 of 6 done');
  });

  it('has five steps for a buy-now product, without "upgrade"', () => {
    installFakeFetch({});
    renderWizard({ on: { ...product, channel: 'Buy Now' } });
    expect(activator()).toHaveTextContent('1 of 5 done');
    expect(screen.queryByRole('button', { name: /^Upgrade to keep your number/ })).not.toBeInTheDocument();
  });

  it('shows the completion view when every step is done, and Close turns the pop-up off', async () => {
    const all = Object.fromEntries(
      [
        'watch_getting_started',
        'download_apps',
        'make_your_first_call',
        'set_up_call_flows',
        'upgrade',
        'helpful_links',
      ].map((step) => [step, true]),
    );
    const { calls } = installFakeFetch({
      [PATCH]: patchingServer(trialStatus({ quickstart_popup_sections_completed: all })),
    });
    const { cached } = renderWizard({ trial: trialStatus({ quickstart_popup_sections_completed: all }) });
    expect(screen.getByRole('heading', { name: 'Quickstart complete!' })).toBeInTheDocument();
    expect(screen.getByText("Congratulations! You're ready to go.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(cached()?.show_quickstart_popup).toBe(false));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ show_quickstart_popup: false });
  });
});

describe('the feedback panel', () => {
  const flags = [{ name: QUICKSTART_FEEDBACK_FLAG, enabled: true }];
  const field = () => screen.getByLabelText('How can we improve?') as HTMLTextAreaElement;

  it('replaces the steps when feedback is enabled, asks for some text, and counts characters', () => {
    installFakeFetch({});
    renderWizard({ flags });
    expect(screen.getByRole('heading', { name: 'Share feedback!' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Download the apps/ })).not.toBeInTheDocument();
    expect(screen.getByText('0 of 2000 characters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Enter your feedback')).toBeInTheDocument();
    expect(field()).toHaveAccessibleDescription(expect.stringContaining('Enter your feedback'));
    expect(field()).toHaveFocus();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(field(), { target: { value: 'x'.repeat(2003) } });
    expect(screen.getByText('3 characters too many')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Feedback must be 2000 characters or fewer')).toBeInTheDocument();
    expect(field()).toHaveAccessibleDescription(expect.stringContaining('Feedback must be 2000 characters or fewer'));
  });

  it('saves the feedback, then thanks and clears the text; Close collapses the wizard', async () => {
    const { calls } = installFakeFetch({ [PATCH]: patchingServer(trialStatus()) });
    renderWizard({ flags });
    fireEvent.change(field(), { target: { value: 'More video guides, please' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Feedback submitted!' })).toBeInTheDocument();
    expect(screen.getByText('Thanks for your feedback!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      customer_feedback: 'More video guides, please',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(activator()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(activator());
    expect(field()).toHaveValue('');
  });

  it('keeps what was typed when the save fails', async () => {
    installFakeFetch({ [PATCH]: 'network-error' });
    renderWizard({ flags });
    fireEvent.change(field(), { target: { value: 'Call reports by team' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/^Your feedback was not sent\. /)).toBeInTheDocument();
    expect(field()).toHaveValue('Call reports by team');
  });
});
