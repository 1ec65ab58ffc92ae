/** The palette of step types: enabled ones add, insert or replace; the others are greyed out with the reason. */
import { useId, useMemo } from 'react';
import { useStore } from 'zustand';

import { NODE_SPECS } from '@portal/editor-core';

import { useCanvas } from './canvas-context.ts';
import { nodeIndex } from './graph.ts';
import { TypeIcon } from './icons.tsx';
import { Modal } from './modal.tsx';
import { paletteCommand, paletteEntries, type PaletteTarget } from './palette.ts';

function titleOf(target: PaletteTarget, name: (id: string) => string): string {
  switch (target.mode) {
    case 'append':
      return `Add a step after ${name(target.parentId)}`;
    case 'between':
      return `Insert a step before ${name(target.childId)}`;
    case 'replace':
      return `Replace ${name(target.nodeId)}`;
  }
}

export function PaletteDialog({ target }: { target: PaletteTarget }) {
  const { store, ui, actions } = useCanvas();
  const flow = useStore(store, (s) => s.flow);
  const limits = useStore(store, (s) => s.limits);
  const entries = useMemo(() => paletteEntries({ flow, limits }, target), [flow, limits, target]);
  const hintId = useId();
  const name = (id: string) => {
    const node = nodeIndex(flow.data).get(id)?.node;
    return node ? `${NODE_SPECS[node.type].label} “${node.name}”` : 'this step';
  };
  const close = () => ui.setState({ palette: null });

  const choose = (type: (typeof entries)[number]['type']) => {
    const state = store.getState();
    const command = paletteCommand(target, type);
    close();
    if (!state.run(command)) {
      actions.announce('That step cannot go there.');
      return;
    }
    const selected = store.getState().selection[0];
    const label = NODE_SPECS[type].label;
    if (selected) actions.focusNode(selected);
    actions.announce(
      target.mode === 'replace' ? `Replaced with ${label}.` : `${label} added. Press Enter to set it up.`,
    );
    // The new step usually needs setting up: open its dialog straight away for the types that have args to fill.
    if (
      selected &&
      target.mode !== 'replace' &&
      Object.keys(NODE_SPECS[type].args).some((arg) => arg !== 'name' && arg !== 'target_action_type')
    ) {
      actions.openDialog(selected);
    }
  };

  return (
    <Modal title={titleOf(target, name)} onClose={close} size="sm" describedBy={hintId}>
      <p id={hintId} className="cf-muted">
        Choose the kind of step. Greyed-out steps cannot go here; the reason is shown under each.
      </p>
      <ul className="cf-palette">
        {entries.map((entry) => {
          const reasonId = `${hintId}-${entry.type}`;
          return (
            <li key={entry.type}>
              <button
                type="button"
                className={`cf-palette-item cf-type-${entry.type}`}
                disabled={!entry.enabled}
                aria-label={entry.label}
                aria-describedby={reasonId}
                onClick={() => choose(entry.type)}
              >
                <span className="cf-node-icon">
                  <TypeIcon type={entry.type} />
                </span>
                <span className="cf-palette-text">
                  <span className="cf-palette-label">{entry.label}</span>
                  <span id={reasonId} className={entry.enabled ? 'cf-palette-description' : 'cf-palette-reason'}>
                    {entry.enabled ? entry.description : entry.reason}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
        {entries.length === 0 && <li className="cf-muted">No step can go here.</li>}
      </ul>
    </Modal>
  );
}
