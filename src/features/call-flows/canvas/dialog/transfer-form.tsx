/** Transfer: who rings, how, the queue, and what happens when nobody answers. */
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { QUEUE_SIZE_BOUNDS, RING_TIME_PER_MEMBER_BOUNDS_MS } from '@portal/editor-core';
import { useCanvas } from '../canvas-context.ts';
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
import { ActionIcon } from '../icons.tsx';
import { RING_PATTERN_LABELS, describeExtension, userExtension, userName } from '../summary.ts';
import { AudioPreview, CheckboxField, RadioGroup, SelectField, TextField, audioOptions } from './fields.tsx';
import { StepDialog, useSaveStep, type StepFormProps } from './step-dialog.tsx';

export function TransferForm({ node, onClose }: StepFormProps) {
  const { services, ui } = useCanvas();
  const directory = useStore(ui, (s) => s.directory);
  const { siteUsers, audioFiles } = services();
  const [draft, setDraft] = useState<TransferDraft>(() => transferDraft(node));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useSaveStep(node);
  const update = (patch: Partial<TransferDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const userExtensions = useMemo(() => new Set(directory.userByExtension.keys()), [directory]);
  const others = draft.targets.filter((t) => !userExtensions.has(t));
  const [othersText, setOthersText] = useState(others.join(', '));

  const result = useMemo(() => transferValues(draft), [draft]);
  const problems = useMemo(() => (result.ok ? draftProblems(withArgValues(node, result.values, draft.name)) : new Map<string, string[]>()), [node, result, draft.name]);
  const messages = (arg: string) => [...(fieldErrors[arg] ? [fieldErrors[arg]] : []), ...(problems.get(arg) ?? [])];

  const onSave = () => {
    if (!result.ok) {
      setFieldErrors(result.errors);
      return false;
    }
    return save(draft.name, result.values);
  };

  const fileName = (filename: string) => audioFiles.find((f) => f.stored_filename === filename)?.name ?? filename;

  return (
    <StepDialog node={node} name={draft.name} onNameChange={(name) => update({ name })} nameMessages={problems.get('name')} onSave={onSave} onClose={onClose} size="lg">
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
                <button type="button" className="cf-icon-button" aria-label={`Ring ${ext} earlier`} disabled={i === 0} onClick={() => update({ targets: moveTarget(draft.targets, ext, -1) })}>
                  <ActionIcon name="up" size={14} />
                </button>
                <button type="button" className="cf-icon-button" aria-label={`Ring ${ext} later`} disabled={i === draft.targets.length - 1} onClick={() => update({ targets: moveTarget(draft.targets, ext, 1) })}>
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
        <CheckboxField label="Queue callers while everyone is busy" checked={draft.queuing} onChange={(queuing) => update({ queuing })} />
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
            <SelectField
              label="Queue music"
              value={draft.queueMusic}
              options={audioOptions(audioFiles, draft.queueMusic, { value: 'default', label: 'Default music' })}
              onChange={(queueMusic) => update({ queueMusic })}
              messages={messages('queue_music')}
              after={<AudioPreview filename={draft.queueMusic} name={fileName(draft.queueMusic)} />}
            />
            <SelectField
              label="Queue announcement"
              value={draft.queueAnnouncement}
              options={audioOptions(audioFiles, draft.queueAnnouncement, { value: '', label: 'No announcement' })}
              onChange={(queueAnnouncement) => update({ queueAnnouncement })}
              messages={messages('queue_announcement')}
              after={<AudioPreview filename={draft.queueAnnouncement} name={fileName(draft.queueAnnouncement)} />}
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
        {draft.voicemailMode !== 'extension' && messages('voicemail').length > 0 && <span className="cf-error">{messages('voicemail').join(' ')}</span>}
        {draft.voicemailMode !== 'none' && (
          <SelectField
            label="Voicemail greeting"
            value={draft.voicemailGreeting}
            options={audioOptions(audioFiles, draft.voicemailGreeting, { value: '', label: 'The standard greeting' })}
            onChange={(voicemailGreeting) => update({ voicemailGreeting })}
            after={<AudioPreview filename={draft.voicemailGreeting} name={fileName(draft.voicemailGreeting)} />}
          />
        )}
      </fieldset>
    </StepDialog>
  );
}
