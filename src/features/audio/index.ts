export { AudioDialog } from './audio-dialog.tsx';
export type { AudioMethod, AudioSaveInput, AudioSaveOptions, AudioServices } from './types.ts';
