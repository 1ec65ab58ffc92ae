// The download-apps feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { AppDownloads } from './components/app-downloads.tsx';
export { AppDownloadsIntro } from './components/app-downloads-intro.tsx';
/** The block's list of apps, a chunk of its own: home draws the block's heading and words with the page, the list after it. */
export const loadAppDownloadList = async () => (await import('./components/app-downloads.tsx')).AppDownloadList;
export { detectDevice, videoVersionFor } from './device.ts';
