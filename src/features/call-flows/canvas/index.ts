/** The visual call-flow canvas: renders an editor-core store and turns gestures into its commands. */
export { CallFlowCanvas } from './call-flow-canvas.tsx';
export type { CallFlowCanvasServices } from './types.ts';
