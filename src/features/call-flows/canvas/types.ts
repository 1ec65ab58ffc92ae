import type { ReactNode } from 'react';

import type { AudioFile, SiteUser, StartTestCall, TestCallGrant, TestCallState } from '@portal/contract';
import type { Arrangement, EditorStore, HolidayPeriod } from '@portal/editor-core';

import type { AudioServices } from '../../audio/index.ts';
import type { DiffMark } from './canvas-controller.ts';

/** A real test call of the saved flow, from the browser: the portal's test-call endpoints of this flow. */
export interface TestCallApi {
  /** POST .../test-call/: a single-use address for the saved flow at the chosen instant. */
  start(choice: StartTestCall): Promise<TestCallGrant>;
  /** POST .../test-call/{call}/webrtc/: the browser's offer answered by the call runtime. */
  answer(callId: string, token: string, sdp: string): Promise<string>;
  /** POST .../test-call/{call}/hang-up/. */
  hangUp(callId: string): Promise<void>;
  /** GET .../test-call/{call}/: the live path, then the outcome. */
  state(callId: string, signal?: AbortSignal): Promise<TestCallState>;
  /** GET .../test-call/{call}/voicemail/: the message left. */
  voicemail(callId: string): Promise<Blob>;
}

/** What the canvas needs from the page: the site's people and audio, and two server calls. */
export interface CallFlowCanvasServices {
  /** Transfer and voicemail pickers (extension, name). */
  siteUsers: SiteUser[];
  /** Greetings, menus and queues choose an existing file; the arg stores its stored_filename. */
  audioFiles: AudioFile[];
  /** Plays a file (the request needs the auth header, so no plain <audio src>). */
  fetchAudio: (storedFilename: string) => Promise<Blob>;
  /** The server's UK-number check for divert targets. */
  isUkPhoneNumber: (number: string) => Promise<boolean>;
  /** Optional: the site's numbers, offered as checkboxes for the main number (else typed in). */
  siteNumbers?: string[];
  /** Optional: the holiday schedule, so the test call treats those days as closed. */
  holidays?: HolidayPeriod[];
  /**
   * Optional: making audio (record, type out, upload) from the step dialogs. With it, each audio
   * select has a "New audio" button; `save` answers the stored file, which the select then
   * chooses. The page should also add it to `audioFiles` (the dialog lists it at once either way).
   */
  audio?: AudioServices<AudioFile>;
  /**
   * Optional: a real test call of the saved flow from the browser (the test-call panel's Call this flow); left out
   * for a flow never saved.
   */
  liveCall?: TestCallApi;
}

/** When a layout has been painted: for the canvas bench and for pages that want to know. */
export interface LayoutPaintedInfo {
  /** The first layout since the canvas opened (or since the flow was reloaded). */
  first: boolean;
  nodeCount: number;
  /** Worker round trip of this layout, in ms. */
  layoutMs: number;
}

export interface CallFlowCanvasProps {
  /** Created by the page from the loaded flow, with node limits. */
  store: EditorStore;
  services: CallFlowCanvasServices;
  /** Optional: called once a layout is on screen (after the frame that shows it). */
  onLayoutPainted?: (info: LayoutPaintedInfo) => void;
  /** Optional: shows the flow without letting it change (a saved version): no dialogs, palette or edits. */
  readOnly?: boolean;
  /** Optional: steps to mark as added, removed or changed (a comparison of two versions). */
  diffMarks?: ReadonlyMap<string, DiffMark>;
  /** Optional: the versions panel; with it the toolbar has a Versions button. */
  versionsPanel?: (close: () => void) => ReactNode;
  /** Optional: open the versions panel from the start (the page swapped the canvas to show a version). */
  versionsOpen?: boolean;
  /** Optional: the arrangement to open in: the tidy tree, top to bottom (default), or ELK's layered, left to right. */
  arrangement?: Arrangement;
  /** Optional: told when the user switches the arrangement in the toolbar (to remember it). */
  onArrangementChange?: (arrangement: Arrangement) => void;
  /** Optional: the accessible name of the canvas region (default "Call flow canvas"). */
  'aria-label'?: string;
}
