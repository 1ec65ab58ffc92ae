// The billing module as other modules see it: they import nothing else from this folder (eslint.config.js).
export * from './invoice-pdf.ts';
export * from './demo-seed.ts';
