// Property suite of the call walk: for generated flows, instants, holidays and random key presses, the moments
// walkCall yields (what a live test call reports and plays) tell exactly the path, events and outcome that
// simulateCall answers. The call runtime's own suite drives a real call session the same way.
import { describe, expect, it } from 'vitest';

import {
  createNode,
  DIAL_KEYS,
  simulateCall,
  walk,
  walkCall,
  type CallFlow,
  type HolidayPeriod,
  type SimulationEvent,
  type SimulationOutcome,
} from '@portal/editor-core';
import { generateFlow, seededRandom } from '@portal/editor-core/testing';

const RUNS = 300;

/** A generated flow with some of its ends turned into repeat_menu, so replays are walked too. */
function flowFor(random: () => number, seed: number): CallFlow {
  const flow = generateFlow(5 + Math.floor(random() * 40), seed);
  let counter = 0;
  walk(flow.data, (node) => {
    node.children = node.children.map((child) =>
      child.children.length === 0 && node.type === 'dial_menu_key' && random() < 0.3
        ? { ...createNode('repeat_menu', () => `r${counter++}`), children: [] }
        : child,
    );
  });
  return flow;
}

function keysFor(random: () => number): Array<string | null> {
  return Array.from({ length: Math.floor(random() * 12) }, () =>
    random() < 0.15 ? null : (DIAL_KEYS[Math.floor(random() * DIAL_KEYS.length)] as string),
  );
}

function instantFor(random: () => number): { at: Date; holidays: HolidayPeriod[] } {
  const at = new Date(
    Date.UTC(
      2025,
      Math.floor(random() * 12),
      1 + Math.floor(random() * 28),
      Math.floor(random() * 24),
      Math.floor(random() * 60),
    ),
  );
  const day = at.toISOString().slice(0, 10);
  return { at, holidays: random() < 0.2 ? [{ start_date: day, end_date: day }] : [] };
}

describe('walkCall and simulateCall', () => {
  it("the walk's moments tell simulateCall's path, events and outcome, for generated flows and keys", () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= RUNS; seed++) {
      const random = seededRandom(seed);
      const flow = flowFor(random, seed);
      const { at, holidays } = instantFor(random);
      const keys = keysFor(random);
      const expected = simulateCall({ flow, at, holidays, keys });

      const path: string[] = [];
      const events: SimulationEvent[] = [];
      const outcomes: SimulationOutcome[] = [];
      let used = 0;
      const walker = walkCall(flow, at, holidays);
      let step = walker.next();
      while (!step.done) {
        const moment = step.value;
        let key: string | null | undefined;
        if (moment.kind === 'node') path.push(moment.nodeId);
        else if (moment.kind === 'event') events.push(moment.event);
        else if (moment.kind === 'outcome') outcomes.push(moment.outcome);
        else key = used < keys.length ? keys[used++] : null;
        step = walker.next(key);
      }
      expect({ seed, path, events, outcomes }).toEqual({
        seed,
        path: expected.path,
        events: expected.events,
        outcomes: [expected.outcome],
      });
      expect({ seed, path: step.value.path, outcome: step.value.outcome }).toEqual({
        seed,
        path: expected.path,
        outcome: expected.outcome,
      });
      expect(used).toBe(expected.keysUsed);
      for (const e of events) seen.add(e.kind === 'menu' ? `menu:${e.result}` : e.kind);
      seen.add(`outcome:${expected.outcome.kind}`);
    }
    // The generated cases reach every kind of moment, so the comparison above is not vacuous.
    for (const kind of [
      'repeat_menu',
      'play_audio',
      'business_hours',
      'menu:matched',
      'menu:unknown_key',
      'menu:no_key_press',
      'outcome:transfer',
      'outcome:voicemail',
      'outcome:divert',
      'outcome:hangup',
    ])
      expect(seen).toContain(kind);
  });

  it('a menu is answered by the key sent back, a replay counts its attempt', () => {
    let found = 0;
    for (let seed = 1; seed <= RUNS && found < 20; seed++) {
      const random = seededRandom(seed);
      const flow = flowFor(random, seed);
      const { at, holidays } = instantFor(random);
      const walker = walkCall(flow, at, holidays);
      let step = walker.next();
      while (!step.done && step.value.kind !== 'menu') step = walker.next();
      if (step.done || step.value.kind !== 'menu') continue;
      found++;
      const menuId = step.value.nodeId;
      expect(step.value.attempt).toBe(1);
      step = walker.next('unknown');
      expect(step.value).toEqual({
        kind: 'event',
        event: expect.objectContaining({
          kind: 'menu',
          nodeId: menuId,
          key: 'unknown',
          result: 'unknown_key',
          attempt: 1,
        }),
      });
      step = walker.next();
      expect(step.value).toEqual({ kind: 'node', nodeId: menuId });
      step = walker.next();
      expect(step.value).toMatchObject({ kind: 'menu', nodeId: menuId, attempt: 2 });
    }
    expect(found).toBe(20);
  });
});
