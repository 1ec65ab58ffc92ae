import { describe, expect, it } from 'vitest';

import { checkContact, contactMessages, displayPhone, MAX_IMPORT_FILE_ROWS } from '@portal/contract';

import { contactsToCsv, csvMessages, parseContactsCsv } from './contacts-csv.ts';

const contact = (
  over: Partial<{
    id: number;
    firstname: string;
    lastname: string;
    number: string;
    email: string;
    enterprise: string;
  }> = {},
) => ({
  id: 1,
  firstname: 'Ann',
  lastname: 'Lee',
  number: '01632960001',
  email: '',
  enterprise: '',
  ...over,
});

describe('contacts CSV', () => {
  it('reads the template columns, aliases, quotes and a BOM, skipping empty lines', () => {
    const parsed = parseContactsCsv(
      '\ufeffFirst Name,Surname,Phone,E-mail,Company,Notes\r\n"Smith, Jo",O\'Neil,01632 960001,jo@x.example,"Quill ""&"" Co",hi\r\n\r\nBo,,07700900001,,,\n',
    );
    expect(parsed).toEqual({
      ok: true,
      ignoredColumns: ['Notes'],
      rows: [
        {
          row: 1,
          contact: {
            firstname: 'Smith, Jo',
            lastname: "O'Neil",
            number: '01632 960001',
            email: 'jo@x.example',
            enterprise: 'Quill "&" Co',
          },
        },
        { row: 2, contact: { firstname: 'Bo', lastname: '', number: '07700900001', email: '', enterprise: '' } },
      ],
    });
  });

  it('refuses a file without the needed columns, without rows, or too long', () => {
    expect(parseContactsCsv('')).toEqual({ ok: false, error: csvMessages.empty });
    expect(parseContactsCsv('firstname,lastname\nA,B')).toEqual({ ok: false, error: csvMessages.noNumberColumn });
    expect(parseContactsCsv('number,email\n01632960001,a@b.example')).toEqual({
      ok: false,
      error: csvMessages.noNameColumn,
    });
    expect(parseContactsCsv('firstname,number\n')).toEqual({ ok: false, error: csvMessages.empty });
    const long = `firstname,number\n${'A,01632960001\n'.repeat(MAX_IMPORT_FILE_ROWS + 1)}`;
    expect(parseContactsCsv(long)).toEqual({ ok: false, error: csvMessages.tooManyRows });
  });

  it('escapes formulae on export and reads them back unchanged', () => {
    const risky = [
      contact({ firstname: '=HYPERLINK("http://evil.example","click")', lastname: '+1', enterprise: '@SUM(A1)' }),
      contact({ id: 2, firstname: '-2+3', lastname: 'Plain, "quoted"', email: 'a@b.example' }),
    ];
    const csv = contactsToCsv(risky);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('firstname,lastname,number,email,enterprise');
    // No cell starts with a formula character.
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")","'+1",01632960001,,"'@SUM(A1)"`);
    expect(lines[2]!.startsWith(`"'-2+3",`)).toBe(true);
    const back = parseContactsCsv(csv);
    expect(back.ok && back.rows.map((row) => row.contact)).toEqual(risky.map(({ id: _id, ...rest }) => rest));
  });
});

describe('the contact rule (contract) and the phone display rule', () => {
  it('needs a name and a UK number, and cleans them', () => {
    expect(checkContact({ firstname: ' Ann ', number: '+44 (1632) 960-001' })).toEqual({
      ok: true,
      contact: { firstname: 'Ann', lastname: '', number: '01632960001', email: '', enterprise: '' },
    });
    expect(checkContact({ number: '01632960001' })).toEqual({
      ok: false,
      errors: { firstname: contactMessages.nameRequired },
    });
    expect(checkContact({ firstname: 'A', number: '0800 000 000', email: 'x' })).toEqual({
      ok: false,
      errors: { number: contactMessages.numberInvalid, email: contactMessages.emailInvalid },
    });
  });

  it('shows a number starting 0 as +44 without the 0; 3 characters unchanged', () => {
    expect(displayPhone('01632960001')).toBe('+441632960001');
    expect(displayPhone('07700900123')).toBe('+447700900123');
    expect(displayPhone('200')).toBe('200');
    expect(displayPhone('012')).toBe('012');
    expect(displayPhone('+441632960001')).toBe('+441632960001');
  });
});
