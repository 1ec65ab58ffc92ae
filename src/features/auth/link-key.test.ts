import { describe, expect, it, vi } from 'vitest';

import { keyFromHash, once } from './link-key.ts';

describe('keyFromHash', () => {
  it('reads the key of a magic link fragment', () => {
    expect(keyFromHash('#key=Zm9vYmFyLWJhel9xdXV4')).toBe('Zm9vYmFyLWJhel9xdXV4');
    expect(keyFromHash('key=abc')).toBe('abc');
  });

  it('finds the key among other fragment values and decodes it, keeping +', () => {
    expect(keyFromHash('#utm=mail&key=a%2Db&x=1')).toBe('a-b');
    expect(keyFromHash('#key=a+b')).toBe('a+b');
    expect(keyFromHash('#key=ab=')).toBe('ab=');
  });

  it('answers null without a key, or with an empty one', () => {
    expect(keyFromHash('')).toBeNull();
    expect(keyFromHash('#')).toBeNull();
    expect(keyFromHash('#key=')).toBeNull();
    expect(keyFromHash('#keys=abc')).toBeNull();
    expect(keyFromHash('#token=abc')).toBeNull();
  });

  it('passes a malformed escape on as it is, for the server to refuse', () => {
    expect(keyFromHash('#key=%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('once', () => {
  it('shares one run among the calls made while it is pending (StrictMode runs effects twice)', async () => {
    const action = vi.fn(async () => 'token');
    const first = once('test:ok', action);
    const second = once('test:ok', action);
    expect(second).toBe(first);
    await expect(first).resolves.toBe('token');
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('shares a failure with the calls made meanwhile, then runs again when asked later', async () => {
    const action = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('token');
    const first = once('test:retry', action);
    const meanwhile = once('test:retry', action);
    await expect(first).rejects.toThrow('offline');
    await expect(meanwhile).rejects.toThrow('offline');
    await expect(once('test:retry', action)).resolves.toBe('token');
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('runs again after a success, so a later visit hears what the server says now', async () => {
    const action = vi.fn().mockResolvedValueOnce('verified').mockRejectedValueOnce(new Error('used'));
    await expect(once('test:later', action)).resolves.toBe('verified');
    await expect(once('test:later', action)).rejects.toThrow('used');
  });

  it('keeps different ids apart', async () => {
    const a = once('test:a', async () => 'a');
    const b = once('test:b', async () => 'b');
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
  });
});
