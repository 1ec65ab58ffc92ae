// The phone-setup feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { HoldMusicTab } from './components/hold-music-tab.tsx';
export { VoicemailTab } from './components/voicemail-tab.tsx';
export { HolidayScheduleTab } from './components/holiday-schedule-tab.tsx';
export { TemporaryDivertTab } from './components/temporary-divert-tab.tsx';
export { DivertNotices } from './components/divert-notice.tsx';
export { AccountAddOns } from './components/account-add-ons.tsx';
export { phoneSetupTab } from './tabs.ts';
