import { afterEach, describe, expect, it } from 'vitest';

import { QUICKSTART_FEEDBACK_FLAG, QUICKSTART_STEPS, type TrialStatus } from '@portal/contract';

import { opensQuickstart } from './opens.ts';
import { feedbackEnabled, openingStep, progressText, quickstartSteps, rememberedStep, rememberStep } from './rules.ts';
import { QUICKSTART_STEP_CONTENT } from './steps.ts';

const trial = (patch: Partial<TrialStatus> = {}): TrialStatus => ({
  isInTrial: true,
  isTrialExpired: false,
  trialKind: 'OPT_IN',
  productId: 12,
  remainDays: 2,
  show_quickstart_popup: true,
  quickstart_popup_sections_completed: {},
  customer_feedback: null,
  status_entry: '2025-03-03T09:00:00Z',
  ...patch,
});

afterEach(() => localStorage.clear());

describe('when the wizard opens', () => {
  it('opens for a voip3 product with the pop-up on and the trial not expired', () => {
    expect(opensQuickstart(trial(), { supplier: 3 })).toBe(true);
  });

  it('stays shut for another supplier, with the pop-up off, for an expired trial, or before the answers come', () => {
    expect(opensQuickstart(trial(), { supplier: 2 })).toBe(false);
    expect(opensQuickstart(trial({ show_quickstart_popup: false }), { supplier: 3 })).toBe(false);
    expect(opensQuickstart(trial({ isTrialExpired: true }), { supplier: 3 })).toBe(false);
    expect(opensQuickstart(undefined, { supplier: 3 })).toBe(false);
    expect(opensQuickstart(trial(), undefined)).toBe(false);
  });
});

describe('the steps', () => {
  it('are the six of the spec, in order, and five without "upgrade" for a buy-now product', () => {
    expect(quickstartSteps({ channel: 'Self Sign Up' })).toEqual([
      'watch_getting_started',
      'download_apps',
      'make_your_first_call',
      'set_up_call_flows',
      'upgrade',
      'helpful_links',
    ]);
    const buyNow = quickstartSteps({ channel: 'Buy Now' });
    expect(buyNow).toHaveLength(5);
    expect(buyNow).not.toContain('upgrade');
  });

  it('each have a header, text and a tracking event; every one but the video step has a button', () => {
    for (const step of QUICKSTART_STEPS) {
      const content = QUICKSTART_STEP_CONTENT[step];
      expect(content.header.length, step).toBeGreaterThan(0);
      expect(content.text.length, step).toBeGreaterThan(0);
      expect(content.tracking, step).toMatch(/^QS - /);
      expect(content.button.visible, step).toBe(step !== 'watch_getting_started');
    }
    expect(QUICKSTART_STEP_CONTENT.watch_getting_started.video?.ids).toEqual(
      expect.objectContaining({ web: expect.any(String), ios: expect.any(String), android: expect.any(String) }),
    );
  });

  it("link to the selected product's pages, and help in a new tab", () => {
    const to = (step: keyof typeof QUICKSTART_STEP_CONTENT) => {
      const link = QUICKSTART_STEP_CONTENT[step].link;
      return link?.kind === 'internal' ? link.to(12) : link?.url;
    };
    expect(to('download_apps')).toBe('/download-apps/12');
    expect(to('set_up_call_flows')).toBe('/call-flows/12?tab=active-call-flow');
    expect(to('upgrade')).toBe('/upgrade/12');
    expect(QUICKSTART_STEP_CONTENT.helpful_links.link?.kind).toBe('external');
    expect(to('make_your_first_call')).toBeUndefined();
  });

  it('count as "{done} of {total} done"', () => {
    expect(progressText(2, 6)).toBe('2 of 6 done');
  });
});

describe('where the wizard opens', () => {
  const steps = quickstartSteps({ channel: 'Self Sign Up' });

  it('at the remembered step, else the first incomplete one, else nowhere', () => {
    expect(openingStep(steps, { watch_getting_started: true, download_apps: true }, 'download_apps')).toBe(
      'download_apps',
    );
    expect(openingStep(steps, { watch_getting_started: true }, null)).toBe('download_apps');
    expect(openingStep(steps, { watch_getting_started: true, download_apps: false }, 'not_a_step')).toBe(
      'download_apps',
    );
    expect(openingStep(steps, Object.fromEntries(steps.map((step) => [step, true])), null)).toBeNull();
  });

  it('not at a remembered "upgrade" on a buy-now product, which has no such step', () => {
    expect(openingStep(quickstartSteps({ channel: 'Buy Now' }), {}, 'upgrade')).toBe('watch_getting_started');
  });

  it('remembers the step per user and product', () => {
    rememberStep(7, 12, 'set_up_call_flows');
    expect(rememberedStep(7, 12)).toBe('set_up_call_flows');
    expect(rememberedStep(7, 13)).toBeNull();
    expect(rememberedStep(8, 12)).toBeNull();
  });
});

describe('feedback', () => {
  it("is enabled by the user's quick-start feedback flag, when on", () => {
    expect(feedbackEnabled([{ name: QUICKSTART_FEEDBACK_FLAG, enabled: true }])).toBe(true);
    expect(feedbackEnabled([{ name: QUICKSTART_FEEDBACK_FLAG, enabled: false }])).toBe(false);
    expect(feedbackEnabled([{ name: 'upgrade_dialog_first_hour', enabled: true }])).toBe(false);
    expect(feedbackEnabled([])).toBe(false);
  });
});
