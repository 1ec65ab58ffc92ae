import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { MIGRATIONS_BOOKING_URL } from '../../config/migrations.ts';
import { setToken } from '../../lib/token-storage.ts';
import { installFakeFetch, sampleMe, sampleNavigation } from '../../test/fake-fetch.ts';
import { cleanupApp, renderApp, resetAppState } from '../../test/render-app.tsx';

const address = {
  summary_line: 'Berth 7, Ocean Quay, Southampton, SO14 3JF',
  line_one: 'Berth 7, Ocean Quay',
  line_two: '',
  city: 'Southampton',
  county: 'Hampshire',
  post_code: 'SO14 3JF',
};
const eligibility = (extra: Record<string, unknown> = {}) => ({
  product_id: 12,
  is_eligible: true,
  reasons: [],
  is_show_upgrade_page: true,
  show_migration_banner: true,
  upgrade_kind: 'migration',
  product_detail: 'Cloud phone',
  installation_address: address,
  plans: [
    { id: 'essentials', name: 'Essentials', monthly_price: '12.00', description: 'Calls' },
    { id: 'professional', name: 'Professional', monthly_price: '18.00', description: 'More' },
  ],
  trial: null,
  provisioning: null,
  migration: null,
  ...extra,
});
const noTrial = {
  isInTrial: false,
  isTrialExpired: false,
  trialKind: null,
  productId: null,
  remainDays: null,
  show_quickstart_popup: false,
  quickstart_popup_sections_completed: {},
  customer_feedback: null,
  status_entry: null,
};

function renderUpgrade(routes: Parameters<typeof installFakeFetch>[0]) {
  setToken('customer');
  const fake = installFakeFetch({
    'GET /api/v3/me/': { json: sampleMe },
    'GET /api/v3/navigation/': { json: sampleNavigation },
    'GET /api/v3/voip/getting-started/': { json: { getting_started_product_ids: [] } },
    'GET /api/v3/voip/service-status/': { json: { results: [] } },
    'GET /customer/status/': { json: { results: [] } },
    'GET /api/v3/voip/12/users/locked/': { json: { results: [] } },
    'GET /api/v1/trial/status/': { json: noTrial },
    ...routes,
  });
  renderApp('/upgrade/12', { retry: false });
  return fake;
}

beforeEach(() => resetAppState());
afterEach(() => cleanupApp());

