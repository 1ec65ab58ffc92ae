import { describe, expect, it } from 'vitest';

import { customCallFlowEditor, parseCallflowId } from './route-params.ts';

describe('route params', () => {
  it('reads callflow_id: absent is a new flow, digits a flow, anything else refused', () => {
    expect(parseCallflowId(new URLSearchParams(''))).toEqual({ ok: true, flowId: null });
    expect(parseCallflowId(new URLSearchParams('callflow_id='))).toEqual({ ok: true, flowId: null });
    expect(parseCallflowId(new URLSearchParams('callflow_id=5'))).toEqual({ ok: true, flowId: '5' });
    expect(parseCallflowId(new URLSearchParams('callflow_id=5x'))).toEqual({ ok: false });
    expect(parseCallflowId(new URLSearchParams('callflow_id=../1'))).toEqual({ ok: false });
  });
});

describe('customCallFlowEditor', () => {
  it('opens a flow by its id, or a new flow without one', () => {
    expect(customCallFlowEditor(12)).toBe('/call-flows/custom/12');
    expect(customCallFlowEditor(12, null)).toBe('/call-flows/custom/12');
    expect(customCallFlowEditor(12, '5')).toBe('/call-flows/custom/12?callflow_id=5');
  });
});
