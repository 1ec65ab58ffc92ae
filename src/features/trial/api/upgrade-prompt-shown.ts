import { trialEndpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** POST .../upgrade-prompt-shown/: the trial's upgrade prompt has been shown; answers the trial status. */
export const upgradePromptShown = (productId: number, signal?: AbortSignal) =>
  apiCall(trialEndpoints.upgradePromptShown, { params: { id: productId }, body: {}, ...(signal && { signal }) });
