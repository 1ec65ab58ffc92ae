// The social-sign-in feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { completeSocialSignIn } from './api/social-login.ts';
export { startSocialSignIn } from './api/start-social-sign-in.ts';
export { leaveFor } from './leave-for.ts';
export {
  callbackAction,
  forgetSocialSignIn,
  readSocialSignIn,
  rememberSocialSignIn,
  type SocialSignIn,
  startPagePath,
} from './social-state.ts';
export { SocialSignInPlaceholder } from './components/social-sign-in-placeholder.tsx';
export { loadSocialSignInButtons } from './load-social-sign-in-buttons.ts';
