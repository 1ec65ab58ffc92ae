import { provisioningStep, type ProvisioningStatus } from '@portal/contract';

import type { ProvisioningJob } from './provisioning-repository.ts';

/** Progress of a job under way: the share of its duration gone, 1-99 (100 only once it is finished). */
function progressOf(job: ProvisioningJob, now: Date): number {
  if (job.status === 'provisioned') return 100;
  if (job.status === 'pending' || !job.startedAt) return 0;
  if (job.status === 'failed') return 0;
  const share = job.durationMs <= 0 ? 1 : (now.getTime() - job.startedAt.getTime()) / job.durationMs;
  return Math.min(99, Math.max(1, Math.floor(share * 100)));
}

/** A product's provisioning as GET /api/v1/signup/{id}/provisioning-status/ answers it; a product without a job is simply provisioned. */
export function provisioningStatusOf(
  productId: number,
  job: ProvisioningJob | undefined,
  now: Date,
): ProvisioningStatus {
  if (!job) {
    return {
      product_id: productId,
      job_id: null,
      kind: null,
      status: 'provisioned',
      provisioned: true,
      progress: 100,
      step: null,
      detail: null,
      started_at: null,
      finished_at: null,
    };
  }
  const progress = progressOf(job, now);
  return {
    product_id: productId,
    job_id: job.id,
    kind: job.kind,
    status: job.status,
    provisioned: job.status === 'provisioned',
    progress,
    step: job.status === 'failed' ? null : provisioningStep(job.kind, progress),
    detail: job.error,
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

export const isUnderWay = (job: ProvisioningJob | undefined): boolean =>
  job?.status === 'pending' || job?.status === 'provisioning';
