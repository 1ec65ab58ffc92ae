/** What the runtime needs from the portal, behind an interface: the server's internal endpoints, or a test's fake. */
import type { CallFlow, CallMoment, HolidayPeriod, SimulationResult } from '@portal/editor-core';

import type { ExtensionNames } from './announcement.ts';
import type { EndReason } from './call-session.ts';

/** A test call the portal granted: what to walk, at which instant. */
export interface TestCallGrant {
  /** The test call's id in the portal (its call history entry). */
  id: string;
  productId: string;
  flow: CallFlow;
  at: Date;
  holidays: HolidayPeriod[];
  names: ExtensionNames;
}

/** How a test call ended, for the portal's call history. */
export interface TestCallReport {
  result: SimulationResult | null;
  reason: EndReason;
  /** The message left, 8 kHz mono 16-bit samples. */
  voicemail: Int16Array | null;
  durationMs: number;
}

export interface CallBackend {
  /** Takes a token once: the grant, or null when it is unknown, expired or used. */
  claim(token: string): Promise<TestCallGrant | null>;
  /** A greeting's samples (8 kHz mono 16-bit), or null when the portal has no such audio. */
  audio(grant: TestCallGrant, audioFile: string): Promise<Int16Array | null>;
  /** Speech of a sentence by the portal's speech engine (8 kHz mono 16-bit). */
  speak(text: string): Promise<Int16Array>;
  /** A moment of the walk as it happens; best effort (a lost report never stops a call). */
  moment(grant: TestCallGrant, moment: CallMoment): void;
  finish(grant: TestCallGrant, report: TestCallReport): Promise<void>;
}
