// The audio feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { AudioDialog } from './components/audio-dialog.tsx';
export type { AudioMethod, AudioSaveInput, AudioSaveOptions, AudioServices } from './logic/types.ts';
