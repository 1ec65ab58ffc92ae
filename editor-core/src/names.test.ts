import { describe, expect, it } from 'vitest';

import { flowNameError, nextFlowName } from './names.ts';

describe('call flow names', () => {
  it("names a new flow 'Custom call flow N' with the smallest unused N from 1", () => {
    expect(nextFlowName([])).toBe('Custom call flow 1');
    expect(nextFlowName(['Custom call flow 1', 'Custom call flow 3'])).toBe('Custom call flow 2');
    expect(nextFlowName(['custom CALL flow 1', 'Custom call flow 2'])).toBe('Custom call flow 3');
    expect(nextFlowName(['Sales', 'Custom call flow 10'])).toBe('Custom call flow 1');
  });
  it('answers the spec messages', () => {
    expect(flowNameError('')).toBe('Please set a callflow name');
    expect(flowNameError('   ')).toBe('Please set a callflow name');
    expect(flowNameError('Sales', ['Support', 'Sales'])).toBe(
      'This callflow name has already been used. Please try a different name.',
    );
    expect(flowNameError('sales ', ['Sales'])).toBe(
      'This callflow name has already been used. Please try a different name.',
    );
    expect(flowNameError('Sales', ['Support'])).toBeNull();
  });
});
