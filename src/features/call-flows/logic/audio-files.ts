import type { AudioFile } from '@portal/contract';

/** The site's files with those made since the list was fetched added at the end (the list's order), each once. */
export function withAddedFiles(files: readonly AudioFile[], added: readonly AudioFile[]): readonly AudioFile[] {
  const fresh = added.filter((file) => !files.some((f) => f.stored_filename === file.stored_filename));
  return fresh.length === 0 ? files : [...files, ...fresh];
}

/** The accessible name of the "New audio" button beside an audio select: "New audio for {the select's label}". */
export function newAudioButtonName(label: string): string {
  return `New audio for ${label}`;
}
