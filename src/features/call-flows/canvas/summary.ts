/** One-line summaries of a node's args for the canvas, and the names people and files go by. */
import type { AudioFile, SiteUser } from '@portal/contract';
import {
  argValue,
  DEFAULT_VOICEMAIL_EXTENSION,
  displayPhone,
  flowNameMaps,
  NODE_SPECS,
  openingHoursLabel,
  PRESET_SLOTS,
  type FlowNode,
  type RingPattern,
} from '@portal/editor-core';

/** Lookups from the page's services, built once per list. */
export interface Directory {
  /** Display name of a user by extension. */
  userByExtension: ReadonlyMap<string, string>;
  /** Display name of an audio file by stored_filename (or call_flow_filename). */
  audioByFilename: ReadonlyMap<string, string>;
}

export function userName(user: SiteUser): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** A user's extension, or null when none is assigned (the spec's 'Not Assigned'). */
export function userExtension(user: SiteUser): string | null {
  const ext = user.extension.trim();
  return ext === '' || ext === 'Not Assigned' ? null : ext;
}

/** The directory of a canvas: editor-core's naming rule (flowNameMaps), shared with the change list and the journey. */
export function createDirectory(siteUsers: readonly SiteUser[], audioFiles: readonly AudioFile[]): Directory {
  const { byExtension, byFile } = flowNameMaps(siteUsers, audioFiles);
  return { userByExtension: byExtension, audioByFilename: byFile };
}

/** "Alice Smith (201)", or "201" for an extension no user holds. */
export function describeExtension(directory: Directory, extension: string): string {
  const name = directory.userByExtension.get(extension);
  return name ? `${name} (${extension})` : extension;
}

/** An audio file's name, "default music" for the default, or the stored name when the file is not listed. */
export function describeAudio(directory: Directory, filename: string): string {
  if (filename === 'default') return 'Default';
  return directory.audioByFilename.get(filename) ?? filename;
}

export const RING_PATTERN_LABELS: Readonly<Record<RingPattern, string>> = {
  unisson: 'All at once',
  sequential: 'One after another',
};

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/** What a node does, in one line, e.g. "Alice Smith (201), 202 · All at once, 5 s". */
export function nodeSummary(node: FlowNode, directory: Directory): string {
  switch (node.type) {
    case 'main_number': {
      const numbers = argValue(node, 'public_numbers', 'phone_numbers');
      return numbers.length > 0 ? numbers.map(displayPhone).join(', ') : 'No number chosen yet';
    }
    case 'business_hours': {
      const hours = argValue(node, 'business_hours', 'business_hours');
      const days = openingHoursLabel(hours);
      if (hours.preset === 'custom' || days === 'Closed') return days;
      const slot = PRESET_SLOTS[hours.preset];
      return hours.preset === 'twenty_four_hour' ? `${days}, 24 hours` : `${days}, ${slot.from}–${slot.to}`;
    }
    case 'in_hours':
      return 'While you are open';
    case 'out_of_hours':
      return 'While you are closed';
    case 'transfer': {
      const targets = argValue(node, 'target', 'extensions');
      if (targets.length === 0) return 'No one chosen to ring yet';
      const who = targets.map((t) => describeExtension(directory, t)).join(', ');
      const how = `${RING_PATTERN_LABELS[argValue(node, 'ring_pattern', 'ring_pattern')]}, ${formatSeconds(argValue(node, 'ring_time_per_member', 'milliseconds'))}`;
      return `${who} · ${how}${argValue(node, 'queuing_enabled', 'boolean') ? ' · queue' : ''}`;
    }
    case 'divert_to_external': {
      const number = argValue(node, 'target', 'phone_number');
      return number.trim() === '' ? 'No number chosen yet' : `To ${displayPhone(number)}`;
    }
    case 'voicemail': {
      const target = argValue(node, 'target', 'extension');
      return target.trim() === ''
        ? 'No voicemail box chosen yet'
        : `Voicemail box ${describeExtension(directory, target || DEFAULT_VOICEMAIL_EXTENSION)}`;
    }
    case 'play_audio': {
      const file = argValue(node, 'audio_file', 'audio_file');
      return file.trim() === '' ? 'No audio chosen yet' : `Plays ${describeAudio(directory, file)}`;
    }
    case 'dial_menu': {
      const file = argValue(node, 'audio_file', 'audio_file');
      const keys = node.children.map((c) => c.args.target?.value).filter((k): k is string => typeof k === 'string');
      const audio = file.trim() === '' ? 'No audio chosen yet' : describeAudio(directory, file);
      return keys.length > 0 ? `${audio} · keys ${keys.join(' ')}` : audio;
    }
    case 'dial_menu_key':
      return `Key ${argValue(node, 'target', 'dial_key')}`;
    case 'repeat_menu':
      return 'Plays the menu again';
  }
}

/** The accessible name of a node: "{Type label}: {name}"; a key says which key, "Dial menu key 2: Sales". */
export function nodeLabel(node: FlowNode): string {
  if (node.type === 'dial_menu_key')
    return `${NODE_SPECS[node.type].label} ${String(node.args.target?.value ?? '')}: ${node.name}`;
  return `${NODE_SPECS[node.type].label}: ${node.name}`;
}
