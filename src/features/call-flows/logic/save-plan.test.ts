import { describe, expect, it } from 'vitest';

import type { StoredCallFlow } from '@portal/contract';
import { createFlow, type CallFlow } from '@portal/editor-core';

import { planConflict, planSave } from './save-plan.ts';

const newFlow = (): CallFlow => createFlow({ existingNames: [], publicNumbers: ['01632960123'] });
const existing = (overrides: Partial<CallFlow> = {}): CallFlow => ({
  ...newFlow(),
  id: '7',
  name: 'Sales',
  ...overrides,
});
const theirs = (flow: CallFlow, version: number): StoredCallFlow => ({
  id: flow.id ?? '7',
  name: 'Sales (their edit)',
  enable: false,
  data: flow.data,
  version,
  updated_at: '2025-01-01T00:00:00Z',
});

describe('planSave', () => {
  it('creates a new flow with enable false', () => {
    const flow = newFlow();
    expect(planSave({ flow, valid: true, otherFlowNames: [], baseVersion: null, intent: 'save' })).toEqual({
      ok: true,
      steps: [{ kind: 'create', body: { name: 'Custom call flow 1', enable: false, data: flow.data } }],
    });
  });

  it('creates then enables a new flow on Save & Enable', () => {
    const plan = planSave({
      flow: newFlow(),
      valid: true,
      otherFlowNames: [],
      baseVersion: null,
      intent: 'save-and-enable',
    });
    expect(plan.ok && plan.steps.map((s) => s.kind)).toEqual(['create', 'enable-created']);
    expect(plan.ok && plan.steps[0]?.kind === 'create' && plan.steps[0].body.enable).toBe(false);
  });

  it('patches an existing flow with the version it started from', () => {
    const flow = existing();
    expect(planSave({ flow, valid: false, otherFlowNames: ['Other'], baseVersion: 4, intent: 'save' })).toEqual({
      ok: true,
      steps: [{ kind: 'patch', flowId: '7', body: { name: 'Sales', data: flow.data, version: 4 } }],
    });
    const enable = planSave({ flow, valid: true, otherFlowNames: [], baseVersion: 4, intent: 'save-and-enable' });
    expect(enable.ok && enable.steps[0]?.kind === 'patch' && enable.steps[0].body).toEqual({
      name: 'Sales',
      data: flow.data,
      version: 4,
      enable: true,
    });
  });

  it('refuses an invalid flow that is or would become active', () => {
    const message = 'Call flow is not valid, please complete all steps and try again';
    expect(
      planSave({ flow: existing({ enable: true }), valid: false, otherFlowNames: [], baseVersion: 1, intent: 'save' }),
    ).toEqual({ ok: false, message });
    expect(
      planSave({ flow: existing(), valid: false, otherFlowNames: [], baseVersion: 1, intent: 'save-and-enable' }),
    ).toEqual({ ok: false, message });
    expect(
      planSave({ flow: newFlow(), valid: false, otherFlowNames: [], baseVersion: null, intent: 'save-and-enable' }),
    ).toEqual({ ok: false, message });
  });

  it('refuses a missing or taken name with the spec wording', () => {
    expect(
      planSave({ flow: existing({ name: '  ' }), valid: false, otherFlowNames: [], baseVersion: 1, intent: 'save' }),
    ).toEqual({
      ok: false,
      message: 'Please set a callflow name',
    });
    expect(
      planSave({
        flow: existing({ name: 'support' }),
        valid: true,
        otherFlowNames: ['Support'],
        baseVersion: 1,
        intent: 'save',
      }),
    ).toEqual({
      ok: false,
      message: 'This callflow name has already been used. Please try a different name.',
    });
  });

  it("carries the version's note, trimmed, on a create and a patch; a blank note adds none", () => {
    const created = planSave({
      flow: newFlow(),
      valid: true,
      otherFlowNames: [],
      baseVersion: null,
      intent: 'save',
      note: '  Added the sales key ',
    });
    expect(created.ok && created.steps[0]?.kind === 'create' && created.steps[0].body.note).toBe('Added the sales key');
    const patched = planSave({
      flow: existing(),
      valid: true,
      otherFlowNames: [],
      baseVersion: 4,
      intent: 'save-and-enable',
      note: 'Closed on Fridays',
    });
    expect(patched.ok && patched.steps[0]?.kind === 'patch' && patched.steps[0].body.note).toBe('Closed on Fridays');
    const blank = planSave({
      flow: existing(),
      valid: true,
      otherFlowNames: [],
      baseVersion: 4,
      intent: 'save',
      note: '   ',
    });
    expect(blank.ok && blank.steps[0]?.kind === 'patch' && 'note' in blank.steps[0].body).toBe(false);
    // After a 412 the note goes with mine, over theirs or as a copy.
    const mine = existing();
    expect(
      planConflict('overwrite', { mine, theirs: theirs(mine, 6), otherFlowNames: [], intent: 'save', note: 'Mine' }),
    ).toMatchObject({ kind: 'patch', body: { note: 'Mine' } });
    expect(
      planConflict('copy', { mine, theirs: theirs(mine, 6), otherFlowNames: [], intent: 'save', note: 'Mine' }),
    ).toMatchObject({ kind: 'create', body: { note: 'Mine' } });
  });

  it('sends the name trimmed', () => {
    const plan = planSave({
      flow: existing({ name: ' Sales ' }),
      valid: true,
      otherFlowNames: [],
      baseVersion: 2,
      intent: 'save',
    });
    expect(plan.ok && plan.steps[0]?.kind === 'patch' && plan.steps[0].body.name).toBe('Sales');
  });
});

describe('planConflict', () => {
  const mine = existing({ name: 'Sales' });

  it('reload takes their version', () => {
    const server = theirs(mine, 9);
    expect(planConflict('reload', { mine, theirs: server, otherFlowNames: [], intent: 'save' })).toEqual({
      kind: 'reload',
      flow: server,
    });
  });

  it("overwrite patches mine with the server's current version", () => {
    const server = theirs(mine, 9);
    expect(planConflict('overwrite', { mine, theirs: server, otherFlowNames: [], intent: 'save' })).toEqual({
      kind: 'patch',
      flowId: '7',
      body: { name: 'Sales', data: mine.data, version: 9 },
    });
    const enabling = planConflict('overwrite', { mine, theirs: server, otherFlowNames: [], intent: 'save-and-enable' });
    expect(enabling.kind === 'patch' && enabling.body.enable).toBe(true);
  });

  it('copy creates mine, disabled, under a name no flow uses', () => {
    const server = theirs(mine, 9);
    const plan = planConflict('copy', {
      mine,
      theirs: server,
      otherFlowNames: ['Sales (copy)'],
      intent: 'save-and-enable',
    });
    expect(plan).toEqual({ kind: 'create', body: { name: 'Sales (copy 2)', enable: false, data: mine.data } });
  });
});
