import { vi } from 'vitest';

import type { LayoutRequest } from '@portal/editor-core';

import { packResponse, unpackRequest, type WireRequest, type WireResponse } from './layout-wire.ts';

/**
 * Test support (never imported by the app): a layout worker that answers at once with a grid, one row per depth;
 * its messages packed as the real worker's are (layout-wire.ts).
 */
export class FakeLayoutWorker {
  onmessage: ((event: MessageEvent<WireResponse>) => void) | null = null;
  onerror = null;
  postMessage(wire: WireRequest) {
    const request = unpackRequest(wire);
    const nodes: Array<{ id: string; x: number; y: number; width: number; height: number }> = [];
    const perDepth: number[] = [];
    const walk = (node: LayoutRequest['flow']['data'], depth: number) => {
      const column = perDepth[depth] ?? 0;
      perDepth[depth] = column + 1;
      nodes.push({
        id: node.id,
        x: column * 300,
        y: depth * 140,
        ...(request.sizes[node.id] ?? { width: 248, height: 76 }),
      });
      node.children.forEach((c) => walk(c, depth + 1));
    };
    walk(request.flow.data, 0);
    setTimeout(() =>
      this.onmessage?.({
        data: packResponse({
          requestId: request.requestId,
          ok: true,
          layout: { nodes, edges: [], width: 0, height: 0 },
        }),
      } as MessageEvent<WireResponse>),
    );
  }
  terminate() {}
}

/**
 * What React Flow needs of a browser that jsdom lacks, stubbed for a canvas test (in a
 * beforeAll; vi.unstubAllGlobals() and vi.restoreAllMocks() undo it): the layout worker,
 * ResizeObserver, DOMMatrixReadOnly, animation frames, element sizes, and no 2D canvas
 * (the overview map then draws nothing).
 */
export function stubCanvasEnvironment(): void {
  vi.stubGlobal('Worker', FakeLayoutWorker);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'DOMMatrixReadOnly',
    class {
      m22 = 1;
    },
  );
  vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => setTimeout(() => run(0), 0));
  // React Flow sizes its pane from offsetWidth/offsetHeight, which jsdom leaves at 0.
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1200);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
}
