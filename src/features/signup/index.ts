// The signup feature (trial and buy-now sign-up, an existing customer's opt-in
// trial) as the app and the other features see it: they import nothing else from this folder.
export { SignupRoute } from './components/signup-route.tsx';
export { getSignupSettings } from './api/signup-api.ts';
export { readSignupData } from './signup-data.ts';
export { signupRedirect } from './signup-guard.ts';
export { TrialOffer } from './components/trial-offer.tsx';
