import { describe, expect, it, vi } from 'vitest';

import type { CallFlowVersionDocument, StoredCallFlow } from '@portal/contract';
import { renameNode, type FlowNode } from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { createVersionsController, diffMarksFor, sideBySideOf, type VersionsPorts } from './versions-controller.ts';

const v1 = sampleFlow().data;
const v2 = (apply(sampleFlow(), renameNode('n5', 'Sales')) ?? { flow: sampleFlow() }).flow.data;

function versionDoc(number: number, data: FlowNode): CallFlowVersionDocument {
  return {
    number,
    name: 'Main',
    note: null,
    saved_at: '2026-01-01T00:00:00Z',
    saved_by: 'a@example.com',
    by_staff: false,
    restored_from: null,
    data,
  };
}

function ports(overrides: Partial<VersionsPorts> = {}): VersionsPorts {
  const docs = new Map([
    [1, versionDoc(1, v1)],
    [2, versionDoc(2, v2)],
  ]);
  return {
    flowId: 'f1',
    names: { users: new Map(), audioFiles: new Map() } as unknown as VersionsPorts['names'],
    fetchVersion: vi.fn(async (_flow: string, number: number) => {
      const doc = docs.get(number);
      if (!doc) throw new Error('not found');
      return doc;
    }),
    restoreVersion: vi.fn(async (): Promise<StoredCallFlow> => ({
      id: 'f1',
      name: 'Main',
      enable: false,
      data: v1,
      version: 3,
      updated_at: '2026-01-02T00:00:00Z',
    })),
    baseVersion: () => 2,
    onRestored: vi.fn(),
    versionsChanged: vi.fn(),
    restored: vi.fn(),
    failed: vi.fn(),
    ...overrides,
  };
}

describe('versions controller', () => {
  it('marks added and changed steps on the newer version, removed and changed on the older', () => {
    const diff = { added: ['a'], removed: ['r'], changed: ['c'], changes: [] };
    expect([...diffMarksFor(diff, 'newer')]).toEqual([
      ['c', 'changed'],
      ['a', 'added'],
    ]);
    expect([...diffMarksFor(diff, 'older')]).toEqual([
      ['c', 'changed'],
      ['r', 'removed'],
    ]);
  });

  it('opens a version read-only on a store of its own, and back to editing leaves the panel in use', async () => {
    const controller = createVersionsController(ports());
    await controller.open(1);
    const { viewing, used } = controller.state.getState();
    expect(viewing?.version.number).toBe(1);
    expect(viewing?.store.getState().flow.data).toEqual(v1);
    expect(used).toBe(true);
    controller.backToEditing();
    expect(controller.state.getState()).toMatchObject({ viewing: null, comparison: null, used: true });
  });

  it('compares two versions in either order, shows the newer first, and keeps the chosen layout for the next comparison', async () => {
    const controller = createVersionsController(ports());
    await controller.compare(2, 1);
    let { comparison, viewing } = controller.state.getState();
    expect([comparison?.older.number, comparison?.newer.number, comparison?.showing, comparison?.layout]).toEqual([
      1,
      2,
      'newer',
      'overlaid',
    ]);
    expect(comparison?.diff.changed).toEqual(['n5']);
    expect(viewing?.store).toBe(comparison?.stores.newer);
    controller.showSide('older');
    expect(controller.state.getState().viewing?.store).toBe(comparison?.stores.older);
    controller.setLayout('side-by-side');
    const sides = sideBySideOf(controller.state.getState().comparison);
    expect(sides?.older.number).toBe(1);
    expect([...(sides?.newer.marks ?? [])]).toEqual([['n5', 'changed']]);
    expect(controller.state.getState().comparison?.showing).toBe('newer');
    await controller.compare(1, 2);
    ({ comparison, viewing } = controller.state.getState());
    expect(comparison?.layout).toBe('side-by-side');
    // Opening one version ends the comparison.
    await controller.open(1);
    expect(controller.state.getState().comparison).toBeNull();
  });

  it('restores after the confirmation with its note and the base version, then goes back to editing', async () => {
    const p = ports();
    const controller = createVersionsController(p);
    await controller.open(1);
    controller.askRestore(1);
    controller.setRestoreNote('  back to the old one ');
    await controller.restore();
    expect(p.restoreVersion).toHaveBeenCalledWith('f1', 1, { version: 2, note: 'back to the old one' });
    expect(p.onRestored).toHaveBeenCalledOnce();
    expect(p.restored).toHaveBeenCalledWith(1);
    expect(p.versionsChanged).toHaveBeenCalledWith('f1');
    expect(controller.state.getState()).toMatchObject({ restoring: null, viewing: null, busy: false });
  });

  it('a refused restore keeps the confirmation open and says why; a failed load says so', async () => {
    const error = new Error('conflict');
    const p = ports({ restoreVersion: vi.fn(async () => Promise.reject(error)) });
    const controller = createVersionsController(p);
    controller.askRestore(2);
    await controller.restore();
    expect(p.failed).toHaveBeenCalledWith('The version could not be restored', error);
    expect(controller.state.getState()).toMatchObject({ restoring: 2, busy: false });
    expect(p.versionsChanged).toHaveBeenCalledWith('f1');
    await controller.open(9);
    expect(p.failed).toHaveBeenLastCalledWith('The versions could not be loaded', expect.any(Error));
    expect(controller.state.getState().viewing).toBeNull();
  });

  it('a flow never saved has no versions: nothing is fetched', async () => {
    const p = ports({ flowId: null });
    const controller = createVersionsController(p);
    await controller.open(1);
    await controller.compare(1, 2);
    expect(p.fetchVersion).not.toHaveBeenCalled();
  });
});
