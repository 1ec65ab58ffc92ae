/** The visual call-flow canvas: renders an editor-core store and turns gestures into its commands. */
export { CallFlowCanvas } from './call-flow-canvas.tsx';
export type { CallFlowCanvasProps, CallFlowCanvasServices, LayoutPaintedInfo } from './types.ts';
