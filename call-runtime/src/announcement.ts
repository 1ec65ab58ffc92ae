/** What a test call says where the real call would now go, instead of ringing anyone or dialling out. */
import type { SimulationOutcome } from '@portal/editor-core';

const seconds = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${s} ${s === 1 ? 'second' : 'seconds'}`;
};

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** Extension number -> who answers it ("Alex Morgan"), for the words of a transfer. */
export type ExtensionNames = Readonly<Record<string, string>>;

/**
 * The sentence a test call speaks at its end, or null when it says nothing (a voicemail plays a tone instead).
 * @example announcementText(transfer, { '200': 'Alex Morgan' }) // "This call would now ring Alex Morgan on 200 for 25 seconds, then go to voicemail 300."
 */
export function announcementText(outcome: SimulationOutcome, names: ExtensionNames): string | null {
  switch (outcome.kind) {
    case 'transfer': {
      const who = outcome.extensions.map((e) => (names[e] ? `${names[e]} on ${e}` : `extension ${e}`));
      const ring =
        outcome.ringPattern === 'sequential' && who.length > 1
          ? `ring ${who.join(', then ')}, for ${seconds(outcome.ringTimePerMemberMs)} each`
          : `ring ${list(who)} for ${seconds(outcome.totalRingTimeMs)}`;
      const then =
        outcome.noAnswer.kind === 'voicemail' ? `then go to voicemail ${outcome.noAnswer.extension}` : 'then end';
      return `This call would now ${ring}, ${then}. This test call ends here.`;
    }
    case 'divert':
      return `This call would now be diverted to ${outcome.number.split('').join(' ')}. This test call ends here.`;
    case 'hangup':
      return null;
    case 'incomplete':
      return 'This route of the call flow is not finished, so the call would end here.';
    case 'voicemail':
      return null;
  }
}
