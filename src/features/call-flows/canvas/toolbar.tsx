/** The canvas toolbar: undo and redo, what can be done to the selected step, the problems, the test call. */
import type { ReactNode } from 'react';
import { useStore } from 'zustand';

import {
  moveNode,
  NODE_SPECS,
  pasteSubtree,
  removeNode,
  ROUTE_STEP_TYPES,
  type Arrangement,
  type NodeType,
} from '@portal/editor-core';

import type { CanvasPanel } from './canvas-actions.ts';
import { useCanvas } from './canvas-context.ts';
import { problemsByNode } from './canvas-controller.ts';
import { useCoverageWarnings } from './checks-panel.tsx';
import { nodeIndex } from './graph.ts';
import { ActionIcon, type ActionIconName } from './icons.tsx';
import { NOT_COPYABLE } from './palette.ts';

/**
 * A toolbar button: Chakra's extra-small button (ghost; subtle when pressed) drawn by the canvas's own CSS
 * (canvas.css), as its steps are, so the canvas renders no Chakra component before its first paint.
 */
function ToolButton({
  icon,
  label,
  onClick,
  disabled,
  shortcut,
  pressed,
  children,
}: {
  icon: ActionIconName;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  shortcut?: string;
  pressed?: boolean;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      className="cf-tool"
      aria-label={label}
      aria-keyshortcuts={shortcut}
      aria-pressed={pressed}
      title={shortcut ? `${label} (${shortcut.replace('Control', 'Ctrl')})` : label}
      disabled={disabled}
      onClick={onClick}
    >
      <ActionIcon name={icon} />
      <span className="cf-tool-text">{children ?? label}</span>
    </button>
  );
}

interface ToolbarProps {
  /** The side panel open (one at a time). */
  openPanel: CanvasPanel | null;
  onTogglePanel: (panel: CanvasPanel) => void;
  /** The page offers versions (not for a flow not saved yet). */
  versionsOffered: boolean;
  mapOpen: boolean;
  onToggleMap: () => void;
  mobile: boolean;
  onNextProblem: () => void;
  /** The versions panel is shown. */
  versionsOpen: boolean;
  /** A saved version is shown: only the viewing tools. */
  readOnly: boolean;
  arrangement: Arrangement;
  onArrangementChange: (arrangement: Arrangement) => void;
}

