/** The frame every step dialog shares: the name field, Save and Cancel, and saving as one undo step. */
import { Button } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

import {
  chain,
  MAX_NAME_LENGTH,
  NODE_SPECS,
  renameNode,
  setArgs,
  type Command,
  type FlowNode,
} from '@portal/editor-core';

import { FormAlert } from '../../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../../components/form/submit-button.tsx';
import { useCanvas } from '../canvas-context.ts';
import { Modal } from '../modal.tsx';
import { TextField } from './fields.tsx';

export interface StepFormProps {
  node: FlowNode;
  onClose: () => void;
}

/** What a dialog's Save comes to: closed (true), fields marked (false), or a refusal in words for no field. */
export type SaveOutcome = boolean | string;

/**
 * Saves a dialog: its arg values (setArgs) and name (renameNode) as one chain, one undo step that applies all or
 * none. A command editor-core refuses answers its reason, and nothing is run.
 */
export function useSaveStep(node: FlowNode): (name: string, values: Record<string, unknown>) => true | string {
  const { store } = useCanvas();
  return (name, values) => {
    const { name: _name, ...args } = values;
    const commands: Command[] = [];
    if (Object.keys(args).length > 0) commands.push(setArgs(node.id, args));
    if (name !== node.name) commands.push(renameNode(node.id, name));
    const save = chain(...commands);
    const state = store.getState();
    const answer = state.check(save);
    if (answer !== true) return answer.reason;
    state.run(save);
    return true;
  };
}

interface StepDialogProps {
  node: FlowNode;
  name: string;
  onNameChange: (name: string) => void;
  nameMessages?: readonly string[] | undefined;
  /** Runs on Save; answers whether the dialog may close (false or a refusal keeps it open with its messages). */
  onSave: () => SaveOutcome | Promise<SaveOutcome>;
  onClose: () => void;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * The frame of every step dialog, a submit-style form on the shared pieces: the fields in the
 * shared field shell, Save a SubmitButton (busy while a check runs, a second Save refused), and
 * a failed Save focusing the first field in error, or showing a refusal for no field in FormAlert.
 * Its values are the step's draft (lists, opening hours, ticks), checked by editor-core, not the
 * string fields of `useForm`; what Save runs is one editor-core gesture, so one undo step.
 */
export function StepDialog({
  node,
  name,
  onNameChange,
  nameMessages,
  onSave,
  onClose,
  children,
  size = 'md',
}: StepDialogProps) {
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A ref as well as state: two submits in one frame see it at once.
  const sending = useRef(false);
  // Bumped on each failed Save so the focus moves again, after the messages have rendered.
  const [attempt, setAttempt] = useState(0);
  const label = NODE_SPECS[node.type].label;

  useEffect(() => {
    if (attempt === 0) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? alert.current)?.focus();
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setSaving(true);
    setSaveError(null);
    try {
      const outcome = await onSave();
      if (outcome === true) {
        onClose();
        return;
      }
      if (typeof outcome === 'string') setSaveError(outcome);
      setAttempt((n) => n + 1);
    } finally {
      sending.current = false;
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
          <Button type="button" variant="outline" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton form={formId} size="sm" align="row" pending={saving} pendingText="Checking…">
            Save
          </SubmitButton>
        </>
      }
    >
      <form id={formId} ref={form} className="cf-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={onNameChange}
          messages={nameMessages}
          maxLength={MAX_NAME_LENGTH}
        />
        {children}
        <FormAlert ref={alert} message={saveError} />
      </form>
    </Modal>
  );
}
