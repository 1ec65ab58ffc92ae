import { describe, expect, it } from 'vitest';

import { AddDeviceRequest, AssignPortRequest, hardwareMessages, normaliseMacAddress, portCounts } from './hardware.ts';

describe('MAC address (spec 001 section 5: 12 hex characters)', () => {
  it.each([
    ['001A2B3C4D5E', '00:1A:2B:3C:4D:5E'],
    ['00:1a:2b:3c:4d:5e', '00:1A:2B:3C:4D:5E'],
    ['00-1A-2B-3C-4D-5E', '00:1A:2B:3C:4D:5E'],
    ['  abcdefABCDEF ', 'AB:CD:EF:AB:CD:EF'],
  ])('takes %j as %s', (text, normalised) => {
    expect(normaliseMacAddress(text)).toBe(normalised);
    expect(AddDeviceRequest.parse({ model_id: 1, mac_address: text }).mac_address).toBe(normalised);
  });

  it.each([
    '001A2B3C4D5',
    '001A2B3C4D5E6',
    '00:1A:2B:3C:4D:5G',
    '00:1A-2B:3C:4D:5E',
    '00::1A:2B:3C:4D:5E',
    '001A.2B3C.4D5E',
    '0:01A:2B:3C:4D:5E',
    'ZZZZZZZZZZZZ',
  ])('refuses %j with a readable message', (text) => {
    expect(normaliseMacAddress(text)).toBeNull();
    const result = AddDeviceRequest.safeParse({ model_id: 1, mac_address: text });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(hardwareMessages.macInvalid);
  });

  it('asks for a MAC address when none is given', () => {
    expect(AddDeviceRequest.safeParse({ model_id: 1, mac_address: '  ' }).error?.issues[0]?.message).toBe(
      hardwareMessages.macRequired,
    );
    expect(AddDeviceRequest.safeParse({ model_id: 1 }).error?.issues[0]?.message).toBe(hardwareMessages.macRequired);
  });
});

describe('ports', () => {
  it('free_ports is total_ports minus assigned_ports', () => {
    const user = { id: 1, name: 'Alex Morgan', extension: '200' };
    expect(
      portCounts([
        { port: 1, user },
        { port: 2, user: null },
        { port: 3, user: null },
      ]),
    ).toEqual({ total_ports: 3, assigned_ports: 1, free_ports: 2 });
  });

  it('a port is a whole number from 1; a user id or null frees it', () => {
    expect(AssignPortRequest.safeParse({ device_id: 1, port: 0, user_id: 2 }).success).toBe(false);
    expect(AssignPortRequest.safeParse({ device_id: 1, port: 1.5, user_id: 2 }).success).toBe(false);
    expect(AssignPortRequest.safeParse({ device_id: 1, port: 1, user_id: null }).success).toBe(true);
    expect(AssignPortRequest.safeParse({ device_id: 1, port: 1 }).success).toBe(false);
  });
});
