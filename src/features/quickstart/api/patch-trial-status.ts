import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { trialEndpoints, type PatchTrialStatus, type QuickstartStep, type TrialStatus } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { trialStatusQueryOptions } from '../../trial/index.ts';

/** PATCH /api/v1/trial/status/: quick-start progress, feedback or the pop-up flag; answers the whole status. */
export function patchTrialStatus(body: PatchTrialStatus) {
  return apiCall(trialEndpoints.patchTrialStatus, { body });
}

const trialStatusKey = trialStatusQueryOptions().queryKey;

function setStepCompleted(queryClient: QueryClient, step: QuickstartStep, completed: boolean) {
  queryClient.setQueryData(
    trialStatusKey,
    (status: TrialStatus | undefined) =>
      status && {
        ...status,
        quickstart_popup_sections_completed: { ...status.quickstart_popup_sections_completed, [step]: completed },
      },
  );
}

/**
 * Completes a quick-start step: ticked at once in the trial status, then saved (the server
 * merges it into the stored steps). If saving fails, only that step's tick goes back.
 */
export function useCompleteStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: QuickstartStep) => patchTrialStatus({ quickstart_popup_sections_completed: { [step]: true } }),
    onMutate: async (step) => {
      // A trial status answer already on its way would put the old steps back.
      await queryClient.cancelQueries({ queryKey: trialStatusKey });
      const before = queryClient.getQueryData(trialStatusKey)?.quickstart_popup_sections_completed[step] === true;
      setStepCompleted(queryClient, step, true);
      return { before };
    },
    onError: (_error, step, context) => setStepCompleted(queryClient, step, context?.before ?? false),
    // Answers may come back out of order: a step ticked here since (saved or still saving) stays ticked.
    onSuccess: (status) =>
      queryClient.setQueryData(trialStatusKey, (current: TrialStatus | undefined) => {
        const ticked = Object.entries(current?.quickstart_popup_sections_completed ?? {}).filter(([, done]) => done);
        return {
          ...status,
          quickstart_popup_sections_completed: {
            ...status.quickstart_popup_sections_completed,
            ...Object.fromEntries(ticked),
          },
        };
      }),
  });
}

/** Saves something else of the trial status (feedback, the pop-up flag), then shows the server's answer. */
export function usePatchTrialStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchTrialStatus,
    onSuccess: (status) => queryClient.setQueryData(trialStatusKey, status),
  });
}
