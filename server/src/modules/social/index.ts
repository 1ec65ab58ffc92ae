// The social module (sign-in through a provider) as other modules see it: the provider's part of a sign-in.
export { spendStateForProfile, verifiedEmailOf } from './oauth-states.ts';
export { linkSocialIdentity } from './social-repository.ts';
