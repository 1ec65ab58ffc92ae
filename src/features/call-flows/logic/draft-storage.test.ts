import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFlow, type CallFlow } from '@portal/editor-core';

import {
  clearDraft,
  createDraftWriter,
  DRAFT_MAX_AGE_MS,
  draftDiffers,
  draftKey,
  readDraft,
  writeDraft,
} from './draft-storage.ts';

const flow = (name = 'Custom call flow 1'): CallFlow => ({ ...createFlow({ publicNumbers: ['01632960123'] }), name });

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('draft storage', () => {
  it('keeps a draft per product and flow id, a new flow in its own slot', () => {
    expect(draftKey(12, '5')).toBe('portal.call-flow-draft.v1.12.5');
    expect(draftKey(12, null)).toBe('portal.call-flow-draft.v1.12.new');
    writeDraft(12, '5', { flow: flow('A'), baseVersion: 3, savedAt: 1000 });
    writeDraft(12, null, { flow: flow('B'), baseVersion: null, savedAt: 1000 });
    writeDraft(13, '5', { flow: flow('C'), baseVersion: 1, savedAt: 1000 });
    expect(readDraft(12, '5', 2000)?.flow.name).toBe('A');
    expect(readDraft(12, '5', 2000)?.baseVersion).toBe(3);
    expect(readDraft(12, null, 2000)?.flow.name).toBe('B');
    expect(readDraft(13, '5', 2000)?.flow.name).toBe('C');
  });

  it('answers null for no draft, and clears one', () => {
    expect(readDraft(1, '1')).toBeNull();
    writeDraft(1, '1', { flow: flow(), baseVersion: 1, savedAt: Date.now() });
    clearDraft(1, '1');
    expect(readDraft(1, '1')).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('drops an unreadable or malformed draft', () => {
    localStorage.setItem(draftKey(1, '1'), '{not json');
    expect(readDraft(1, '1')).toBeNull();
    expect(localStorage.getItem(draftKey(1, '1'))).toBeNull();
    localStorage.setItem(draftKey(1, '2'), JSON.stringify({ flow: { name: 'x' }, baseVersion: 1, savedAt: 1 }));
    expect(readDraft(1, '2', 2)).toBeNull();
    expect(localStorage.getItem(draftKey(1, '2'))).toBeNull();
  });

  it('drops a draft older than the limit', () => {
    writeDraft(1, '1', { flow: flow(), baseVersion: 1, savedAt: 0 });
    expect(readDraft(1, '1', DRAFT_MAX_AGE_MS)).not.toBeNull();
    expect(readDraft(1, '1', DRAFT_MAX_AGE_MS + 1)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(writeDraft(1, '1', { flow: flow(), baseVersion: 1, savedAt: 1 }, broken)).toBe(false);
    expect(readDraft(1, '1', 1, broken)).toBeNull();
    expect(() => clearDraft(1, '1', broken)).not.toThrow();
  });

  it('tells whether a draft holds changes the stored flow lacks', () => {
    const stored = flow('A');
    expect(draftDiffers(structuredClone(stored), stored)).toBe(false);
    expect(draftDiffers({ ...stored, name: 'B' }, stored)).toBe(true);
    expect(draftDiffers({ ...stored, data: { ...stored.data, name: 'Renamed' } }, stored)).toBe(true);
  });
});

describe('createDraftWriter', () => {
  it('writes once, a moment after the last change', () => {
    vi.useFakeTimers();
    const write = vi.fn();
    const writer = createDraftWriter(write, 500);
    writer.schedule({ flow: flow('A'), baseVersion: 1, savedAt: 1 });
    vi.advanceTimersByTime(400);
    writer.schedule({ flow: flow('AB'), baseVersion: 1, savedAt: 2 });
    vi.advanceTimersByTime(400);
    expect(write).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(write).toHaveBeenCalledTimes(1);
    expect(write.mock.calls[0]?.[0].flow.name).toBe('AB');
  });

  it('writes at once on flush, and not at all after cancel', () => {
    vi.useFakeTimers();
    const write = vi.fn();
    const writer = createDraftWriter(write, 500);
    writer.schedule({ flow: flow('A'), baseVersion: 1, savedAt: 1 });
    writer.flush();
    expect(write).toHaveBeenCalledTimes(1);
    writer.flush();
    expect(write).toHaveBeenCalledTimes(1);
    writer.schedule({ flow: flow('B'), baseVersion: 1, savedAt: 1 });
    writer.cancel();
    vi.advanceTimersByTime(1000);
    expect(write).toHaveBeenCalledTimes(1);
  });
});
