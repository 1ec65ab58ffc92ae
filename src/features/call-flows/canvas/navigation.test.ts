import { describe, expect, it } from 'vitest';

import { insertNode, removeSubtree, type NodePosition } from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { neighbour, visualOrder } from './navigation.ts';

// n1 main_number -> n2 business_hours -> (n3 in_hours -> n5 transfer, n4 out_of_hours -> n6 voicemail)
const flow = sampleFlow();
const at = (x: number): NodePosition => ({ x, y: 0, width: 10, height: 10 });

describe('neighbour', () => {
  it('goes up to the parent and down to the first child', () => {
    expect(neighbour(flow.data, 'n5', 'ArrowUp')).toBe('n3');
    expect(neighbour(flow.data, 'n1', 'ArrowUp')).toBeNull();
    expect(neighbour(flow.data, 'n1', 'ArrowDown')).toBe('n2');
    expect(neighbour(flow.data, 'n2', 'ArrowDown')).toBe('n3');
    expect(neighbour(flow.data, 'n5', 'ArrowDown')).toBeNull();
  });

  it('moves between siblings left and right, stopping at the ends', () => {
    expect(neighbour(flow.data, 'n3', 'ArrowRight')).toBe('n4');
    expect(neighbour(flow.data, 'n4', 'ArrowLeft')).toBe('n3');
    expect(neighbour(flow.data, 'n4', 'ArrowRight')).toBeNull();
    expect(neighbour(flow.data, 'n1', 'ArrowLeft')).toBeNull();
  });

  it('follows the laid-out order when the layout put siblings the other way round', () => {
    const positions = { n3: at(500), n4: at(100) };
    expect(neighbour(flow.data, 'n2', 'ArrowDown', positions)).toBe('n4');
    expect(neighbour(flow.data, 'n4', 'ArrowRight', positions)).toBe('n3');
    expect(visualOrder(flow.data.children[0]!.children, { n3: at(1) }).map((n) => n.id)).toEqual(['n3', 'n4']);
  });

  it('in the layered arrangement (left to right), left is the step before, right the next, up and down the routes by y', () => {
    const side = (y: number): NodePosition => ({ x: 0, y, width: 10, height: 10 });
    const positions = { n3: side(400), n4: side(100) };
    expect(neighbour(flow.data, 'n5', 'ArrowLeft', {}, 'layered')).toBe('n3');
    expect(neighbour(flow.data, 'n1', 'ArrowLeft', {}, 'layered')).toBeNull();
    expect(neighbour(flow.data, 'n1', 'ArrowRight', {}, 'layered')).toBe('n2');
    // n4 is laid out above n3: the first child, and up from n3.
    expect(neighbour(flow.data, 'n2', 'ArrowRight', positions, 'layered')).toBe('n4');
    expect(neighbour(flow.data, 'n3', 'ArrowUp', positions, 'layered')).toBe('n4');
    expect(neighbour(flow.data, 'n3', 'ArrowDown', positions, 'layered')).toBeNull();
    expect(neighbour(flow.data, 'n4', 'ArrowDown', positions, 'layered')).toBe('n3');
    // Up and down never leave the siblings for the parent or a child.
    expect(neighbour(flow.data, 'n2', 'ArrowUp', positions, 'layered')).toBeNull();
    expect(neighbour(flow.data, 'n1', 'End', positions, 'layered')).toBe('n6');
  });

  it('Home goes to the main number and End down the route', () => {
    expect(neighbour(flow.data, 'n6', 'Home')).toBe('n1');
    expect(neighbour(flow.data, 'n1', 'Home')).toBeNull();
    expect(neighbour(flow.data, 'n1', 'End')).toBe('n5');
    expect(neighbour(flow.data, 'n4', 'End')).toBe('n6');
  });

  it('starts from the main number when the node is gone (removed by an undo)', () => {
    expect(neighbour(flow.data, 'gone', 'ArrowDown')).toBe('n1');
  });

  it('walks a dial menu key by key', () => {
    let menuFlow = apply(flow, removeSubtree('n5'))!.flow;
    menuFlow = apply(menuFlow, insertNode('n3', 'dial_menu'))!.flow;
    const menu = menuFlow.data.children[0]!.children[0]!.children[0]!;
    for (let i = 0; i < 3; i++) menuFlow = apply(menuFlow, insertNode(menu.id, 'dial_menu_key'))!.flow;
    const keys = menuFlow.data.children[0]!.children[0]!.children[0]!.children.map((k) => k.id);
    expect(neighbour(menuFlow.data, menu.id, 'ArrowDown')).toBe(keys[0]);
    expect(neighbour(menuFlow.data, keys[0]!, 'ArrowRight')).toBe(keys[1]);
    expect(neighbour(menuFlow.data, keys[2]!, 'ArrowUp')).toBe(menu.id);
  });
});
