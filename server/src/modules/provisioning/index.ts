// The provisioning module as other modules see it: they import nothing else from this folder (eslint.config.js).
// Jobs are begun and read through the runner (`app.provisioning`), which schedules them: its queries stay inside.
export type { ProvisioningJob } from './provisioning-repository.ts';
export * from './runner.ts';
export * from './settings.ts';
export * from './status.ts';
