import type { QuickstartStep } from '@portal/contract';

import { brand } from '../../config/brand.ts';
import { HELP_SITE_URL } from '../../config/help-site.ts';
import * as paths from '../../config/paths.ts';

/**
 * What each quick-start step says and does (spec 000 section 2: a header, text, optional
 * video ids per platform, button visibility and text, a tracking action and an optional
 * link). The order and the keys are the contract's QUICKSTART_STEPS.
 */

/** The versions of a getting-started video: the web one on a computer, the app's own on a phone. */
export type VideoPlatform = 'web' | 'ios' | 'android';

export interface QuickstartVideo {
  title: string;
  /** What the video shows, for everyone who cannot or would rather not watch it now. */
  description: string;
  /** Running time in words, e.g. "3 minutes". */
  duration: string;
  ids: Record<VideoPlatform, string>;
}

/**
 * Where the videos are hosted; a video opens at this address plus its id, in a new tab.
 * The spec withholds the video host: set it here.
 */
export const VIDEO_PLAYER_URL = 'https://videos.portal.example/watch/';

/** The address a video of this id plays at. */
export const videoUrl = (id: string): string => `${VIDEO_PLAYER_URL}${encodeURIComponent(id)}`;

/** Where a step's button goes: a page of the portal for the selected product, or another site in a new tab. */
export type QuickstartLink =
  { kind: 'internal'; to: (productId: number) => string } | { kind: 'external'; url: string };

export interface QuickstartStepContent {
  header: string;
  text: string;
  video?: QuickstartVideo;
  /** The step's button; a step whose action is its video has none. */
  button: { visible: true; text: string } | { visible: false };
  /** The analytics event the step's action tracks. */
  tracking: string;
  link?: QuickstartLink;
  /** A number to ring, shown as text under the step's text (by the one phone display rule). */
  callNumber?: { lead: string; number: string };
}

/**
 * The trial's test-call number (spec 001 section 9 has it as text, its value withheld): a line that answers
 * with a short message, so a trial customer hears a call go through from the app. A placeholder from
 * Ofcom's drama range (0306 999 0xxx), like the help number: set the real one here.
 */
export const TRIAL_TEST_CALL_NUMBER = '03069990145';

const phone = `${brand.productName} phone`;

export const QUICKSTART_STEP_CONTENT: Readonly<Record<QuickstartStep, QuickstartStepContent>> = {
  watch_getting_started: {
    header: 'Watch the getting started video',
    text: `A short tour of your ${phone}: where your numbers, users and call flows live, and what to set up first.`,
    video: {
      title: `Getting started with your ${phone}`,
      description:
        'Signing in to the apps, making and answering calls, and choosing what happens when customers ring your business number.',
      duration: '3 minutes',
      ids: { web: 'getting-started-web', ios: 'getting-started-ios', android: 'getting-started-android' },
    },
    // Playing the video is this step's action (spec 000 section 4).
    button: { visible: false },
    tracking: 'QS - watch getting started',
  },
  download_apps: {
    header: 'Download the apps',
    text: 'Make and take business calls on your mobile, laptop or desktop. Sign in to the app with the same email address you use for this portal.',
    button: { visible: true, text: 'Download apps' },
    tracking: 'QS - download apps',
    link: { kind: 'internal', to: (id) => paths.downloadApps.build({ id }) },
  },
  make_your_first_call: {
    header: 'Make your first call',
    text: 'Once you have signed in to the app, ring your own mobile. The person you call sees your business number, not your personal one.',
    callNumber: { lead: 'Or ring our test line to hear a call go through:', number: TRIAL_TEST_CALL_NUMBER },
    button: { visible: true, text: "I've made my first call" },
    tracking: 'QS - make your first call',
  },
  set_up_call_flows: {
    header: 'Set up your call flows',
    text: 'Choose what happens when customers ring: your opening hours, a welcome greeting, and where calls go when you are closed.',
    button: { visible: true, text: 'Set up call flows' },
    tracking: 'QS - set up call flows',
    link: { kind: 'internal', to: (id) => paths.callFlowsPage(id) },
  },
  upgrade: {
    header: 'Upgrade to keep your number',
    text: 'Upgrade before your trial ends to keep your business number, users and call flows. There is nothing to set up again.',
    button: { visible: true, text: 'See upgrade options' },
    tracking: 'QS - upgrade',
    link: { kind: 'internal', to: (id) => paths.upgrade.build({ id }) },
  },
  helpful_links: {
    header: 'Helpful links',
    text: 'Step-by-step guides for every feature, answers to common questions, and how to reach our UK support team.',
    button: { visible: true, text: 'Visit the help centre' },
    tracking: 'QS - helpful links',
    link: { kind: 'external', url: HELP_SITE_URL },
  },
};
