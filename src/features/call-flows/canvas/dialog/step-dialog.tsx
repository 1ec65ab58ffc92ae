/** The frame every step dialog shares: the name field, Save and Cancel, and saving as one undo step. */
import { Button } from '@chakra-ui/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MAX_NAME_LENGTH, NODE_SPECS, renameNode, setArgs, type Command, type FlowNode } from '@portal/editor-core';
import { useCanvas } from '../canvas-context.ts';
import { Modal } from '../modal.tsx';
import { TextField } from './fields.tsx';

export interface StepFormProps {
  node: FlowNode;
  onClose: () => void;
}

/** Saves a dialog: its arg values (setArgs) and name (renameNode), checked first and run as one undo step. */
export function useSaveStep(node: FlowNode): (name: string, values: Record<string, unknown>) => boolean {
  const { store } = useCanvas();
  return (name, values) => {
    const { name: _name, ...args } = values;
    const commands: Command[] = [];
    if (Object.keys(args).length > 0) commands.push(setArgs(node.id, args));
    if (name !== node.name) commands.push(renameNode(node.id, name));
    const state = store.getState();
    if (!commands.every((command) => state.can(command))) return false;
    state.beginGesture();
    try {
      for (const command of commands) state.run(command);
    } finally {
      state.endGesture();
    }
    return true;
  };
}

interface StepDialogProps {
  node: FlowNode;
  name: string;
  onNameChange: (name: string) => void;
  nameMessages?: readonly string[];
  /** Runs on Save; answers whether the dialog may close (false keeps it open with its messages). */
  onSave: () => boolean | Promise<boolean>;
  onClose: () => void;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Whether Save is unavailable (a check is running). */
  busy?: boolean;
}

export function StepDialog({ node, name, onNameChange, nameMessages, onSave, onClose, children, size = 'md', busy }: StepDialogProps) {
  const formId = useId();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const label = NODE_SPECS[node.type].label;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setSaveError(null);
    try {
      const ok = await onSave();
      if (ok) onClose();
      else setSaveError('Please fix the fields marked above.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`${label}: ${node.name || 'settings'}`}
      onClose={onClose}
      size={size}
      footer={
        <>
          {saveError && (
            <span className="cf-error" role="alert">
              {saveError}
            </span>
          )}
          <Button type="button" variant="outline" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} size="sm" colorPalette="brand" loading={saving || busy} loadingText="Checking…">
            Save
          </Button>
        </>
      }
    >
      <form id={formId} className="cf-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Name" value={name} onChange={onNameChange} messages={nameMessages} maxLength={MAX_NAME_LENGTH} />
        {children}
      </form>
    </Modal>
  );
}
