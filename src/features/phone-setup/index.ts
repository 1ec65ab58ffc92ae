export { HoldMusicTab } from './components/hold-music-tab.tsx';
export { VoicemailTab } from './components/voicemail-tab.tsx';
