// zod/mini, like the other contracts a page loads: only the company contacts page loads these.
import * as z from 'zod/mini';

import { displayCount, normaliseUkPhone } from '@portal/editor-core';

import { endpoint } from './endpoint.ts';
import { idText } from './ids.ts';
import { pageNumber, pageSize } from './paging.ts';
import { hasHiddenCharacters, textMessages } from './text.ts';

/**
 * Company contacts: a cloud phone's phonebook (spec 001 sections 2, 3 "Contact", 7 "Contacts").
 * The spec names the calls, the fields (id, firstname, lastname, number, email, enterprise), the
 * phonebook's uuid, the import result (created and failed) and the template's file name; the rest
 * is our design:
 *
 * - One phonebook per voip3 cloud phone (the older version has no company contacts: 404), made on
 *   first use. Up to MAX_CONTACTS contacts.
 * - A contact needs a name (first or last) and a UK phone number (the contract's UK rule, stored in
 *   national form); e-mail and company are optional.
 * - POST .../import-contacts/ adds one contact or many (an import sends its rows in chunks of up to
 *   MAX_IMPORT_ROWS): every row is checked on its own; the answer lists those created and those that
 *   failed with their reasons, so one bad row never stops the rest. A row identical to a contact
 *   already in the phonebook (same names and number) fails as a duplicate, so importing a file twice
 *   adds nothing twice.
 * - GET .../contacts/ lists the phonebook sorted by name; with `page` it answers one page (search
 *   and paging for the page), without it the whole phonebook (the export).
 */

/** Most contacts one phonebook holds. */
export const MAX_CONTACTS = 20_000;
/** Most rows one import request carries; the page sends a larger file in chunks of this size. */
export const MAX_IMPORT_ROWS = 1000;
/** Most rows one CSV file may hold. */
export const MAX_IMPORT_FILE_ROWS = 10_000;
/** Contacts per page of the list. */
export const CONTACTS_PAGE_SIZE = 20;
/** Longest name, company or e-mail address. */
export const MAX_CONTACT_FIELD = 100;
/** The template's file name (spec 001 section 9). */
export const CONTACTS_TEMPLATE_FILENAME = 'import-contact.csv';
/** The columns of the template and of an export, in order. */
export const CONTACT_COLUMNS = ['firstname', 'lastname', 'number', 'email', 'enterprise'] as const;
export type ContactColumn = (typeof CONTACT_COLUMNS)[number];

export const contactMessages = {
  nameRequired: 'Enter a first name or a last name',
  nameTooLong: `Names must be ${MAX_CONTACT_FIELD} characters or fewer`,
  numberRequired: 'Enter a phone number',
  numberInvalid: 'Enter a UK phone number starting 01, 02 or 07, like 01632 960001 or 07700 900982',
  emailInvalid: 'Enter an email address in the correct format, like name@example.com',
  emailTooLong: `Email address must be ${MAX_CONTACT_FIELD} characters or fewer`,
  enterpriseTooLong: `Company must be ${MAX_CONTACT_FIELD} characters or fewer`,
  duplicate: 'Already in the phonebook (same name and number)',
  duplicateInFile: 'The same name and number appear earlier in this import',
  phonebookFull: `The phonebook is full: it holds at most ${displayCount(MAX_CONTACTS)} contacts`,
  tooManyRows: `Send at most ${MAX_IMPORT_ROWS} contacts at once`,
  noRows: 'Send at least one contact',
  unknownPhonebook: 'Unknown phonebook',
  unknownContact: 'Unknown contact',
  unknownProduct: 'Unknown product',
  searchTooLong: 'Search must be 100 characters or fewer',
} as const;

/** A contact as stored and answered: the number in national form (0 and ten digits). */
export const Contact = z.object({
  id: z.int(),
  firstname: z.string(),
  lastname: z.string(),
  number: z.string(),
  email: z.string(),
  enterprise: z.string(),
});
export type Contact = z.infer<typeof Contact>;

/** What a contact is made of, as checked (checkContact's answer). */
export type ContactFields = Omit<Contact, 'id'>;

/** A contact as sent (a form or a CSV row): any field may be missing; the server checks each row (checkContact). */
const rowText = z.optional(z.string().check(z.maxLength(1000, 'Each field must be 1000 characters or fewer')));
export const ContactRow = z.object({
  firstname: rowText,
  lastname: rowText,
  number: rowText,
  email: rowText,
  enterprise: rowText,
});
export type ContactRow = z.infer<typeof ContactRow>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A row's reasons to refuse it, by field (empty when none), or its fields cleaned up. */
export type ContactCheck =
  { ok: true; contact: ContactFields } | { ok: false; errors: Partial<Record<ContactColumn, string>> };

/**
 * Checks one contact (a form's or a CSV row's) by the phonebook's rules and cleans it: text
 * trimmed, the number in national form. The page's form, the import preview and the server
 * use this one function.
 * @example checkContact({ firstname: 'Ann', number: '+44 1632 960001' }) // { ok: true, contact: { ..., number: '01632960001' } }
 */
