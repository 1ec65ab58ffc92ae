// The audio module as other modules see it: they import nothing else from this folder (eslint.config.js).
export { speakFor } from './speech.ts';
export { seedAudioFile } from './demo-seed.ts';
export { audioFileByStoredFilename, audioFilesOf } from './audio-repository.ts';
