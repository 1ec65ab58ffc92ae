import type { AudioFile, SiteUser } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { diffMarksFor, flowNamesOf } from './versions-panel.tsx';

const user = (extension: string, first: string, last: string): SiteUser => ({ id: Number(extension), first_name: first, last_name: last, email: `${first}@example.com`, extension });
const audio = (stored: string, name: string, callFlow: string | null = null): AudioFile => ({
  stored_filename: stored,
  kind: 'greeting',
  sub_kind: null,
  call_flow_filename: callFlow,
  name,
  text: null,
  tts_voice: null,
  duration_ms: 1000,
});

describe('versions panel logic', () => {
  it('marks added and changed steps on the newer version, removed and changed on the older', () => {
    const diff = { added: ['a'], removed: ['r'], changed: ['c'], changes: [] };
    expect([...diffMarksFor(diff, 'newer')]).toEqual([
      ['c', 'changed'],
      ['a', 'added'],
    ]);
    expect([...diffMarksFor(diff, 'older')]).toEqual([
      ['c', 'changed'],
      ['r', 'removed'],
    ]);
  });

  it("names people by extension and greetings by either file name, for the change list's words", () => {
    const names = flowNamesOf([user('200', 'Alex', 'Morgan')], [audio('f1.wav', 'Welcome', 'welcome.wav')]);
    expect(names.extension?.('200')).toBe('Alex Morgan');
    expect(names.extension?.('999')).toBeUndefined();
    expect(names.audio?.('f1.wav')).toBe('Welcome');
    expect(names.audio?.('welcome.wav')).toBe('Welcome');
  });
});
