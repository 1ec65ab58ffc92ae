import Papa from 'papaparse';

import {
  CONTACT_COLUMNS,
  MAX_IMPORT_FILE_ROWS,
  type Contact,
  type ContactColumn,
  type ContactRow,
} from '@portal/contract';
import { displayCount } from '@portal/editor-core';

/**
 * The phonebook as CSV, with papaparse (RFC 4180 quoting, BOMs, line endings, quotes inside
 * fields). Export escapes formulae: a cell starting =, +, -, @, tab or carriage return gets a
 * leading ' so a spreadsheet shows it as text instead of running it; import takes that ' off
 * again, so a contact named =HYPERLINK(...) survives the round trip unchanged.
 */

/** Headers people write for each column (compared without case, spaces, dashes or underscores). */
const HEADER_ALIASES: Record<string, ContactColumn> = {
  firstname: 'firstname',
  first: 'firstname',
  forename: 'firstname',
  givenname: 'firstname',
  lastname: 'lastname',
  last: 'lastname',
  surname: 'lastname',
  familyname: 'lastname',
  number: 'number',
  phone: 'number',
  phonenumber: 'number',
  telephone: 'number',
  mobile: 'number',
  email: 'email',
  emailaddress: 'email',
  enterprise: 'enterprise',
  company: 'enterprise',
  organisation: 'enterprise',
  organization: 'enterprise',
  business: 'enterprise',
};

const headerKey = (header: string) =>
  header
    .replace(/^\ufeff/, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

export const csvMessages = {
  empty: 'The file has no contacts in it. Fill in the template, one contact a row under the header row.',
  noNumberColumn:
    'The file has no number column. Use the template: its first row is firstname,lastname,number,email,enterprise.',
  noNameColumn:
    'The file has no firstname or lastname column. Use the template: its first row is firstname,lastname,number,email,enterprise.',
  tooManyRows: `The file has more than ${displayCount(MAX_IMPORT_FILE_ROWS)} contacts. Split it into smaller files.`,
  notCsv: 'This is not a CSV file. Save the spreadsheet as CSV (comma separated values) and choose that file.',
} as const;

/** A contact of the file: its row (the first under the header is row 1; empty lines are not counted) and its fields. */
export interface CsvContact {
  row: number;
  contact: ContactRow;
}

export type ParsedCsv = { ok: true; rows: CsvContact[]; ignoredColumns: string[] } | { ok: false; error: string };

/** A cell as exported with a ' before a formula character: the ' comes off. */
const FORMULA_ESCAPED = /^'[=+\-@\t\r]/;
const unescapeCell = (value: string) => (FORMULA_ESCAPED.test(value) ? value.slice(1) : value);

/** Reads a CSV file's text: the header row names the columns (the template's, or a common alias). */
export function parseContactsCsv(text: string): ParsedCsv {
  if (text.includes('\u0000')) return { ok: false, error: csvMessages.notCsv };
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...body] = parsed.data;
  if (!header) return { ok: false, error: csvMessages.empty };
  const columns = header.map((name) => HEADER_ALIASES[headerKey(name)] ?? null);
  if (!columns.includes('number')) return { ok: false, error: csvMessages.noNumberColumn };
  if (!columns.includes('firstname') && !columns.includes('lastname'))
    return { ok: false, error: csvMessages.noNameColumn };
  if (body.length === 0) return { ok: false, error: csvMessages.empty };
  if (body.length > MAX_IMPORT_FILE_ROWS) return { ok: false, error: csvMessages.tooManyRows };
  const ignoredColumns = header.filter((name, i) => columns[i] === null && name.trim() !== '');
  const rows: CsvContact[] = body.map((cells, i) => {
    const contact: ContactRow = {};
    cells.forEach((cell, c) => {
      const column = columns[c];
      if (column && contact[column] === undefined) contact[column] = unescapeCell(cell);
    });
    return { row: i + 1, contact };
  });
  return { ok: true, rows, ignoredColumns };
}

/** The phonebook as CSV text in the template's columns, formulae escaped. */
export function contactsToCsv(contacts: readonly Contact[]): string {
  return Papa.unparse(
    { fields: [...CONTACT_COLUMNS], data: contacts.map((contact) => CONTACT_COLUMNS.map((column) => contact[column])) },
    { escapeFormulae: true, newline: '\r\n' },
  );
}
