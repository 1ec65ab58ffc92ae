import { describe, expect, it } from 'vitest';

import type { CallFlowSummary } from '@portal/contract';

import { activeCallFlowText, activeCustomFlow, copyFlowName, describeActiveCallFlow } from './flow-list.ts';

const summary = (id: string, name: string, enable: boolean): CallFlowSummary => ({
  id,
  name,
  enable,
  valid: true,
  version: 1,
  updated_at: '2025-01-01T00:00:00Z',
});

describe('the active call flow', () => {
  it('is the first flow with enable true', () => {
    const flows = [summary('1', 'A', false), summary('2', 'B', true), summary('3', 'C', true)];
    expect(activeCustomFlow(flows)?.id).toBe('2');
    expect(describeActiveCallFlow(flows, true)).toEqual({ kind: 'custom', flow: flows[1] });
    expect(activeCallFlowText(describeActiveCallFlow(flows, false))).toBe('B is your active call flow');
  });

  it("says the agent call flow is active when 'DefaultBusinessHours_Custom' is enabled", () => {
    const flows = [summary('1', 'DefaultBusinessHours_Custom', true)];
    const active = describeActiveCallFlow(flows, false);
    expect(active.kind).toBe('agent');
    expect(activeCallFlowText(active)).toBe('The agent call flow is active');
  });

  it('falls back to the simple call flow, then to none', () => {
    const flows = [summary('1', 'A', false)];
    expect(activeCallFlowText(describeActiveCallFlow(flows, true))).toBe('Your simple call flow is active');
    expect(activeCallFlowText(describeActiveCallFlow([], false))).toBe('No call flow is active');
  });
});

describe('copyFlowName', () => {
  it('adds (copy), then numbers it, case-insensitively', () => {
    expect(copyFlowName('Sales', ['Sales'])).toBe('Sales (copy)');
    expect(copyFlowName('Sales', ['Sales', 'sales (COPY)'])).toBe('Sales (copy 2)');
    expect(copyFlowName('Sales', ['Sales', 'Sales (copy)', 'Sales (copy 2)'])).toBe('Sales (copy 3)');
  });

  it('stays within 100 characters', () => {
    const long = 'x'.repeat(100);
    const name = copyFlowName(long, [long]);
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name.endsWith(' (copy)')).toBe(true);
  });

  it('names a copy of an unnamed flow', () => {
    expect(copyFlowName('  ', [])).toBe('Call flow (copy)');
  });
});
