/** Dialogs of the steps with one main setting: divert number, voicemail box, audio file, menu key, main number. */
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';

import { callFlowMessages } from '@portal/contract';
import { DIAL_KEYS, displayPhone, isUkPhoneNumber, type FlowNode } from '@portal/editor-core';

import { draftProblems, parseList, simpleDraft, simpleValues, withArgValues, type SimpleDraft } from '../arg-forms.ts';
import { useCanvas } from '../canvas-context.ts';
import { nodeIndex } from '../graph.ts';
import { userExtension, userName } from '../summary.ts';
import { AudioSelectField, CheckboxField, FieldGroup, SelectField, TextField, useAudioChoices } from './fields.tsx';
import { StepDialog, useSaveStep, type StepFormProps } from './step-dialog.tsx';

/** Message when the server's check refuses the number. */
export const MSG_SERVER_REFUSED = 'This number cannot be used: calls can only be diverted to UK phone numbers.';
/** Message when the server's check cannot be reached. */
export const MSG_CHECK_FAILED = 'The number could not be checked just now. Please try again.';

function useSimpleDraft(node: FlowNode) {
  const [draft, setDraft] = useState<SimpleDraft>(() => simpleDraft(node));
  const problems = useMemo(() => {
    const result = simpleValues(node, draft);
    return result.ok ? draftProblems(withArgValues(node, result.values, draft.name)) : new Map<string, string[]>();
  }, [node, draft]);
  return { draft, setDraft, problems, update: (patch: Partial<SimpleDraft>) => setDraft((d) => ({ ...d, ...patch })) };
}

export function NameOnlyForm({ node, onClose }: StepFormProps) {
  const { draft, problems, update } = useSimpleDraft(node);
  const save = useSaveStep(node);
  const onSave = () => {
    const result = simpleValues(node, draft);
    return result.ok && save(draft.name, result.values);
  };
  return (
    <StepDialog
      node={node}
      name={draft.name}
      onNameChange={(name) => update({ name })}
      nameMessages={problems.get('name')}
      onSave={onSave}
      onClose={onClose}
      size="sm"
    />
  );
}

export function DivertForm({ node, onClose }: StepFormProps) {
  const { services } = useCanvas();
  const { draft, problems, update } = useSimpleDraft(node);
  const save = useSaveStep(node);
  const [touched, setTouched] = useState(false);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const number = draft.value.trim();
  const localOk = number === '' || isUkPhoneNumber(number);
  const messages = [
    ...(touched && !localOk ? [callFlowMessages.notUkNumber] : []),
    ...(serverMessage ? [serverMessage] : []),
  ];

  const onSave = async () => {
    setTouched(true);
    setServerMessage(null);
    if (!localOk) return false;
    // The server has the last word on the number: its refusal lands on the field.
    if (number !== '') {
      try {
        if (!(await services().isUkPhoneNumber(number))) {
          setServerMessage(MSG_SERVER_REFUSED);
          return false;
        }
      } catch {
        setServerMessage(MSG_CHECK_FAILED);
        return false;
      }
    }
    const result = simpleValues(node, draft);
    return result.ok && save(draft.name, result.values);
  };

  return (
    <StepDialog
      node={node}
      name={draft.name}
      onNameChange={(name) => update({ name })}
      nameMessages={problems.get('name')}
      onSave={onSave}
      onClose={onClose}
    >
      <TextField
        label="UK phone number to divert to"
        type="tel"
        inputMode="tel"
        value={draft.value}
        hint="Calls are sent on to this number; we check it is a UK number before saving."
        onChange={(value) => {
          update({ value });
          setServerMessage(null);
        }}
        onBlur={() => setTouched(true)}
        messages={messages.length > 0 ? messages : touched ? problems.get('target') : undefined}
      />
    </StepDialog>
  );
}

/** A site user's extension, or another typed in. */
function ExtensionPicker({
  label,
  value,
  onChange,
  messages,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  messages?: readonly string[];
}) {
  const { services } = useCanvas();
  const users = services().siteUsers.filter((u) => userExtension(u) !== null);
  const listed = users.some((u) => userExtension(u) === value);
  const [other, setOther] = useState(!listed);
  const options = [
    ...users.map((u) => ({
      value: userExtension(u) as string,
      label: `${userName(u)} · ext ${userExtension(u) as string}`,
    })),
    { value: '__other', label: 'Another extension…' },
  ];
  return (
    <>
      <SelectField
        label={label}
        value={other ? '__other' : value}
        options={options}
        onChange={(choice) => {
          if (choice === '__other') setOther(true);
          else {
            setOther(false);
            onChange(choice);
          }
        }}
        messages={other ? undefined : messages}
      />
      {other && (
        <TextField
          label="Extension"
          value={value}
          inputMode="numeric"
          width="short"
          onChange={onChange}
          messages={messages}
        />
      )}
    </>
  );
}

