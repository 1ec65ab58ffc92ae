/** Form fields of the step dialogs: native controls in the shared field shell, each labelled, with its problems linked to it. */
import { useCallback, useId, useState, type ReactNode } from 'react';

import type { AudioFile } from '@portal/contract';

import { fieldDescription, FieldShell } from '../../../../components/form/field-shell.tsx';
import { useAudioPlayback } from '../../../../lib/use-audio-playback.ts';
import { AudioDialog } from '../../../audio/index.ts';
import { newAudioButtonName, withAddedFiles } from '../../logic/audio-files.ts';
import { AUDIO_FIELDS, newAudioName, type AudioField } from '../audio-fields.ts';
import { useCanvas } from '../canvas-context.ts';
import { ActionIcon } from '../icons.tsx';

/** A field's problems as the one message the shared field shell shows (editor-core may find more than one). */
const messageOf = (messages?: readonly string[]) => (messages && messages.length > 0 ? messages.join(' ') : undefined);

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  messages?: readonly string[] | undefined;
  hint?: string | undefined;
  type?: 'text' | 'tel';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel';
  maxLength?: number;
  onBlur?: (() => void) | undefined;
  autoFocus?: boolean;
  width?: 'full' | 'short';
}

/** A step dialog's text input in the shared field shell: label, hint, message, aria-invalid and aria-describedby. */
export function TextField({
  label,
  value,
  onChange,
  messages,
  hint,
  type = 'text',
  inputMode,
  maxLength,
  onBlur,
  autoFocus,
  width = 'full',
}: TextFieldProps) {
  const id = useId();
  const error = messageOf(messages);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        className={`cf-input${width === 'short' ? ' cf-input-short' : ''}`}
        type={type}
        inputMode={inputMode}
        value={value}
        maxLength={maxLength}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescription(id, { hint, error }).describedBy}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        autoFocus={autoFocus}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  messages?: readonly string[] | undefined;
  hint?: string | undefined;
  after?: ReactNode;
}

/** A step dialog's select in the shared field shell, with anything that goes beside it (Play, New audio). */
export function SelectField({ label, value, options, onChange, messages, hint, after }: SelectFieldProps) {
  const id = useId();
  const error = messageOf(messages);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <div className={after ? 'cf-row cf-row-wrap' : 'cf-row'}>
        <select
          id={id}
          className="cf-input cf-select"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescription(id, { hint, error }).describedBy}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        {after}
      </div>
    </FieldShell>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="cf-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="cf-hint cf-check-hint">
          {hint}
        </span>
      )}
    </div>
  );
}

/**
 * A group of ticks or choices with its legend; the group's message (no one control to label) goes
 * under the legend as the field shell puts it, "Error:" first, and describes the group.
 */
export function FieldGroup({
  legend,
  messages,
  className = 'cf-fieldset',
  children,
}: {
  legend: string;
  messages?: readonly string[] | undefined;
  className?: string;
  children: ReactNode;
}) {
  const errorId = `${useId()}-error`;
  const error = messageOf(messages);
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className="cf-label">{legend}</legend>
      {error && (
        <p id={errorId} className="cf-error cf-group-error">
          <span className="cf-sr-only">Error: </span>
          {error}
        </p>
      )}
      {children}
    </fieldset>
  );
}

