import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  argValue,
  createEditorStore,
  insertNode,
  removeSubtree,
  type CallFlow,
  type FlowNode,
} from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { system } from '../../../../config/theme.ts';
import { CallFlowCanvas } from '../call-flow-canvas.tsx';
import { stubCanvasEnvironment } from '../testing.ts';
import type { CallFlowCanvasServices } from '../types.ts';

// The step dialogs are forms on the shared pieces: the field shell shows each message, Save is the shared submit button.

beforeAll(() => {
  stubCanvasEnvironment();
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const isUkPhoneNumber = vi.fn(async (_number: string) => true);
const services: CallFlowCanvasServices = {
  siteUsers: [{ id: 1, first_name: 'Alice', last_name: 'Smith', email: 'a@example.co.uk', extension: '201' }],
  audioFiles: [],
  fetchAudio: async () => new Blob(),
  isUkPhoneNumber: (number) => isUkPhoneNumber(number),
};

/** The texts a control is described by (its hint and message), as a screen reader reads them. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function openDialog(flow: CallFlow, step: string, more: Partial<CallFlowCanvasServices> = {}) {
  const store = createEditorStore({ flow });
  render(
    <ChakraProvider value={system}>
      <div style={{ height: 800 }}>
        <CallFlowCanvas store={store} services={{ ...services, ...more }} />
      </div>
    </ChakraProvider>,
  );
  const node = await screen.findByRole('button', { name: step });
  act(() => node.focus());
  fireEvent.keyDown(node, { key: 'Enter' });
  const dialog = await screen.findByRole('dialog', { name: step });
  return { store, dialog, save: within(dialog).getByRole('button', { name: 'Save' }) };
}

const findStep = (node: FlowNode, type: FlowNode['type']): FlowNode | undefined =>
  node.type === type ? node : node.children.map((child) => findStep(child, type)).find((each) => each !== undefined);
const findDivert = (flow: FlowNode) => findStep(flow, 'divert_to_external')!;

const withDivert = () =>
  apply(apply(sampleFlow(), removeSubtree('n5'))!.flow, insertNode('n3', 'divert_to_external'))!.flow;

describe('the step dialogs', () => {
  it('shows a number that is not a UK one on its field, focused, and saves nothing', async () => {
    const { store, dialog, save } = await openDialog(withDivert(), 'Divert to external: Divert to external');
    const number = within(dialog).getByRole('textbox', { name: 'UK phone number to divert to' });
    fireEvent.change(number, { target: { value: '12345' } });
    await act(async () => fireEvent.click(save));
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(description(number)).toBe(
      'Calls are sent on to this number; we check it is a UK number before saving. Error: Enter a UK phone number, like 01632 960123 or +44 20 7946 0000',
    );
    expect(document.activeElement).toBe(number);
    expect(store.getState().canUndo()).toBe(false);
    expect(isUkPhoneNumber).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of a number on the field, then saves a number it accepts as one undo step", async () => {
    const { store, dialog, save } = await openDialog(withDivert(), 'Divert to external: Divert to external');
    const number = within(dialog).getByRole('textbox', { name: 'UK phone number to divert to' });
    fireEvent.change(number, { target: { value: '01632 960123' } });
    isUkPhoneNumber.mockResolvedValueOnce(false);
    await act(async () => fireEvent.click(save));
    expect(description(number)).toContain(
      'Error: This number cannot be used: calls can only be diverted to UK phone numbers.',
    );
    expect(document.activeElement).toBe(number);
    expect((number as HTMLInputElement).value).toBe('01632 960123');

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Out of hours line' } });
    await act(async () => fireEvent.click(save));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const divert = findDivert(store.getState().flow.data);
    expect(divert.name).toBe('Out of hours line');
    expect(argValue(divert, 'target', 'phone_number')).toBe('01632 960123');
    // The name and the number were one edit: one undo takes both back.
    store.getState().undo();
    const undone = findDivert(store.getState().flow.data);
    expect([undone.name, argValue(undone, 'target', 'phone_number')]).toEqual(['Divert to external', '']);
    expect(store.getState().canUndo()).toBe(false);
  });

  it('marks a ring time that is not a number of seconds and focuses it', async () => {
    const { store, dialog, save } = await openDialog(sampleFlow(), 'Transfer: Transfer');
    const ring = within(dialog).getByRole('textbox', { name: 'Ring time per person (seconds)' });
    fireEvent.change(ring, { target: { value: 'soon' } });
    await act(async () => fireEvent.click(save));
    expect(ring.getAttribute('aria-invalid')).toBe('true');
    expect(description(ring)).toContain('Error: Enter the ring time as a number of seconds, like 20');
    expect(document.activeElement).toBe(ring);
    expect(store.getState().canUndo()).toBe(false);
  });

  it("shows editor-core's refusal for no field in the dialog's alert and keeps what was typed", async () => {
    const { dialog, save } = await openDialog(sampleFlow(), 'Voicemail: Voicemail');
    const name = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    // maxLength stops typing past the limit; a pasted or scripted value still meets editor-core's rule.
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    await act(async () => fireEvent.click(save));
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe('A name can be at most 100 characters');
    expect(name.value).toHaveLength(101);
    expect(within(dialog).getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBe('false');
  });

  it("describes a group of ticks by editor-core's message for it", async () => {
    const { dialog } = await openDialog(sampleFlow(), 'Main number: Main number', {
      siteNumbers: ['02079460000', '01632960123'],
    });
    const group = within(dialog).getByRole('group', { name: 'Numbers calls come in on' });
    expect(group.getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(within(group).getByRole('checkbox', { name: '+442079460000' }));
    expect(description(group)).toBe('Error: Choose at least one number that calls to this flow come in on');
    fireEvent.click(within(group).getByRole('checkbox', { name: '+441632960123' }));
    expect(group.getAttribute('aria-describedby')).toBeNull();
  });
});
