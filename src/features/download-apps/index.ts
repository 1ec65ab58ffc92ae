// The download-apps feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { AppDownloads } from './components/app-downloads.tsx';
export { detectDevice, videoVersionFor } from './rules.ts';