export function RadioGroup<T extends string>({
  legend,
  value,
  options,
  onChange,
  messages,
}: {
  legend: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  messages?: readonly string[] | undefined;
}) {
  const name = useId();
  return (
    <FieldGroup legend={legend} messages={messages} className="cf-fieldset cf-radios">
      {options.map((o) => (
        <label key={o.value} className="cf-check">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </FieldGroup>
  );
}

/** Options for choosing an audio file: the site's files by name (value: stored_filename), plus the current value if unlisted. */
export function audioOptions(files: readonly AudioFile[], current: string, first: SelectOption): SelectOption[] {
  const options: SelectOption[] = [first, ...files.map((f) => ({ value: f.stored_filename, label: f.name }))];
  if (current !== '' && !options.some((o) => o.value === current)) {
    const byFlowName = files.find((f) => f.call_flow_filename === current);
    options.push({ value: current, label: byFlowName ? byFlowName.name : `${current} (not in your audio files)` });
  }
  return options;
}

/** Plays an audio file of the site (see useAudioPlayback); a second press stops it. */
export function AudioPreview({ filename, name }: { filename: string; name: string }) {
  const { services } = useCanvas();
  const load = useCallback((file: string) => services().fetchAudio(file), [services]);
  const playback = useAudioPlayback(load);

  if (filename === '' || filename === 'default') return null;
  const busy = playback.current === filename;
  return (
    <span className="cf-row">
      <button
        type="button"
        className="cf-button cf-button-small"
        onClick={() => playback.toggle(filename)}
        aria-label={busy ? `Stop ${name}` : `Play ${name}`}
      >
        <ActionIcon name={busy ? 'stop' : 'play'} size={14} />
        {busy && playback.loading ? 'Loading…' : busy ? 'Stop' : 'Play'}
      </button>
      {playback.error && (
        <span className="cf-error" role="alert">
          {playback.error}
        </span>
      )}
    </span>
  );
}

/**
 * The site's audio files for a dialog's selects: the page's list, plus the files made in this
 * dialog (listed at once, before the page's list catches up).
 */
export function useAudioChoices(): { files: readonly AudioFile[]; add: (file: AudioFile) => void } {
  const { services } = useCanvas();
  const [added, setAdded] = useState<readonly AudioFile[]>([]);
  return { files: withAddedFiles(services().audioFiles, added), add: (file) => setAdded((files) => [...files, file]) };
}

interface AudioSelectFieldProps {
  /** Which audio of the step: gives the label and what "New audio" makes. */
  field: AudioField;
  value: string;
  onChange: (value: string) => void;
  /** The first option: "Choose an audio file", "Default music", "No announcement"… */
  first: SelectOption;
  /** The dialog's files, from useAudioChoices. */
  choices: { files: readonly AudioFile[]; add: (file: AudioFile) => void };
  /** The step's name as typed, for the new file's name. */
  stepName: string;
  messages?: readonly string[] | undefined;
  hint?: string | undefined;
}

/** An audio select of a step dialog: the site's files, Play, and (when the page can make audio) New audio, which chooses what it made. */
export function AudioSelectField({
  field,
  value,
  onChange,
  first,
  choices,
  stepName,
  messages,
  hint,
}: AudioSelectFieldProps) {
  const { label } = AUDIO_FIELDS[field];
  const name = choices.files.find((f) => f.stored_filename === value)?.name ?? value;
  return (
    <SelectField
      label={label}
      value={value}
      options={audioOptions(choices.files, value, first)}
      onChange={onChange}
      messages={messages}
      hint={hint}
      after={
        <>
          <AudioPreview filename={value} name={name} />
          <NewAudioButton
            field={field}
            stepName={stepName}
            onSaved={(file) => {
              choices.add(file);
              onChange(file.stored_filename);
            }}
          />
        </>
      }
    />
  );
}

/**
 * "New audio" beside an audio select: the audio dialog (record, type out or upload) for that
 * field's kind; `onSaved` gets the stored file. Nothing when the page gives no audio services.
 */
export function NewAudioButton({
  field,
  stepName,
  onSaved,
}: {
  field: AudioField;
  stepName: string;
  onSaved: (file: AudioFile) => void;
}) {
  const { services } = useCanvas();
  const [open, setOpen] = useState(false);
  const audio = services().audio;
  if (!audio) return null;
  const spec = AUDIO_FIELDS[field];
  return (
    <>
      <button
        type="button"
        className="cf-button cf-button-small"
        aria-label={newAudioButtonName(spec.label)}
        onClick={() => setOpen(true)}
      >
        <ActionIcon name="add" size={14} />
        New audio
      </button>
      <AudioDialog
        open={open}
        onClose={() => setOpen(false)}
        title={spec.title}
        kind={spec.kind}
        defaultName={newAudioName(field, stepName)}
        allowTextToSpeech={spec.allowTextToSpeech}
        services={audio}
        onSaved={onSaved}
      />
    </>
  );
}
