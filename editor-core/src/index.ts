/** editor-core: the custom call-flow model, its rules, commands, history, opening hours, simulator and layout. */
export * from './constants.ts';
export * from './node-types.ts';
export * from './opening-hours.ts';
export * from './phone.ts';
export * from './names.ts';
export * from './schema.ts';
export * from './tree.ts';
export * from './structure.ts';
export * from './validate.ts';
export * from './limits.ts';
export * from './patches.ts';
export * from './commands.ts';
export * from './io.ts';
export * from './history.ts';
export * from './simulator.ts';
export * from './tree-layout.ts';
export * from './layout.ts';