export function checkContact(row: ContactRow): ContactCheck {
  const text = (value: string | undefined) => (value ?? '').trim();
  const firstname = text(row.firstname);
  const lastname = text(row.lastname);
  const number = text(row.number);
  const email = text(row.email);
  const enterprise = text(row.enterprise);
  const errors: Partial<Record<ContactColumn, string>> = {};
  if (firstname === '' && lastname === '') errors.firstname = contactMessages.nameRequired;
  else if (firstname.length > MAX_CONTACT_FIELD || lastname.length > MAX_CONTACT_FIELD)
    errors.firstname = contactMessages.nameTooLong;
  else if (hasHiddenCharacters(firstname) || hasHiddenCharacters(lastname))
    errors.firstname = textMessages.hiddenCharacters;
  const national = number === '' ? null : normaliseUkPhone(number);
  if (number === '') errors.number = contactMessages.numberRequired;
  else if (national === null || number.length > 30) errors.number = contactMessages.numberInvalid;
  if (email.length > MAX_CONTACT_FIELD) errors.email = contactMessages.emailTooLong;
  else if (email !== '' && !EMAIL.test(email)) errors.email = contactMessages.emailInvalid;
  if (enterprise.length > MAX_CONTACT_FIELD) errors.enterprise = contactMessages.enterpriseTooLong;
  else if (hasHiddenCharacters(enterprise)) errors.enterprise = textMessages.hiddenCharacters;
  if (Object.keys(errors).length > 0 || national === null) return { ok: false, errors };
  return { ok: true, contact: { firstname, lastname, number: national, email, enterprise } };
}

/** The key two contacts share when they are the same entry: names (any case) and number. */
export const contactKey = (contact: Pick<ContactFields, 'firstname' | 'lastname' | 'number'>): string =>
  `${contact.firstname.toLowerCase()}\u0000${contact.lastname.toLowerCase()}\u0000${contact.number}`;

/** The portal's one phone number display rule (spec 001 section 9, "Phone"), from editor-core, where the client takes it with the contract. */
export { displayPhone } from '@portal/editor-core';

/** GET .../contacts/: the phonebook's uuid, how many contacts match, and those of the page asked for (all without `page`). */
export const ContactList = z.object({
  phonebook_uuid: z.string(),
  /** Contacts matching the search (all of them without one). */
  count: z.int(),
  /** The whole phonebook's size, whatever the search. */
  total: z.int(),
  contacts: z.array(Contact),
});
export type ContactList = z.infer<typeof ContactList>;

export const ContactListQuery = z.object({
  search: z.optional(z.string().check(z.maxLength(100, contactMessages.searchTooLong))),
  page: pageNumber(),
  page_size: pageSize(100),
});

/** POST .../import-contacts/: one contact (the add dialog) or many (an import chunk). */
export const ImportContactsRequest = z.object({
  contacts: z
    .array(ContactRow)
    .check(z.minLength(1, contactMessages.noRows), z.maxLength(MAX_IMPORT_ROWS, contactMessages.tooManyRows)),
});
export type ImportContactsRequest = z.input<typeof ImportContactsRequest>;

/** A row that was not added: its position in the request (0-based), the row as sent and why, by field. */
export const FailedContact = z.object({
  index: z.int(),
  contact: ContactRow,
  errors: z.record(z.string(), z.string()),
});
export type FailedContact = z.infer<typeof FailedContact>;

export const ImportContactsResult = z.object({ created: z.array(Contact), failed: z.array(FailedContact) });
export type ImportContactsResult = z.infer<typeof ImportContactsResult>;

/** PUT .../contacts/{phonebook}/{contact}/: the whole contact; a failed rule is a 400 naming the field. */
export const ContactUpdate = z.object({
  firstname: z.optional(z.string()),
  lastname: z.optional(z.string()),
  number: z.optional(z.string()),
  email: z.optional(z.string()),
  enterprise: z.optional(z.string()),
});

/** The CSV template, sent as text/csv. */
export const ContactsTemplate = z.string();

const ProductParams = z.object({ id: idText(contactMessages.unknownProduct) });
const ContactParams = z.object({
  id: idText(contactMessages.unknownProduct),
  phonebook: z.string().check(z.regex(/^[0-9a-f-]{36}$/, contactMessages.unknownPhonebook)),
  contact: idText(contactMessages.unknownContact, contactMessages.unknownContact),
});

const base = '/api/v1/voip/:id';

export const contactEndpoints = {
  listContacts: endpoint({
    method: 'GET',
    path: `${base}/contacts/`,
    summary:
      "A voip3 cloud phone's phonebook: its uuid and contacts sorted by name; `page` (and `page_size`, default 20) for one page, `search` to filter by name, number, e-mail or company",
    auth: true,
    params: ProductParams,
    query: ContactListQuery,
    response: ContactList,
  }),
  importContacts: endpoint({
    method: 'POST',
    path: `${base}/import-contacts/`,
    summary:
      'Adds one contact or up to 1000 (an import chunk); each row is checked on its own and answered as created or failed with its reasons',
    auth: true,
    params: ProductParams,
    body: ImportContactsRequest,
    response: ImportContactsResult,
  }),
  updateContact: endpoint({
    method: 'PUT',
    path: `${base}/contacts/:phonebook/:contact/`,
    summary: 'Replaces a contact (400 naming the field that breaks a rule)',
    auth: true,
    params: ContactParams,
    body: ContactUpdate,
    response: Contact,
  }),
  deleteContact: endpoint({
    method: 'DELETE',
    path: `${base}/contacts/:phonebook/:contact/`,
    summary: 'Deletes a contact',
    auth: true,
    params: ContactParams,
    response: z.object({ detail: z.string() }),
  }),
  contactsTemplate: endpoint({
    method: 'GET',
    path: `${base}/import-contacts-template/`,
    summary: 'The CSV template to fill in for an import (import-contact.csv): the header row',
    auth: true,
    params: ProductParams,
    response: ContactsTemplate,
  }),
};
