import { socialEndpoints, type SocialProvider, type SocialStartPage } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** GET /auth/accesstoken/{provider}/?page=: a new state and the provider's authorization URL. */
export function startSocialSignIn(provider: SocialProvider, page: SocialStartPage) {
  return apiCall(socialEndpoints.socialAuthorizationUrl, { params: { provider }, query: { page } });
}
