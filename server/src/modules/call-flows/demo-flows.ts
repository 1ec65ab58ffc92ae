import type { SimpleCallFlowData } from '@portal/contract';
import {
  createFlow,
  idCounter,
  insertBetween,
  insertNode,
  presetHours,
  removeSubtree,
  renameFlow,
  setArgs,
  type CallFlow,
  type Command,
  type Transaction,
} from '@portal/editor-core';

import type { Note } from '../../audio/wav.ts';

// The demo cloud phone's call flows, built with editor-core's own commands so they are
// exactly what the editor would make. Deterministic: node ids n1, n2... in creation order.

/** Runs editor-core commands one after another; a refused command is a bug in the seed. */
class FlowBuilder {
  /** Id of the node the last command selected (the node it inserted). */
  last = '';

  constructor(public flow: CallFlow) {}

  run(command: Command): this {
    let tr: Transaction | null = null;
    const ok = command({ flow: this.flow }, (t) => {
      tr = t;
    });
    const done = tr as Transaction | null;
    if (!ok || !done) throw new Error('seed: editor-core refused a demo flow command');
    this.flow = done.flow;
    this.last = done.selection?.[0] ?? this.last;
    return this;
  }
}

// createFlow's nodes: n1 main_number, n2 business_hours, n3 in_hours, n4 out_of_hours, n5 transfer, n6 voicemail.
const MAIN = 'n1';
const HOURS = 'n2';
const IN_HOURS = 'n3';
const OUT_OF_HOURS = 'n4';
const IN_HOURS_TRANSFER = 'n5';
const OUT_OF_HOURS_VOICEMAIL = 'n6';

const newFlow = (name: string, publicNumbers: string[]) =>
  new FlowBuilder(createFlow({ publicNumbers, newId: idCounter() })).run(renameFlow(name));

/** The demo audio files: 2-second tone melodies, 8 kHz 16-bit mono. */
export const demoAudio = [
  {
    storedFilename: 'welcome_greeting.wav',
    subKind: 'welcome_greeting',
    name: 'Welcome greeting',
    // C5 E5 G5 C6: rising, friendly.
    notes: [
      { hz: 523.25, ms: 450 },
      { hz: 659.25, ms: 450 },
      { hz: 783.99, ms: 450 },
      { hz: 1046.5, ms: 650 },
    ],
  },
  {
    storedFilename: 'closed_greeting.wav',
    subKind: 'closed_greeting',
    name: 'Closed greeting',
    // G5 E5 C5, then a long low C4: falling.
    notes: [
      { hz: 783.99, ms: 450 },
      { hz: 659.25, ms: 450 },
      { hz: 523.25, ms: 450 },
      { hz: 261.63, ms: 650 },
    ],
  },
  {
    storedFilename: 'main_menu.wav',
    subKind: 'dial_menu',
    name: 'Main menu',
    // Two short pips, a rest, two more: "press a key".
    notes: [
      { hz: 880, ms: 250 },
      { hz: 0, ms: 100 },
      { hz: 880, ms: 250 },
      { hz: 0, ms: 400 },
      { hz: 1174.66, ms: 250 },
      { hz: 0, ms: 100 },
      { hz: 1174.66, ms: 250 },
      { hz: 0, ms: 400 },
    ],
  },
] as const satisfies ReadonlyArray<{ storedFilename: string; subKind: string; name: string; notes: readonly Note[] }>;

const [WELCOME, CLOSED, MENU] = demoAudio.map((audio) => audio.storedFilename) as [string, string, string];

/**
 * Active and valid: main number -> welcome greeting -> business hours; in hours a dial menu
 * (1: transfer to 200 and 201, 2: voicemail), out of hours the closed greeting then voicemail.
 */
export function mainOfficeHoursFlow(pilotNumber: string): CallFlow {
  const b = newFlow('Main office hours', [pilotNumber]);
  b.run(insertBetween(MAIN, HOURS, 'play_audio')).run(
    setArgs(b.last, { name: 'Welcome greeting', audio_file: WELCOME }),
  );
  b.run(removeSubtree(IN_HOURS_TRANSFER));
  b.run(insertNode(IN_HOURS, 'dial_menu', { args: { name: 'Main menu', audio_file: MENU } }));
  const menu = b.last;
  b.run(insertNode(menu, 'dial_menu_key', { args: { name: 'Sales', target: '1' } }));
  b.run(insertNode(b.last, 'transfer', { args: { name: 'Sales team', target: ['200', '201'] } }));
  b.run(insertNode(menu, 'dial_menu_key', { args: { name: 'Leave a message', target: '2' } }));
  b.run(insertNode(b.last, 'voicemail', { args: { name: 'Message box' } }));
  b.run(insertBetween(OUT_OF_HOURS, OUT_OF_HOURS_VOICEMAIL, 'play_audio')).run(
    setArgs(b.last, { name: 'Closed greeting', audio_file: CLOSED }),
  );
  return { ...b.flow, enable: true };
}

/** Valid, not enabled: everyone rings in turn by day, calls go to a mobile out of hours. */
export function outOfHoursToMobileFlow(pilotNumber: string, mobile: string): CallFlow {
  const b = newFlow('Out of hours to mobile', [pilotNumber]);
  b.run(setArgs(HOURS, { business_hours: presetHours('nine_to_six', ['mon', 'tue', 'wed', 'thu', 'fri', 'sat']) }));
  b.run(setArgs(IN_HOURS_TRANSFER, { name: 'Everyone', target: ['200', '201', '202'], ring_pattern: 'sequential' }));
  b.run(removeSubtree(OUT_OF_HOURS_VOICEMAIL));
  b.run(insertNode(OUT_OF_HOURS, 'divert_to_external', { args: { name: 'Duty mobile', target: mobile } }));
  return b.flow;
}

/** Unfinished, so not valid: the in-hours route ends at a greeting instead of a transfer, divert or voicemail. */
export function salesLineDraftFlow(salesNumber: string): CallFlow {
  const b = newFlow('Sales line (draft)', [salesNumber]);
  b.run(removeSubtree(IN_HOURS_TRANSFER));
  b.run(insertNode(IN_HOURS, 'play_audio', { args: { name: 'Sales greeting', audio_file: WELCOME } }));
  return b.flow;
}

/** The demo simple call flow: closed out of hours with a closed greeting, a welcome greeting with audio. */
export function demoSimpleCallFlowData(): SimpleCallFlowData {
  return {
    out_of_hours: { enabled: true, business_hours: presetHours('nine_to_five'), calendar: 'default' },
    welcome_greeting: { enabled: true, audio_file: WELCOME },
    closed_greeting: { enabled: true, audio_file: CLOSED },
  };
}
