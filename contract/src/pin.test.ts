import { describe, expect, it } from 'vitest';

import {
  isRepetitivePin,
  isSequentialPin,
  Pin,
  PIN_LENGTH,
  PIN_SERVER_DETAILS,
  pinMessages,
  pinProblem,
  PinWithConfirmation,
  rewordPinError,
} from './pin.ts';

const messageOf = (value: unknown) => {
  const result = Pin.safeParse(value);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message);
};

describe('the PIN rules', () => {
  it("words the spec's two messages as the spec gives them", () => {
    expect(pinMessages.sequential).toBe('Sequential numbers i.e 123456 are not allowed');
    expect(pinMessages.repetitive).toBe('Repetitive numbers i.e 555555 are not allowed');
    expect(PIN_LENGTH).toBe(6);
  });

  it('asks for a PIN when there is none', () => {
    expect(pinProblem('')).toBe(pinMessages.required);
    expect(pinProblem('   ')).toBe(pinMessages.required);
    expect(messageOf(undefined)).toEqual([pinMessages.required]);
    expect(messageOf(null)).toEqual([pinMessages.required]);
    expect(messageOf(123456)).toEqual([pinMessages.required]);
  });

  it('takes digits only', () => {
    for (const pin of ['12a456', '12 456', '-12345', '1.2345', '١٢٣٤٥٦', '12345６'])
      expect(pinProblem(pin), pin).toBe(pinMessages.digitsOnly);
  });

  it(`takes exactly ${PIN_LENGTH} digits`, () => {
    for (const pin of ['1', '13579', '1357924', '13579246801357'])
      expect(pinProblem(pin), pin).toBe(pinMessages.length);
    expect(pinProblem('135792')).toBeUndefined();
  });

  it("refuses runs up or down, with the spec's message", () => {
    for (const pin of ['123456', '012345', '456789', '987654', '543210', '654321']) {
      expect(isSequentialPin(pin), pin).toBe(true);
      expect(pinProblem(pin), pin).toBe(pinMessages.sequential);
    }
    // A run that wraps round, a run with one step broken, and steps of two are not sequences.
    for (const pin of ['890123', '123457', '135791', '123321']) {
      expect(isSequentialPin(pin), pin).toBe(false);
      expect(pinProblem(pin), pin).toBeUndefined();
    }
    expect(isSequentialPin('1')).toBe(false);
    expect(isSequentialPin('12a')).toBe(false);
  });

  it("refuses a block said again and again, with the spec's message", () => {
    for (const pin of ['555555', '000000', '121212', '123123', '909090']) {
      expect(isRepetitivePin(pin), pin).toBe(true);
      expect(pinProblem(pin), pin).toBe(pinMessages.repetitive);
    }
    for (const pin of ['555556', '121213', '112233', '123124']) {
      expect(isRepetitivePin(pin), pin).toBe(false);
      expect(pinProblem(pin), pin).toBeUndefined();
    }
    expect(isRepetitivePin('5')).toBe(false);
  });

  it('answers a good PIN trimmed', () => {
    expect(Pin.parse(' 271828 ')).toBe('271828');
  });
});

describe('a PIN and its confirmation', () => {
  it('needs the confirmation, and the same PIN in it', () => {
    const issues = (value: unknown) => {
      const result = PinWithConfirmation.safeParse(value);
      return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(issues({ pin: '271828', pin_confirmation: '' })).toEqual([
      ['pin_confirmation', pinMessages.confirmRequired],
    ]);
    expect(issues({ pin: '271828' })).toEqual([['pin_confirmation', pinMessages.confirmRequired]]);
    expect(issues({ pin: '271828', pin_confirmation: '271829' })).toEqual([['pin_confirmation', pinMessages.mismatch]]);
    expect(issues({ pin: '123456', pin_confirmation: '123456' })).toEqual([['pin', pinMessages.sequential]]);
    expect(issues({ pin: '271828', pin_confirmation: ' 271828' })).toEqual([]);
    expect(PinWithConfirmation.parse({ pin: '271828', pin_confirmation: '271828' })).toEqual({
      pin: '271828',
      pin_confirmation: '271828',
    });
  });
});

describe('rewordPinError', () => {
  it("turns the platform's details into the spec's messages and leaves the rest as sent", () => {
    expect(rewordPinError(PIN_SERVER_DETAILS.sequential)).toBe(pinMessages.sequential);
    expect(rewordPinError(PIN_SERVER_DETAILS.repetitive)).toBe(pinMessages.repetitive);
    expect(rewordPinError(` ${PIN_SERVER_DETAILS.repetitive.toUpperCase()} `)).toBe(pinMessages.repetitive);
    expect(rewordPinError('The user is locked')).toBe('The user is locked');
  });
});
