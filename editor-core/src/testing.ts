/** Helpers for tests of editor-core and of its users: a valid flow and a way to run commands on a plain value. */
import { createNode, type Command, type EditorState, type Transaction } from './commands.ts';
import { createFlow, idCounter } from './io.ts';
import { DIAL_KEYS, type DialKey, type NodeType } from './node-types.ts';
import type { CallFlow, FlowNode } from './schema.ts';

/** A valid flow: main number 02079460000 -> business hours (nine_to_five Mon-Fri) -> in: transfer 200, out: voicemail 300; ids n1 main_number, n2 business_hours, n3 in_hours, n4 out_of_hours, n5 transfer, n6 voicemail. */
export function sampleFlow(): CallFlow {
  return createFlow({ publicNumbers: ['02079460000'], newId: idCounter() });
}

/** Runs a command on a flow and answers the new flow and the transaction, or null when the command refused. */
export function apply(
  flow: CallFlow,
  command: Command,
  state: Omit<EditorState, 'flow'> = {},
): { flow: CallFlow; tr: Transaction } | null {
  let tr: Transaction | null = null;
  const ok = command({ ...state, flow }, (t) => {
    tr = t;
  });
  if (!ok) return null;
  const done = tr as Transaction | null;
  return { flow: done?.flow ?? flow, tr: done ?? { flow, patches: [], inversePatches: [], label: '' } };
}

/** A seeded random generator (mulberry32) answering numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A well-formed flow of about `size` nodes (a few more at most), grown breadth-first with dial menus, greetings and business hours. */
export function generateFlow(size: number, seed = 1): CallFlow {
  const random = seededRandom(seed);
  const newId = idCounter();
  const flow = createFlow({ publicNumbers: ['02079460000'], newId });
  const root = flow.data;
  root.children = [];
  let count = 1;
  // Nodes that still need a step after them.
  const open: FlowNode[] = [root];
  const leaf = (i: number): FlowNode =>
    createNode((['transfer', 'voicemail', 'divert_to_external'] as const)[i % 3] as NodeType, newId, { inHours: true });
  while (open.length > 0) {
    const host = open.shift() as FlowNode;
    if (count + open.length >= size) {
      host.children.push(leaf(count));
      count++;
      continue;
    }
    const pick = random();
    if (pick < 0.5) {
      const menu = createNode('dial_menu', newId);
      menu.args.audio_file = { type: 'audio_file', value: 'menu.mp3' };
      const keys = 2 + Math.floor(random() * 6);
      for (let k = 0; k < keys; k++) {
        const key = createNode('dial_menu_key', newId);
        key.args.target = { type: 'dial_key', value: DIAL_KEYS[k] as DialKey };
        menu.children.push(key);
        open.push(key);
      }
      host.children.push(menu);
      count += 1 + keys;
    } else if (pick < 0.7) {
      const hours = createNode('business_hours', newId);
      host.children.push(hours);
      open.push(...hours.children);
      count += 3;
    } else if (pick < 0.85) {
      const greeting = createNode('play_audio', newId);
      greeting.args.audio_file = { type: 'audio_file', value: 'hello.mp3' };
      host.children.push(greeting);
      open.push(greeting);
      count++;
    } else {
      host.children.push(leaf(count));
      count++;
    }
  }
  return flow;
}
