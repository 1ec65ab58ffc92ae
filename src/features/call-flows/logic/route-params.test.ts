import { describe, expect, it } from 'vitest';
import { parseCallflowId, parseProductId } from './route-params.ts';

describe('route params', () => {
  it('takes a positive whole product id', () => {
    expect(parseProductId('12')).toBe(12);
    expect(parseProductId('0')).toBeNull();
    expect(parseProductId('012')).toBeNull();
    expect(parseProductId('-1')).toBeNull();
    expect(parseProductId('1.5')).toBeNull();
    expect(parseProductId('abc')).toBeNull();
    expect(parseProductId(undefined)).toBeNull();
    expect(parseProductId('1234567890123')).toBeNull();
  });

  it('reads callflow_id: absent is a new flow, digits a flow, anything else refused', () => {
    expect(parseCallflowId(new URLSearchParams(''))).toEqual({ ok: true, flowId: null });
    expect(parseCallflowId(new URLSearchParams('callflow_id='))).toEqual({ ok: true, flowId: null });
    expect(parseCallflowId(new URLSearchParams('callflow_id=5'))).toEqual({ ok: true, flowId: '5' });
    expect(parseCallflowId(new URLSearchParams('callflow_id=5x'))).toEqual({ ok: false });
    expect(parseCallflowId(new URLSearchParams('callflow_id=../1'))).toEqual({ ok: false });
  });
});