export function VoicemailForm({ node, onClose }: StepFormProps) {
  const { draft, problems, update } = useSimpleDraft(node);
  const save = useSaveStep(node);
  const onSave = () => {
    const result = simpleValues(node, draft);
    return result.ok && save(draft.name, result.values);
  };
  return (
    <StepDialog
      node={node}
      name={draft.name}
      onNameChange={(name) => update({ name })}
      nameMessages={problems.get('name')}
      onSave={onSave}
      onClose={onClose}
    >
      <ExtensionPicker
        label="Voicemail box"
        value={draft.value}
        onChange={(value) => update({ value })}
        messages={problems.get('target')}
      />
    </StepDialog>
  );
}

export function AudioForm({ node, onClose }: StepFormProps) {
  const { services } = useCanvas();
  const choices = useAudioChoices();
  const { draft, problems, update } = useSimpleDraft(node);
  const save = useSaveStep(node);
  const onSave = () => {
    const result = simpleValues(node, draft);
    return result.ok && save(draft.name, result.values);
  };
  const canMake = services().audio !== undefined;
  return (
    <StepDialog
      node={node}
      name={draft.name}
      onNameChange={(name) => update({ name })}
      nameMessages={problems.get('name')}
      onSave={onSave}
      onClose={onClose}
    >
      <AudioSelectField
        field={node.type === 'dial_menu' ? 'menu_message' : 'greeting'}
        value={draft.value}
        onChange={(value) => update({ value })}
        first={{ value: '', label: 'Choose an audio file' }}
        choices={choices}
        stepName={draft.name}
        messages={problems.get('audio_file')}
        hint={
          choices.files.length === 0
            ? canMake
              ? 'You have no audio files yet: make one with “New audio”.'
              : 'You have no audio files yet: add one in your greeting audio first.'
            : undefined
        }
      />
      {node.type === 'dial_menu' && (
        <p className="cf-hint">Add the keys callers can press with “+ Key” under the menu on the canvas.</p>
      )}
    </StepDialog>
  );
}

export function KeyForm({ node, onClose }: StepFormProps) {
  const { store } = useCanvas();
  const { draft, problems, update } = useSimpleDraft(node);
  const save = useSaveStep(node);
  // Keys the other keys of the same menu already stand for.
  const used = useStore(store, (s) => {
    const index = nodeIndex(s.flow.data);
    const parentId = index.get(node.id)?.parentId;
    const menu = parentId ? index.get(parentId)?.node : undefined;
    return (menu?.children ?? [])
      .filter((c) => c.id !== node.id)
      .map((c) => String(c.args.target?.value ?? ''))
      .join(' ');
  });
  const usedKeys = new Set(used.split(' '));
  const onSave = () => {
    const result = simpleValues(node, draft);
    return result.ok && save(draft.name, result.values);
  };
  return (
    <StepDialog
      node={node}
      name={draft.name}
      onNameChange={(name) => update({ name })}
      nameMessages={problems.get('name')}
      onSave={onSave}
      onClose={onClose}
      size="sm"
    >
      <SelectField
        label="Key the caller presses"
        value={draft.value}
        options={DIAL_KEYS.map((k) => ({
          value: k,
          label: usedKeys.has(k) ? `${k} (used by another key)` : k,
          disabled: usedKeys.has(k),
        }))}
        onChange={(value) => update({ value })}
        messages={problems.get('target')}
      />
    </StepDialog>
  );
}

export function MainNumberForm({ node, onClose }: StepFormProps) {
  const { services } = useCanvas();
  const siteNumbers = services().siteNumbers;
  const { draft, problems, update } = useSimpleDraft(node);
  const save = useSaveStep(node);
  const chosen = parseList(draft.value);
  const onSave = () => {
    const result = simpleValues(node, draft);
    return result.ok && save(draft.name, result.values);
  };
  return (
    <StepDialog
      node={node}
      name={draft.name}
      onNameChange={(name) => update({ name })}
      nameMessages={problems.get('name')}
      onSave={onSave}
      onClose={onClose}
    >
      {siteNumbers && siteNumbers.length > 0 ? (
        <FieldGroup legend="Numbers calls come in on" messages={problems.get('public_numbers')}>
          {[...new Set([...siteNumbers, ...chosen])].map((n) => (
            <CheckboxField
              key={n}
              label={displayPhone(n)}
              checked={chosen.includes(n)}
              onChange={(on) => update({ value: (on ? [...chosen, n] : chosen.filter((c) => c !== n)).join(', ') })}
            />
          ))}
        </FieldGroup>
      ) : (
        <TextField
          label="Numbers calls come in on"
          hint="Separate numbers with commas"
          type="tel"
          value={draft.value}
          onChange={(value) => update({ value })}
          messages={problems.get('public_numbers')}
        />
      )}
    </StepDialog>
  );
}
