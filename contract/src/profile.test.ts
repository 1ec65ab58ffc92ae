import { describe, expect, it } from 'vitest';

import {
  FullName,
  fullNameMessages,
  normaliseUkPhone,
  OptionalUkPhone,
  phoneMessages,
  splitFullName,
} from './profile.ts';

const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('the full name (spec 000 section 5)', () => {
  it('needs at least two space-separated words, and splits into first_name and last_name', () => {
    expect(FullName.parse('Alex Morgan')).toEqual({ first_name: 'Alex', last_name: 'Morgan' });
    expect(FullName.parse('  Mary Anne \t Smith ')).toEqual({ first_name: 'Mary', last_name: 'Anne Smith' });
    expect(splitFullName('Cher')).toBeNull();
  });

  it('explains what is missing', () => {
    expect(firstMessage(FullName.safeParse(''))).toBe(fullNameMessages.required);
    expect(firstMessage(FullName.safeParse('   '))).toBe(fullNameMessages.required);
    expect(firstMessage(FullName.safeParse('Cher'))).toBe(fullNameMessages.twoWords);
    expect(firstMessage(FullName.safeParse(`${'a'.repeat(101)} Smith`))).toBe(fullNameMessages.tooLong);
    expect(firstMessage(FullName.safeParse(undefined))).toBe(fullNameMessages.required);
  });
});

describe('UK phone numbers (spec 000 section 5)', () => {
  it.each([
    ['01632 960001', '01632960001'],
    ['020 7946 0000', '02079460000'],
    ['07700 900982', '07700900982'],
    ['7700900982', '07700900982'], // starting with 7: a leading 0
    ['+447700900982', '07700900982'], // a leading + goes, and the prefix stands for the 0
    ['447700900982', '07700900982'],
    ['0044 20 7946 0000', '02079460000'],
    ['(01632) 960-001', '01632960001'],
  ])('%s is %s', (typed, national) => {
    expect(normaliseUkPhone(typed)).toBe(national);
  });

  it.each([
    '0800 123 4567',
    '0345 000 0000',
    '01632 96000',
    '016329600011',
    '+1 202 555 0100',
    '+44 (0)20 7946 0000',
    'phone me',
    '770090098',
  ])('%s is not one', (typed) => {
    expect(normaliseUkPhone(typed)).toBeNull();
  });

  it("allows '' for no number, and answers the national form", () => {
    expect(OptionalUkPhone.parse('  ')).toBe('');
    expect(OptionalUkPhone.parse(' +44 7700 900982 ')).toBe('07700900982');
    expect(firstMessage(OptionalUkPhone.safeParse('12345'))).toBe(phoneMessages.invalid);
    expect(firstMessage(OptionalUkPhone.safeParse(12345))).toBe(phoneMessages.invalid);
  });
});
