/** Transfer: who rings, how, the queue, and what happens when nobody answers. */
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';

import { QUEUE_SIZE_BOUNDS, RING_TIME_PER_MEMBER_BOUNDS_MS } from '@portal/editor-core';

import {
  draftProblems,
  moveTarget,
  setOtherTargets,
  toggleTarget,
  transferDraft,
  transferValues,
  withArgValues,
  type TransferDraft,
  type VoicemailMode,
} from '../arg-forms.ts';
import { useCanvas } from '../canvas-context.ts';
import { ActionIcon } from '../icons.tsx';
import { describeExtension, RING_PATTERN_LABELS, userExtension, userName } from '../summary.ts';
import { AudioSelectField, CheckboxField, RadioGroup, TextField, useAudioChoices } from './fields.tsx';
import { StepDialog, useSaveStep, type StepFormProps } from './step-dialog.tsx';

export function TransferForm({ node, onClose }: StepFormProps) {
  const { services, ui } = useCanvas();
  const directory = useStore(ui, (s) => s.directory);
  const { siteUsers } = services();
  const choices = useAudioChoices();
  const [draft, setDraft] = useState<TransferDraft>(() => transferDraft(node));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useSaveStep(node);
  const update = (patch: Partial<TransferDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const userExtensions = useMemo(() => new Set(directory.userByExtension.keys()), [directory]);
  const others = draft.targets.filter((t) => !userExtensions.has(t));
  const [othersText, setOthersText] = useState(others.join(', '));

  const result = useMemo(() => transferValues(draft), [draft]);
  const problems = useMemo(
    () => (result.ok ? draftProblems(withArgValues(node, result.values, draft.name)) : new Map<string, string[]>()),
    [node, result, draft.name],
  );
  const messages = (arg: string) => [...(fieldErrors[arg] ? [fieldErrors[arg]] : []), ...(problems.get(arg) ?? [])];

  const onSave = () => {
    if (!result.ok) {
      setFieldErrors(result.errors);
      return false;
    }
    return save(draft.name, result.values);
  };

  return (
    <StepDialog
      node={node}
      name={draft.name}
      onNameChange={(name) => update({ name })}
      nameMessages={problems.get('name')}
      onSave={onSave}
      onClose={onClose}
      size="lg"
    >
      <fieldset className="cf-fieldset">
        <legend className="cf-label">Who rings</legend>
        {siteUsers.length === 0 && <p className="cf-muted">Your site has no users yet: type the extensions below.</p>}
        <div className="cf-checklist">
          {siteUsers.map((user) => {
            const ext = userExtension(user);
            return (
              <CheckboxField
                key={user.id}
                label={ext ? `${userName(user)} · ext ${ext}` : `${userName(user)} · no extension`}
                checked={ext !== null && draft.targets.includes(ext)}
                disabled={ext === null}
                onChange={(on) => ext && update({ targets: toggleTarget(draft.targets, ext, on) })}
              />
            );
          })}
        </div>
        <TextField
          label="Other extensions"
          hint="Extensions not listed above, separated by commas, like 204, 205"
          value={othersText}
          inputMode="numeric"
          onChange={(text) => {
            setOthersText(text);
            update({ targets: setOtherTargets(draft.targets, userExtensions, text) });
          }}
          messages={messages('target')}
        />
      </fieldset>

      <fieldset className="cf-fieldset">
        <legend className="cf-label">How they ring</legend>
        <RadioGroup
          legend="Ring pattern"
          value={draft.ringPattern}
          options={[
            { value: 'unisson', label: `${RING_PATTERN_LABELS.unisson}` },
            { value: 'sequential', label: `${RING_PATTERN_LABELS.sequential}, in the order below` },
          ]}
          onChange={(ringPattern) => update({ ringPattern })}
        />
        {draft.ringPattern === 'sequential' && draft.targets.length > 1 && (
          <ol className="cf-order" aria-label="Ringing order">
            {draft.targets.map((ext, i) => (
              <li key={ext}>
                <span>{describeExtension(directory, ext)}</span>
                <button
                  type="button"
                  className="cf-icon-button"
                  aria-label={`Ring ${ext} earlier`}
                  disabled={i === 0}
                  onClick={() => update({ targets: moveTarget(draft.targets, ext, -1) })}
                >
                  <ActionIcon name="up" size={14} />
                </button>
                <button
                  type="button"
                  className="cf-icon-button"
                  aria-label={`Ring ${ext} later`}
                  disabled={i === draft.targets.length - 1}
                  onClick={() => update({ targets: moveTarget(draft.targets, ext, 1) })}
                >
                  <ActionIcon name="down" size={14} />
                </button>
              </li>
            ))}
          </ol>
        )}
        <TextField
          label="Ring time per person (seconds)"
          hint={`From ${RING_TIME_PER_MEMBER_BOUNDS_MS.min / 1000} to ${RING_TIME_PER_MEMBER_BOUNDS_MS.max / 1000} seconds`}
          value={draft.ringSeconds}
          inputMode="decimal"
          width="short"
          onChange={(ringSeconds) => update({ ringSeconds })}
          messages={messages('ring_time_per_member')}
        />
      </fieldset>

      <fieldset className="cf-fieldset">
        <legend className="cf-label">Queue</legend>
        <CheckboxField
          label="Queue callers while everyone is busy"
          checked={draft.queuing}
          onChange={(queuing) => update({ queuing })}
        />
        {draft.queuing && (
          <>
            <TextField
              label="Queue size (callers)"
              hint={`From ${QUEUE_SIZE_BOUNDS.min} to ${QUEUE_SIZE_BOUNDS.max}`}
              value={draft.queueSize}
              inputMode="numeric"
              width="short"
              onChange={(queueSize) => update({ queueSize })}
              messages={messages('queue_size')}
            />
            <AudioSelectField
              field="queue_music"
              value={draft.queueMusic}
              onChange={(queueMusic) => update({ queueMusic })}
              first={{ value: 'default', label: 'Default music' }}
              choices={choices}
              stepName={draft.name}
              messages={messages('queue_music')}
            />
            <AudioSelectField
              field="queue_announcement"
              value={draft.queueAnnouncement}
              onChange={(queueAnnouncement) => update({ queueAnnouncement })}
              first={{ value: '', label: 'No announcement' }}
              choices={choices}
              stepName={draft.name}
              messages={messages('queue_announcement')}
            />
          </>
        )}
      </fieldset>

      <fieldset className="cf-fieldset">
        <legend className="cf-label">If nobody answers</legend>
        <RadioGroup<VoicemailMode>
          legend="Send the caller to"
          value={draft.voicemailMode}
          options={[
            { value: 'default', label: 'The default voicemail' },
            { value: 'extension', label: 'The voicemail box of an extension' },
            { value: 'none', label: 'Nowhere: end the call' },
          ]}
          onChange={(voicemailMode) => update({ voicemailMode })}
          messages={draft.voicemailMode !== 'extension' ? messages('voicemail') : undefined}
        />
        {draft.voicemailMode === 'extension' && (
          <TextField
            label="Voicemail box extension"
            value={draft.voicemailExtension}
            inputMode="numeric"
            width="short"
            onChange={(voicemailExtension) => update({ voicemailExtension })}
            messages={messages('voicemail')}
          />
        )}
        {draft.voicemailMode !== 'none' && (
          <AudioSelectField
            field="voicemail_greeting"
            value={draft.voicemailGreeting}
            onChange={(voicemailGreeting) => update({ voicemailGreeting })}
            first={{ value: '', label: 'The standard greeting' }}
            choices={choices}
            stepName={draft.name}
          />
        )}
      </fieldset>
    </StepDialog>
  );
}
