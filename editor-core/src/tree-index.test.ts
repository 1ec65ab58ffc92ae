import { describe, expect, it } from 'vitest';

import { insertBetween, insertNode, moveNode, removeSubtree, renameNode } from './commands.ts';
import { createEditorStore } from './editor-store.ts';
import { applyFlowPatches } from './patches.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { apply, generateFlow, sampleFlow } from './testing.ts';
import { locate } from './tree.ts';

const run = (flow: CallFlow, command: Parameters<typeof apply>[1]) => {
  const done = apply(flow, command);
  if (!done) throw new Error('command refused');
  return done;
};

/** Every node's path, by a search of the whole tree. */
function searchedPaths(root: FlowNode): Map<string, number[]> {
  const paths = new Map<string, number[]>();
  const search = (node: FlowNode, path: number[]) => {
    paths.set(node.id, path);
    node.children.forEach((child, i) => search(child, [...path, i]));
  };
  search(root, []);
  return paths;
}

describe('the tree index behind locate', () => {
  it('finds every node of a large flow at the path a search finds', () => {
    const flow = generateFlow(2000, 7);
    const paths = searchedPaths(flow.data);
    for (const [id, path] of paths) expect(locate(flow.data, id)?.path).toEqual(path);
    expect(locate(flow.data, 'nowhere')).toBeNull();
  });

  it('keeps an older tree answering as it was after the tree is changed from it', () => {
    const before = sampleFlow();
    expect(locate(before.data, 'n5')?.path).toEqual([0, 0, 0]);
    const { flow: after } = run(before, removeSubtree('n5'));
    expect(locate(after.data, 'n5')).toBeNull();
    expect(locate(before.data, 'n5')?.path).toEqual([0, 0, 0]);
    // Back and forth: each read moves the index to the tree read.
    for (let i = 0; i < 3; i++) {
      expect(locate(after.data, 'n5')).toBeNull();
      expect(locate(after.data, 'n6')?.path).toEqual([0, 1, 0]);
      expect(locate(before.data, 'n5')?.node.type).toBe('transfer');
    }
  });

  it('loses a removed subtree and finds it again where undo puts it back', () => {
    const flow = sampleFlow();
    const { flow: removed, tr } = run(flow, removeSubtree('n2'));
    for (const id of ['n2', 'n3', 'n4', 'n5', 'n6']) expect(locate(removed.data, id)).toBeNull();
    const restored = applyFlowPatches(removed, tr.inversePatches);
    expect(locate(restored.data, 'n6')?.ancestors.map((n) => n.id)).toEqual(['n1', 'n2', 'n4']);
  });

  it('follows a moved subtree, its descendants included', () => {
    let flow = sampleFlow();
    // In hours: a dial menu whose key 1 leads to the transfer n5; then a key 2, and key 1 moved after it.
    ({ flow } = run(flow, insertBetween('n3', 'n5', 'dial_menu')));
    const menu = locate(flow.data, 'n5')?.ancestors.at(-2);
    const key1 = locate(flow.data, 'n5')?.ancestors.at(-1)?.id as string;
    ({ flow } = run(flow, insertNode(menu?.id as string, 'dial_menu_key')));
    ({ flow } = run(flow, moveNode(key1, menu?.id as string, 1)));
    expect(locate(flow.data, key1)?.path).toEqual([0, 0, 0, 1]);
    expect(locate(flow.data, 'n5')?.path).toEqual([0, 0, 0, 1, 0]);
  });

  it('stays right over many changes, undone and redone, in the editor store', () => {
    const store = createEditorStore({ flow: sampleFlow(), now: () => 0, coalesceMs: 0 });
    const s = () => store.getState();
    // More changes than the index keeps as layers before it folds them into one.
    for (let i = 0; i < 40; i++) {
      const next = s().flow.data.children[0]?.children[0]?.children[0]?.id as string;
      expect(s().run(insertBetween('n3', next, 'play_audio'))).toBe(true);
      expect(s().run(renameNode('n5', `Team ${i}`))).toBe(true);
    }
    for (let i = 0; i < 25; i++) s().undo();
    for (let i = 0; i < 10; i++) s().redo();
    const paths = searchedPaths(s().flow.data);
    // Some of the inserts were undone and are gone; the rest are where a search finds them.
    expect(paths.size).toBeGreaterThan(6);
    expect(paths.size).toBeLessThan(6 + 40);
    for (const [id, path] of paths) expect(locate(s().flow.data, id)?.path).toEqual(path);
    expect(locate(s().flow.data, 'n46')).toBeNull();
  });
});
