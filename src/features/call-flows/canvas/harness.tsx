/**
 * A dev and benchmark page for the canvas: a generated flow of `?nodes=N` nodes (default 200) with fixed fake
 * services. It records when layouts are painted in `window.__canvasBench` (performance.now() values) and
 * exposes the store and a few editor-core commands as `window.__canvasHarness`, so a bench can make an edit
 * and wait for its layout (`layouts` goes up by one).
 */
import { useEffect, useState } from 'react';

import type { AudioFile, SiteUser } from '@portal/contract';
import {
  createEditorStore,
  insertBetween,
  insertNode,
  isUkPhoneNumber,
  removeNode,
  renameNode,
  setArgs,
  type Arrangement,
  type EditorStore,
} from '@portal/editor-core';
import { generateFlow } from '@portal/editor-core/testing';

import { CallFlowCanvas } from './call-flow-canvas.tsx';
import type { CallFlowCanvasServices, LayoutPaintedInfo } from './types.ts';

export interface CanvasBench {
  /** When the harness module ran (the canvas chunk had loaded). */
  openedAt: number;
  /** When the first layout was on screen. */
  firstLayoutPaintedAt: number | null;
  /** When the latest layout was on screen. */
  lastLayoutPaintedAt: number | null;
  /** How many layouts have been painted. */
  layouts: number;
  /** Worker round trip of the latest layout, in ms. */
  lastLayoutMs: number | null;
  nodeCount: number;
}

declare global {
  interface Window {
    __canvasBench?: CanvasBench;
    __canvasHarness?: { store: EditorStore; commands: typeof HARNESS_COMMANDS };
  }
}

const openedAt = performance.now();

/** Commands a bench can run on the store, e.g. `h.store.getState().run(h.commands.insertBetween('n1', 'n2', 'play_audio'))`. */
const HARNESS_COMMANDS = { insertNode, insertBetween, removeNode, renameNode, setArgs };

const user = (id: number, first: string, last: string, extension: string): SiteUser => ({
  id,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.co.uk`,
  extension,
});
const audio = (stored: string, name: string): AudioFile => ({
  stored_filename: stored,
  kind: 'greeting',
  sub_kind: null,
  call_flow_filename: stored,
  name,
  text: null,
  tts_voice: null,
  duration_ms: 1500,
});

/** A short beep as a WAV file, so "Play" has something to play. */
function beep(): Blob {
  const rate = 8000;
  const samples = rate / 2;
  const buffer = new ArrayBuffer(44 + samples);
  const view = new DataView(buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++)
    view.setUint8(44 + i, 128 + Math.round(40 * Math.sin((2 * Math.PI * 440 * i) / rate)));
  return new Blob([buffer], { type: 'audio/wav' });
}

export const HARNESS_SERVICES: CallFlowCanvasServices = {
  siteUsers: [
    user(1, 'Alice', 'Smith', '201'),
    user(2, 'Bob', 'Jones', '202'),
    user(3, 'Carol', 'Evans', '203'),
    user(4, 'Dan', 'Patel', 'Not Assigned'),
    user(5, 'Erin', 'Clarke', '300'),
  ],
  audioFiles: [
    audio('hello.mp3', 'Welcome greeting'),
    audio('menu.mp3', 'Main menu'),
    audio('closed.wav', 'We are closed'),
    audio('hold.wav', 'Hold music'),
  ],
  fetchAudio: async () => beep(),
  isUkPhoneNumber: (number) => new Promise((resolve) => setTimeout(() => resolve(isUkPhoneNumber(number)), 150)),
  siteNumbers: ['02079460000', '01632960123'],
  holidays: [{ start_date: '2025-12-25', end_date: '2025-12-26' }],
};

function readNodeCount(): number {
  const n = Number(new URLSearchParams(window.location.search).get('nodes') ?? 200);
  return Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), 5000) : 200;
}

function record(info: LayoutPaintedInfo) {
  const bench = window.__canvasBench;
  if (!bench) return;
  const now = performance.now();
  bench.firstLayoutPaintedAt ??= now;
  bench.lastLayoutPaintedAt = now;
  bench.layouts++;
  bench.lastLayoutMs = info.layoutMs;
  bench.nodeCount = info.nodeCount;
}

function readArrangement(): Arrangement {
  return new URLSearchParams(window.location.search).get('arrangement') === 'layered' ? 'layered' : 'tree';
}

/** The harness page: the canvas over the whole viewport (`?arrangement=layered` opens left to right). */
export function CanvasHarness() {
  const [store] = useState(() => createEditorStore({ flow: generateFlow(readNodeCount()) }));
  const [arrangement] = useState(readArrangement);
  useEffect(() => {
    window.__canvasBench ??= {
      openedAt,
      firstLayoutPaintedAt: null,
      lastLayoutPaintedAt: null,
      layouts: 0,
      lastLayoutMs: null,
      nodeCount: 0,
    };
    window.__canvasHarness = { store, commands: HARNESS_COMMANDS };
  }, [store]);
  return (
    <main style={{ height: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <h1 className="cf-sr-only">Call flow canvas harness</h1>
      <div style={{ flex: 1, minHeight: 0 }}>
        <CallFlowCanvas store={store} services={HARNESS_SERVICES} onLayoutPainted={record} arrangement={arrangement} />
      </div>
    </main>
  );
}
