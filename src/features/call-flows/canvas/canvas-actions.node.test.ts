import { describe, expect, it, vi } from 'vitest';

import { createEditorStore, insertBetween, locate, type EditorStore } from '@portal/editor-core';
import { sampleFlow } from '@portal/editor-core/testing';

import { createCanvasActions, togglePanel } from './canvas-actions.ts';
import { createCanvasController } from './canvas-controller.ts';
import { canvasShortcut, runCanvasShortcut } from './canvas-shortcuts.ts';
import type { LayoutWorker } from './layout-client.ts';
import { createStepDrag } from './step-drag.ts';

const idleWorker = (): LayoutWorker => ({ onmessage: null, postMessage: () => {}, terminate: () => {} });

/** Actions over the sample flow (n1 main number, n2 business hours, n3 in hours -> n5 transfer, n4 out of hours -> n6 voicemail). */
function setUp({ readOnly = false, under = null as string | null } = {}) {
  const store = createEditorStore({ flow: sampleFlow(), now: () => 0 });
  const controller = createCanvasController(store, { createWorker: idleWorker });
  const { ui } = controller;
  const stepDrag = createStepDrag(store, ui);
  const said: string[] = [];
  controller.announce = (text) => said.push(text);
  const revealed: string[] = [];
  const pointer = new EventTarget();
  const stepUnder = { id: under };
  const actions = createCanvasActions({
    store,
    ui,
    controller,
    stepDrag,
    readOnly,
    reveal: (id) => revealed.push(id),
    stepAt: () => stepUnder.id,
    pointerEvents: pointer,
  });
  return { store, ui, stepDrag, actions, said, revealed, pointer, stepUnder };
}

const parentOf = (store: EditorStore, id: string) => locate(store.getState().flow.data, id)?.ancestors.at(-1)?.id;
const pointerEvent = (type: string, x: number, y: number) => Object.assign(new Event(type), { clientX: x, clientY: y });

describe('canvas actions', () => {
  it('copies a step and pastes it on the end of a route, refusing a step that ends one, saying what it did', () => {
    const { store, ui, actions, said } = setUp();
    actions.copy('n3');
    expect(ui.getState().clipboard).toBeNull();
    expect(said.at(-1)).toBe('This step cannot be copied on its own.');
    actions.copy('n5');
    expect(ui.getState().clipboard?.type).toBe('transfer');
    expect(said.at(-1)).toMatch(/^Copied Transfer.*\. Select where it goes and press Ctrl\+V to paste\.$/);
    const flow = store.getState().flow;
    actions.paste('n6');
    expect(said.at(-1)).toMatch(/^The copied steps cannot go after Voicemail.*: paste them on the end of a route\.$/);
    expect(store.getState().flow).toBe(flow);
    actions.remove('n5');
    actions.paste('n3');
    expect(said.at(-1)).toMatch(/^Pasted Transfer after /);
    const pasted = store.getState().selection[0] as string;
    expect(parentOf(store, pasted)).toBe('n3');
  });

  it('says nothing is copied yet when pasting with an empty clipboard, and leaves the flow as it was', () => {
    const { store, actions, said } = setUp();
    const flow = store.getState().flow;
    actions.paste('n5');
    expect(said).toEqual(['Nothing is copied yet: select a step and press Ctrl+C first.']);
    expect(store.getState().flow).toBe(flow);
  });

  it('removes a step in one undo step, says so and moves the focus to what is selected after', () => {
    const { store, actions, said, revealed } = setUp();
    const before = store.temporal.getState().pastStates.length;
    actions.remove('n5');
    expect(locate(store.getState().flow.data, 'n5')).toBeNull();
    expect(said[0]).toMatch(/removed\.$/);
    expect(store.temporal.getState().pastStates.length).toBe(before + 1);
    expect(revealed.length).toBe(1);
  });

  it('cuts a step to move it, pastes it after another as a move, and Escape-style cancel forgets it', () => {
    const { store, ui, actions, said } = setUp();
    store.getState().run(insertBetween('n3', 'n5', 'dial_menu'));
    const menu = store.getState().selection[0] as string;
    actions.addKey(menu);
    const key2 = store.getState().selection[0] as string;
    expect(said.at(-1)).toMatch(/added\. Add a step after it for callers who press it\.$/);
    actions.cut('n5');
    expect(ui.getState().moving).toBe('n5');
    actions.paste(key2);
    expect(parentOf(store, 'n5')).toBe(key2);
    expect(ui.getState().moving).toBeNull();
    actions.cut('n5');
    expect(actions.cancelMove()).toBe(true);
    expect(said.at(-1)).toBe('Move cancelled.');
    expect(actions.cancelMove()).toBe(false);
  });

  it('a read-only canvas changes nothing and says why a step does not open', () => {
    const { store, ui, actions, said } = setUp({ readOnly: true });
    const flow = store.getState().flow;
    actions.remove('n5');
    actions.cut('n5');
    actions.openDialog('n5');
    actions.openPalette({ mode: 'append', parentId: 'n5' });
    expect(store.getState().flow).toBe(flow);
    expect(ui.getState()).toMatchObject({ moving: null, dialogNodeId: null, palette: null });
    expect(said).toEqual(['This is a saved version: it opens read-only. Restore it to edit it.']);
  });

  it('a press on a step listens to the pointer until it is released, and the drop moves the step', () => {
    const { store, actions, pointer, stepUnder, said } = setUp();
    store.getState().run(insertBetween('n3', 'n5', 'dial_menu'));
    const menu = store.getState().selection[0] as string;
    actions.addKey(menu);
    const key2 = store.getState().selection[0] as string;
    actions.pressStep('n5', 0, 0);
    stepUnder.id = key2;
    pointer.dispatchEvent(pointerEvent('pointermove', 50, 50));
    pointer.dispatchEvent(pointerEvent('pointerup', 50, 50));
    expect(parentOf(store, 'n5')).toBe(key2);
    expect(said.at(-1)).toMatch(/^Moved Transfer/);
    // The listeners are gone: a later release does nothing more.
    const flow = store.getState().flow;
    pointer.dispatchEvent(pointerEvent('pointerup', 0, 0));
    expect(store.getState().flow).toBe(flow);
  });

  it('one side panel at a time: opening one closes the other, pressing it again closes it', () => {
    expect(togglePanel(null, 'test')).toBe('test');
    expect(togglePanel('test', 'checks')).toBe('checks');
    expect(togglePanel('checks', 'checks')).toBeNull();
    expect(togglePanel('versions', 'test')).toBe('test');
  });
});