describe('the upgrade page', () => {
  it('shows the migration banner with the migrations team’s booking link for a supplier-2 phone', async () => {
    renderUpgrade({ 'GET /api/v1/voip/12/upgrade/eligibility/': { json: eligibility() } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Move to our latest Cloud phone' }),
    ).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'Migration' });
    const link = within(banner).getByRole('link', { name: /Book a call with our migrations team/ });
    expect(link).toHaveAttribute('href', MIGRATIONS_BOOKING_URL);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows the migration under way with its progress instead of the booking link', async () => {
    const running = {
      product_id: 12,
      job_id: 3,
      kind: 'migration',
      status: 'provisioning',
      provisioned: false,
      progress: 40,
      step: 'Copying your users and numbers',
      detail: null,
      started_at: null,
      finished_at: null,
    };
    renderUpgrade({
      'GET /api/v1/voip/12/upgrade/eligibility/': {
        json: eligibility({
          is_eligible: false,
          reasons: ['An upgrade of this phone is already under way'],
          provisioning: running,
          migration: running,
        }),
      },
      'GET /api/v1/signup/12/provisioning-status/': { json: running },
    });
    const banner = await screen.findByRole('region', { name: 'Migration' });
    expect(within(banner).getByText('Your migration is under way')).toBeInTheDocument();
    expect(within(banner).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says why there is nothing to upgrade, with the way home', async () => {
    renderUpgrade({
      'GET /api/v1/voip/12/upgrade/eligibility/': {
        json: eligibility({
          is_eligible: false,
          reasons: ['This phone is already a full cloud phone on our latest system'],
          show_migration_banner: false,
          upgrade_kind: null,
          is_show_upgrade_page: false,
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'There is nothing to upgrade' })).toBeInTheDocument();
    expect(screen.getByText('This phone is already a full cloud phone on our latest system')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('opened after the provisioning finished, asks the trial status again before the portal opens (home would send an ended trial back)', async () => {
    const done = {
      product_id: 12,
      job_id: 3,
      kind: 'upgrade',
      status: 'provisioned',
      provisioned: true,
      progress: 100,
      step: null,
      detail: null,
      started_at: null,
      finished_at: null,
    };
    const ended = {
      ...noTrial,
      isInTrial: true,
      isTrialExpired: true,
      trialKind: 'OPT_IN',
      productId: 12,
      remainDays: 0,
    };
    let trialAnswers = 0;
    const fake = renderUpgrade({
      // Read on start-up while the provisioning still ran: the trial had ended; asked again, it is gone.
      'GET /api/v1/trial/status/': () => ({ json: trialAnswers++ === 0 ? ended : noTrial }),
      'GET /api/v1/voip/12/upgrade/eligibility/': {
        json: eligibility({ is_eligible: false, show_migration_banner: false, upgrade_kind: null, provisioning: done }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Go to your portal' }));
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome, / })).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.url.includes('/trial/status/'))).toHaveLength(2);
    // And it stays home.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Your phone is upgraded' })).not.toBeInTheDocument();
  });

  it("once the phone is upgraded, says so as the page heading (not the trigger's words) and marks every step done", async () => {
    sessionStorage.setItem('portal.upgrade-trigger', 'trial-expired');
    const done = {
      product_id: 12,
      job_id: 3,
      kind: 'upgrade',
      status: 'provisioned',
      provisioned: true,
      progress: 100,
      step: null,
      detail: null,
      started_at: null,
      finished_at: null,
    };
    renderUpgrade({
      'GET /api/v1/voip/12/upgrade/eligibility/': {
        json: eligibility({ show_migration_banner: false, upgrade_kind: 'trial' }),
      },
      'POST /api/v1/voip/12/upgrade/': { json: done },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your free trial has ended' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Use this address' }));
    fireEvent.click(await screen.findByRole('radio', { name: /^Essentials/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade now' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your phone is upgraded' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('heading', { name: 'Your free trial has ended' })).not.toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Upgrade steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1. Address (done)',
      '2. Plan (done)',
      '3. Summary (done)',
      '4. Confirmation (done)',
    ]);
  });

  it('has an installation address without a county completed in the address step, not refused at the end', async () => {
    const fake = renderUpgrade({
      'GET /api/v1/voip/12/upgrade/eligibility/': {
        json: eligibility({ installation_address: { ...address, county: '' } }),
      },
      'POST /api/v1/voip/12/upgrade/': { status: 409, json: { detail: 'stop here' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Use this address' }));
    expect(
      screen.getByText('Your installation address has no county. Add it to use this address.'),
    ).toBeInTheDocument();
    const county = screen.getByLabelText('County');
    await waitFor(() => expect(county).toHaveFocus());
    expect(screen.getByLabelText('Address line 1')).toHaveValue('Berth 7, Ocean Quay');
    fireEvent.change(county, { target: { value: 'Hampshire' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('radio', { name: /^Essentials/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade now' }));
    await waitFor(() =>
      expect(fake.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        {
          plan_id: 'essentials',
          installation_address: {
            post_code: 'SO14 3JF',
            line_one: 'Berth 7, Ocean Quay',
            line_two: '',
            city: 'Southampton',
            county: 'Hampshire',
          },
        },
      ]),
    );
  });

  it('keeps the summary and shows the server’s words when the upgrade cannot start', async () => {
    const fake = renderUpgrade({
      'GET /api/v1/voip/12/upgrade/eligibility/': { json: eligibility() },
      'POST /api/v1/voip/12/upgrade/': {
        status: 409,
        json: { detail: 'An upgrade of this phone is already under way' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Use this address' }));
    fireEvent.click(await screen.findByRole('radio', { name: /^Essentials/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your upgrade could not be started');
    expect(alert).toHaveTextContent('An upgrade of this phone is already under way');
    expect(screen.getByRole('heading', { level: 2, name: 'Check your upgrade' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        {
          plan_id: 'essentials',
          installation_address: {
            post_code: 'SO14 3JF',
            line_one: 'Berth 7, Ocean Quay',
            line_two: '',
            city: 'Southampton',
            county: 'Hampshire',
          },
        },
      ]),
    );
  });
});