export function Toolbar({
  openPanel,
  onTogglePanel,
  versionsOffered,
  mapOpen,
  onToggleMap,
  mobile,
  onNextProblem,
  versionsOpen,
  readOnly,
  arrangement,
  onArrangementChange,
}: ToolbarProps) {
  const { store, ui, actions } = useCanvas();
  const canUndo = useStore(store.temporal, (s) => s.pastStates.length > 0);
  const canRedo = useStore(store.temporal, (s) => s.futureStates.length > 0);
  const selectedId = useStore(store, (s) => s.selection[0] ?? null);
  const selected = useStore(store, (s) => (selectedId ? nodeIndex(s.flow.data).get(selectedId)?.node : undefined));
  const canDelete = useStore(store, (s) => selectedId !== null && s.can(removeNode(selectedId)));
  const clipboard = useStore(ui, (s) => s.clipboard);
  const moving = useStore(ui, (s) => s.moving);
  const canPaste = useStore(
    store,
    (s) =>
      selectedId !== null &&
      (moving !== null
        ? moving !== selectedId && s.can(moveNode(moving, selectedId))
        : clipboard !== null && s.can(pasteSubtree(clipboard, selectedId))),
  );
  const toFix = useStore(store, (s) => problemsByNode(s.problems).size);
  const layoutBusy = useStore(ui, (s) => s.layoutBusy && !s.waitingForLayout);
  const warningCount = useCoverageWarnings().warnings.length;

  const spec = selected ? NODE_SPECS[selected.type] : null;
  const canAdd = !!selected && !!spec && selected.children.length < spec.maxChildren && !spec.endsRoute;
  const canReplace = !!selected && (ROUTE_STEP_TYPES as readonly NodeType[]).includes(selected.type);
  const name = selected ? `${spec?.label}: ${selected.name}` : '';

  return (
    <div className="cf-toolbar" role="toolbar" aria-label="Call flow tools">
      {!readOnly && (
        <>
          <div className="cf-tool-group">
            <ToolButton
              icon="undo"
              label="Undo"
              shortcut="Control+Z"
              disabled={!canUndo}
              onClick={() => store.getState().undo()}
            />
            <ToolButton
              icon="redo"
              label="Redo"
              shortcut="Control+Shift+Z"
              disabled={!canRedo}
              onClick={() => store.getState().redo()}
            />
          </div>
          <div
            className="cf-tool-group"
            aria-label={selected ? `Selected step: ${name}` : 'No step selected'}
            role="group"
          >
            <ToolButton
              icon="edit"
              label={selected ? `Edit ${name}` : 'Edit step'}
              shortcut="Enter"
              disabled={!selected}
              onClick={() => selected && actions.openDialog(selected.id)}
            >
              Edit
            </ToolButton>
            <ToolButton
              icon="add"
              label={selected?.type === 'dial_menu' ? 'Add a key' : 'Add a step after'}
              disabled={!canAdd}
              onClick={() => {
                if (!selected) return;
                if (selected.type === 'dial_menu') actions.addKey(selected.id);
                else actions.openPalette({ mode: 'append', parentId: selected.id });
              }}
            >
              Add
            </ToolButton>
            <ToolButton
              icon="replace"
              label={selected ? `Replace ${name}` : 'Replace step'}
              disabled={!canReplace}
              onClick={() => selected && actions.openPalette({ mode: 'replace', nodeId: selected.id })}
            >
              Replace
            </ToolButton>
            <ToolButton
              icon="remove"
              label={selected ? `Delete ${name}` : 'Delete step'}
              shortcut="Delete"
              disabled={!canDelete}
              onClick={() => selected && actions.remove(selected.id)}
            >
              Delete
            </ToolButton>
            <ToolButton
              icon="copy"
              label={selected ? `Copy ${name} and the steps after it` : 'Copy steps'}
              shortcut="Control+C"
              disabled={!selected || NOT_COPYABLE.has(selected.type)}
              onClick={() => selected && actions.copy(selected.id)}
            >
              Copy
            </ToolButton>
            <ToolButton
              icon="cut"
              label={selected ? `Cut ${name} to move it` : 'Cut to move'}
              shortcut="Control+X"
              disabled={!selected || NOT_COPYABLE.has(selected.type)}
              onClick={() => selected && actions.cut(selected.id)}
            >
              Cut
            </ToolButton>
            <ToolButton
              icon="paste"
              label={moving !== null ? 'Move the cut step after the selected step' : 'Paste after the selected step'}
              shortcut="Control+V"
              disabled={!canPaste}
              onClick={() => selectedId && actions.paste(selectedId)}
            >
              {moving !== null ? 'Move here' : 'Paste'}
            </ToolButton>
          </div>
        </>
      )}
      <div className="cf-tool-group cf-tool-group-end">
        {layoutBusy && (
          <span className="cf-status" role="status">
            Arranging…
          </span>
        )}
        {toFix > 0 && (
          <ToolButton
            icon="problem"
            label={`${toFix} to fix: ${toFix === 1 ? 'a step needs' : 'steps need'} attention, go to the next`}
            onClick={onNextProblem}
          >
            {toFix} to fix
          </ToolButton>
        )}
        {mobile && <ToolButton icon="map" label="Mini map" pressed={mapOpen} onClick={onToggleMap} />}
        <ToolButton
          icon="arrange"
          label="Arrange left to right"
          pressed={arrangement === 'layered'}
          onClick={() => onArrangementChange(arrangement === 'layered' ? 'tree' : 'layered')}
        >
          Left to right
        </ToolButton>
        <ToolButton
          icon="problem"
          label={
            warningCount === 0
              ? 'Checks: no warnings'
              : `Checks: ${warningCount} ${warningCount === 1 ? 'warning' : 'warnings'}`
          }
          pressed={openPanel === 'checks'}
          onClick={() => onTogglePanel('checks')}
        >
          {warningCount === 0 ? 'Checks' : `Checks (${warningCount})`}
        </ToolButton>
        <ToolButton
          icon="phone"
          label="Test call"
          pressed={openPanel === 'test'}
          onClick={() => onTogglePanel('test')}
        />
        {versionsOffered && (
          <ToolButton
            icon="history"
            label="Versions"
            pressed={versionsOpen}
            onClick={() => onTogglePanel('versions')}
          />
        )}
      </div>
    </div>
  );
}
