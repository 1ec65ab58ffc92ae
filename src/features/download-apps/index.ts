export { AppDownloads } from './components/app-downloads.tsx';
export { detectDevice, videoVersionFor } from './rules.ts';
/** The download cards' chunk, for pages that show them beside their own content (home). */
export const loadAppDownloads = () => import('./components/app-downloads.tsx');
