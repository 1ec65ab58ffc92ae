// The call-flows module as other modules see it: they import nothing else from this folder (eslint.config.js).
export * from './limits.ts';
export * from './simple.ts';
export * from './demo-seed.ts';
export { callFlowOf } from './call-flows-repository.ts';
export { recordFlowVersion } from './flow-versions-repository.ts';