describe('canvas shortcuts', () => {
  const press = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });

  it('maps keys to shortcuts, Ctrl and Cmd alike', () => {
    expect(canvasShortcut(press('z', { ctrlKey: true }))).toBe('undo');
    expect(canvasShortcut(press('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(canvasShortcut(press('y', { ctrlKey: true }))).toBe('redo');
    expect(canvasShortcut(press('y', { metaKey: true }))).toBeNull();
    expect(canvasShortcut(press('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(canvasShortcut(press('Delete'))).toBe('remove');
    expect(canvasShortcut(press('Backspace'))).toBe('remove');
    expect(canvasShortcut(press('Delete', { ctrlKey: true }))).toBeNull();
    expect(canvasShortcut(press('c', { metaKey: true }))).toBe('copy');
    expect(canvasShortcut(press('x', { ctrlKey: true }))).toBe('cut');
    expect(canvasShortcut(press('v', { ctrlKey: true }))).toBe('paste');
    expect(canvasShortcut(press('Escape'))).toBe('escape');
    expect(canvasShortcut(press('c'))).toBeNull();
  });

  it('undo works from anywhere on the page; the step shortcuts only in the canvas and copy not over selected text', () => {
    const { store, ui, stepDrag, actions } = setUp();
    const deps = { store, ui, actions, stepDrag };
    store.getState().setSelection(['n5']);
    expect(runCanvasShortcut('remove', { inCanvas: false, textSelected: false }, deps)).toBe(false);
    expect(locate(store.getState().flow.data, 'n5')).not.toBeNull();
    expect(runCanvasShortcut('copy', { inCanvas: true, textSelected: true }, deps)).toBe(false);
    expect(ui.getState().clipboard).toBeNull();
    store.getState().setSelection(['n5']);
    expect(runCanvasShortcut('remove', { inCanvas: true, textSelected: false }, deps)).toBe(true);
    expect(locate(store.getState().flow.data, 'n5')).toBeNull();
    expect(runCanvasShortcut('undo', { inCanvas: false, textSelected: false }, deps)).toBe(true);
    expect(locate(store.getState().flow.data, 'n5')).not.toBeNull();
  });

  it('Escape cancels a drag first, then a cut step, and is left alone when neither is under way', () => {
    const { store, ui, stepDrag, actions } = setUp();
    const deps = { store, ui, actions, stepDrag };
    const place = { inCanvas: true, textSelected: false };
    expect(runCanvasShortcut('escape', place, deps)).toBe(false);
    actions.cut('n5');
    stepDrag.press('n6', 0, 0);
    const cancel = vi.spyOn(stepDrag, 'cancel');
    expect(runCanvasShortcut('escape', place, deps)).toBe(true);
    expect(cancel).toHaveBeenCalledOnce();
    expect(ui.getState().moving).toBe('n5');
    expect(runCanvasShortcut('escape', place, deps)).toBe(true);
    expect(ui.getState().moving).toBeNull();
  });
});
