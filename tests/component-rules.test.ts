import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Components only draw (ARCHITECTURE.md): what a screen does lives in React-free controllers whose tests run without
// a DOM (`*.node.test.ts`, the web-node project), and a component reaches the window or the document through a small
// hook, never by listening there itself.

const root = fileURLToPath(new URL('..', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const source = (file: string) => readFileSync(join(root, file), 'utf8');
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Views over the controllers, each kept to about the size of what it draws (lines as Prettier writes them). */
const VIEW_LINE_LIMITS: Record<string, number> = {
  'src/features/call-flows/canvas/call-flow-canvas.tsx': 360,
  'src/features/call-flows/components/versions-panel.tsx': 460,
  'src/features/call-flows/components/custom-flow-editor.tsx': 440,
  'src/features/call-recordings/components/call-recordings-page.tsx': 170,
};

/** The controllers, React-free and tested without a DOM. */
const CONTROLLERS = [
  'src/features/call-flows/canvas/canvas-controller.ts',
  'src/features/call-flows/canvas/canvas-actions.ts',
  'src/features/call-flows/session/editor-session.ts',
  'src/features/call-flows/session/versions-controller.ts',
  'src/features/call-recordings/logic/recordings-controller.ts',
];

/** Components that listen on the window or the document themselves, as they were before this rule. */
const LISTENING_COMPONENTS = ['src/features/notifications/components/notification-panel.tsx'];

const listens = (text: string) => /\b(window|document)\.addEventListener\(/.test(text);

describe('component rules', () => {
  it('keeps the views over the controllers small', () => {
    const over = Object.entries(VIEW_LINE_LIMITS)
      .map(([file, limit]) => ({ file, lines: source(file).split('\n').length, limit }))
      .filter(({ lines, limit }) => lines > limit);
    expect(over).toEqual([]);
  });

  it('keeps the controllers free of React, each with a test that needs no DOM', () => {
    const files = new Set(filesUnder('src'));
    for (const file of CONTROLLERS) {
      const text = source(file);
      expect({ file, react: /from 'react(-dom)?(\/[^']*)?'|from 'zustand'|\.tsx'/.test(text) }).toEqual({
        file,
        react: false,
      });
      expect({ file, test: files.has(file.replace(/\.ts$/, '.node.test.ts')) }).toEqual({ file, test: true });
    }
  });

  it('feature components do not listen on the window or the document themselves: a hook or a controller does', () => {
    const listening = filesUnder('src/features').filter(
      (file) => file.endsWith('.tsx') && !isTest(file) && listens(source(file)),
    );
    expect(listening).toEqual(LISTENING_COMPONENTS);
  });

  it('recognises a listener on the window or the document, and not one on an element', () => {
    expect(listens("useEffect(() => { window.addEventListener('keydown', onKey); });")).toBe(true);
    expect(listens('element.addEventListener("click", go)')).toBe(false);
  });
});
