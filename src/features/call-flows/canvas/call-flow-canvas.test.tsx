import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  check,
  createEditorStore,
  insertNode,
  MSG_ENABLE_TOOLTIP,
  removeNode,
  removeSubtree,
} from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { system } from '../../../config/theme.ts';
import { CallFlowCanvas } from './call-flow-canvas.tsx';
import { stubCanvasEnvironment } from './testing.ts';
import type { CallFlowCanvasServices } from './types.ts';

const services: CallFlowCanvasServices = {
  siteUsers: [{ id: 1, first_name: 'Alice', last_name: 'Smith', email: 'a@example.co.uk', extension: '201' }],
  audioFiles: [],
  fetchAudio: async () => new Blob(),
  isUkPhoneNumber: async () => true,
};

beforeAll(() => {
  stubCanvasEnvironment();
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

async function renderCanvas(flow = sampleFlow(), withServices = services) {
  const store = createEditorStore({ flow });
  const painted = vi.fn();
  const canvas = (current: typeof services) => (
    <ChakraProvider value={system}>
      <div style={{ height: 800 }}>
        <CallFlowCanvas store={store} services={current} onLayoutPainted={painted} />
      </div>
    </ChakraProvider>
  );
  const { rerender } = render(canvas(withServices));
  await screen.findByRole('button', { name: 'Main number: Main number' });
  /** The same canvas given other services (the page's users or holidays reloaded). */
  const withOtherServices = (next: typeof services) => rerender(canvas(next));
  return { store, painted, withOtherServices };
}

describe('CallFlowCanvas', () => {
  it('shows each step as a named button inside the labelled canvas region', async () => {
    await renderCanvas();
    const region = screen.getByRole('region', { name: 'Call flow canvas' });
    for (const name of [
      'Main number: Main number',
      'Business hours: Business hours',
      'In hours: In hours',
      'Out of hours: Out of hours',
      'Transfer: Transfer',
      'Voicemail: Voicemail',
    ]) {
      expect(within(region).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('paints unfinished steps red with the reason', async () => {
    let flow = apply(sampleFlow(), removeSubtree('n5'))!.flow;
    flow = apply(flow, insertNode('n3', 'divert_to_external'))!.flow;
    await renderCanvas(flow);
    const divert = screen.getByRole('button', { name: 'Divert to external: Divert to external' });
    expect(divert.closest('.cf-node')).toHaveClass('cf-invalid');
    expect(divert).toHaveAccessibleDescription(expect.stringContaining(MSG_ENABLE_TOOLTIP));
    expect(divert).toHaveAccessibleDescription(expect.stringContaining('Enter the UK phone number to divert calls to'));
    expect(screen.getByRole('button', { name: 'Voicemail: Voicemail' }).closest('.cf-node')).not.toHaveClass(
      'cf-invalid',
    );
  });

  it('moves focus with the arrow keys and opens a dialog with Enter', async () => {
    await renderCanvas();
    const main = screen.getByRole('button', { name: 'Main number: Main number' });
    expect(main.tabIndex).toBe(0);
    act(() => main.focus());
    fireEvent.keyDown(main, { key: 'ArrowDown' });
    const hours = screen.getByRole('button', { name: 'Business hours: Business hours' });
    expect(hours).toHaveFocus();
    expect(hours.tabIndex).toBe(0);
    expect(main.tabIndex).toBe(-1);
    fireEvent.keyDown(hours, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toHaveAttribute('aria-label', 'Out of hours: Out of hours');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Voicemail: Voicemail' });
    expect(within(dialog).getByLabelText('Name')).toBeInTheDocument();
  });

  it('deletes the selected step with the Delete key and undoes it with Ctrl+Z', async () => {
    const { store } = await renderCanvas();
    const transfer = screen.getByRole('button', { name: 'Transfer: Transfer' });
    act(() => transfer.focus());
    fireEvent.keyDown(transfer, { key: 'Delete' });
    expect(screen.queryByRole('button', { name: 'Transfer: Transfer' })).not.toBeInTheDocument();
    expect(store.getState().problems.some((p) => p.nodeId === 'n3')).toBe(true);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'z', ctrlKey: true });
    expect(await screen.findByRole('button', { name: 'Transfer: Transfer' })).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'y', ctrlKey: true });
    expect(screen.queryByRole('button', { name: 'Transfer: Transfer' })).not.toBeInTheDocument();
  });

  it('adds a step on a route end from the palette, as one undo step', async () => {
    const { store } = await renderCanvas(apply(sampleFlow(), removeSubtree('n6'))!.flow);
    fireEvent.click(screen.getByRole('button', { name: 'Add a step after Out of hours: Out of hours' }));
    const palette = await screen.findByRole('dialog', { name: 'Add a step after Out of hours “Out of hours”' });
    const repeat = within(palette).getByRole('button', { name: 'Repeat menu' });
    expect(repeat).toBeDisabled();
    expect(repeat).toHaveAccessibleDescription('Only inside a Dial menu');
    fireEvent.click(within(palette).getByRole('button', { name: 'Voicemail' }));
    expect(await screen.findByRole('button', { name: 'Voicemail: Voicemail' })).toBeInTheDocument();
    expect(store.temporal.getState().pastStates).toHaveLength(1);
  });

  it("says why a step is refused in editor-core's words: the palette entry and a step that can never be removed", async () => {
    const flow = apply(sampleFlow(), removeSubtree('n6'))!.flow;
    const { store } = await renderCanvas(flow);
    const said = () =>
      screen.getByRole('region', { name: 'Call flow canvas' }).querySelector('[aria-live="polite"]')?.textContent;

    const inHours = screen.getByRole('button', { name: 'In hours: In hours' });
    act(() => inHours.focus());
    fireEvent.keyDown(inHours, { key: 'Delete' });
    const refusal = check(removeNode('n3'), { flow });
    expect(refusal).toMatchObject({ code: 'fixed_route' });
    expect(said()).toBe(refusal !== true && refusal.reason);
    expect(store.getState().flow).toBe(flow);

    fireEvent.click(screen.getByRole('button', { name: 'Add a step after Out of hours: Out of hours' }));
    const palette = await screen.findByRole('dialog', { name: 'Add a step after Out of hours “Out of hours”' });
    const repeat = within(palette).getByRole('button', { name: 'Repeat menu' });
    const paletteRefusal = check(insertNode('n4', 'repeat_menu'), { flow });
    expect(paletteRefusal).toMatchObject({ code: 'needs_ancestor' });
    expect(document.getElementById(repeat.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      paletteRefusal !== true && paletteRefusal.reason,
    );
  });

  it('lists the coverage warnings in the checks panel, and a fix runs as one undoable edit', async () => {
    // The sample transfer rings extension 200, which none of the site's users has.
    const { store } = await renderCanvas();
    // The checks follow the canvas's first paint.
    fireEvent.click(await screen.findByRole('button', { name: 'Checks: 1 warning' }));
    const panel = screen.getByRole('region', { name: 'Checks' });
    expect(
      within(panel).getByText('Transfer rings extension 200, which no user of this phone system has any more.'),
    ).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove extension 200 from Transfer' }));
    expect(store.getState().flow.data.children[0]?.children[0]?.children[0]?.args.target?.value).toEqual([]);
    // The checks follow the edit once it is painted.
    expect(await within(panel).findByText('No warnings.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Checks: no warnings' })).toHaveAttribute('aria-pressed', 'true');
    act(() => store.getState().undo());
    expect(
      await within(panel).findByText('Transfer rings extension 200, which no user of this phone system has any more.'),
    ).toBeInTheDocument();
  });

  it('warns about a transfer whose people have no phone or app, from the site answer', async () => {
    // The sample transfer rings extension 200: Bea has it, and the server says no phone or app of hers can ring.
    const bea = {
      id: 2,
      first_name: 'Bea',
      last_name: 'Jones',
      email: 'b@example.co.uk',
      extension: '200',
      has_phone_or_app: false,
    };
    const { withOtherServices } = await renderCanvas(sampleFlow(), {
      ...services,
      siteUsers: [...services.siteUsers, bea],
    });
    // The checks follow the canvas's first paint.
    fireEvent.click(await screen.findByRole('button', { name: 'Checks: 1 warning' }));
    const panel = screen.getByRole('region', { name: 'Checks' });
    expect(
      within(panel).getByText(/reach no one: Transfer rings Bea Jones, who has no phone or app, so /),
    ).toBeInTheDocument();
    // Bea gets the app (the site answer reloaded): the checks follow without an edit.
    withOtherServices({ ...services, siteUsers: [...services.siteUsers, { ...bea, has_phone_or_app: true }] });
    expect(await within(panel).findByText('No warnings.')).toBeInTheDocument();
  });

  it('undo and redo work from the page around the canvas (an editor bar button), not in its text fields', async () => {
    const store = createEditorStore({ flow: sampleFlow() });
    render(
      <ChakraProvider value={system}>
        <button type="button">Save &amp; Enable</button>
        <input aria-label="Call flow name" defaultValue="Sales" />
        <div style={{ height: 800 }}>
          <CallFlowCanvas store={store} services={services} />
        </div>
      </ChakraProvider>,
    );
    await screen.findByRole('button', { name: 'Main number: Main number' });
    act(() => void store.getState().run(removeNode('n6')));
    const bar = screen.getByRole('button', { name: 'Save & Enable' });
    act(() => bar.focus());
    fireEvent.keyDown(bar, { key: 'z', ctrlKey: true });
    expect(await screen.findByRole('button', { name: 'Voicemail: Voicemail' })).toBeInTheDocument();
    expect(bar).toHaveFocus();
    fireEvent.keyDown(bar, { key: 'Z', metaKey: true, shiftKey: true });
    expect(screen.queryByRole('button', { name: 'Voicemail: Voicemail' })).not.toBeInTheDocument();
    // The name field keeps its own typing undo: the flow is not touched.
    const name = screen.getByRole('textbox', { name: 'Call flow name' });
    fireEvent.keyDown(name, { key: 'z', ctrlKey: true });
    expect(store.getState().canRedo()).toBe(false);
    expect(screen.queryByRole('button', { name: 'Voicemail: Voicemail' })).not.toBeInTheDocument();
  });

  it('moves a step by keyboard: Ctrl+X, then Ctrl+V on the step it goes after; a refused paste keeps it cut, Escape cancels, one undo step', async () => {
    const { store } = await renderCanvas(apply(sampleFlow(), removeSubtree('n6'))!.flow);
    const region = screen.getByRole('region', { name: 'Call flow canvas' });
    const said = () => region.querySelector('[aria-live="polite"]')?.textContent;
    const transfer = screen.getByRole('button', { name: 'Transfer: Transfer' });
    act(() => transfer.focus());
    fireEvent.keyDown(transfer, { key: 'x', ctrlKey: true });
    expect(said()).toMatch(
      /^Cut Transfer: Transfer to move\. Select the step it goes after and press Ctrl\+V; Escape cancels\.$/,
    );
    expect(transfer.closest('.cf-node')).toHaveClass('cf-moving');
    expect(screen.getByRole('button', { name: 'Move the cut step after the selected step' })).toBeDisabled();

    // Onto the business hours step: refused, nothing changes, the reason is said and shown.
    const flow = store.getState().flow;
    fireEvent.keyDown(transfer, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement).toHaveAttribute('aria-label', 'Business hours: Business hours');
    fireEvent.keyDown(document.activeElement as Element, { key: 'v', ctrlKey: true });
    expect(store.getState().flow).toBe(flow);
    expect(said()).toMatch(/^Transfer: Transfer cannot go after Business hours: Business hours: /);
    expect(region.querySelector('.cf-move-notice')).toHaveTextContent(said() as string);

    // Onto out of hours, which has no step yet: moved, as one undo step.
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toHaveAttribute('aria-label', 'Out of hours: Out of hours');
    fireEvent.keyDown(document.activeElement as Element, { key: 'v', ctrlKey: true });
    expect(said()).toBe('Moved Transfer: Transfer after Out of hours: Out of hours.');
    expect(store.getState().flow.data.children[0]?.children[1]?.children[0]?.id).toBe('n5');
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Transfer: Transfer' }).closest('.cf-node')).not.toHaveClass('cf-moving');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'z', ctrlKey: true });
    expect(store.getState().flow.data.children[0]?.children[0]?.children[0]?.id).toBe('n5');

    // Escape cancels a cut.
    const again = screen.getByRole('button', { name: 'Transfer: Transfer' });
    act(() => again.focus());
    fireEvent.keyDown(again, { key: 'x', ctrlKey: true });
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(said()).toBe('Move cancelled.');
    expect(again.closest('.cf-node')).not.toHaveClass('cf-moving');
  });
});
