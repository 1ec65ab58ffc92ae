import type { FastifyRequest } from 'fastify';

import {
  checkContact,
  CONTACT_COLUMNS,
  contactKey,
  contactMessages,
  CONTACTS_PAGE_SIZE,
  CONTACTS_TEMPLATE_FILENAME,
  MAX_CONTACTS,
  normaliseUkPhone,
  type ContactFields,
  type FailedContact,
} from '@portal/contract';

import { ApiError, detailError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { notFound, ownedVoipProduct, rowId } from '../products/index.ts';
import {
  addContacts,
  contactKeysOf,
  contactList,
  phonebookUuidOf,
  removeContact,
  replaceContact,
} from './contacts-repository.ts';

/**
 * One of the customer's voip3 cloud phones, else 404: company contacts do not exist for the
 * older version (spec 000 route rules), nor for another account's product.
 */
async function contactsPhone(request: FastifyRequest, id: string) {
  const product = await ownedVoipProduct(request, rowId(id));
  if (product.supplier !== 3) throw notFound();
  return product;
}

/** The product's phonebook, and 404 unless `phonebook` is its uuid. */
async function ownedPhonebook(request: FastifyRequest, id: string, phonebook: string) {
  const product = await contactsPhone(request, id);
  const uuid = await phonebookUuidOf(request.server.db, product.id);
  if (uuid !== phonebook) throw detailError(404, contactMessages.unknownPhonebook);
  return product;
}

/** The CSV template: the header row only, so nothing in it can be imported by mistake. */
export const CONTACTS_TEMPLATE = `${CONTACT_COLUMNS.join(',')}\r\n`;

/** Company contacts (spec 001 section 7 "Contacts"): list, import (bulk and single), put, delete, template. */
export const contactHandlers = {
  listContacts: async ({ params, query, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const product = await contactsPhone(request, params.id);
    const { db } = request.server;
    const search = (query.search ?? '').trim();
    const pageSize = query.page_size ?? CONTACTS_PAGE_SIZE;
    const page = query.page === undefined ? null : { limit: pageSize, offset: (query.page - 1) * pageSize };
    const [uuid, list] = await Promise.all([
      phonebookUuidOf(db, product.id),
      contactList(db, product.id, {
        search,
        searchNumber: search === '' ? null : normaliseUkPhone(search),
        page,
      }),
    ]);
    return { phonebook_uuid: uuid, count: list.count, total: list.total, contacts: list.rows };
  },

  importContacts: async ({ params, body, request }) => {
    const product = await contactsPhone(request, params.id);
    const { db } = request.server;
    await phonebookUuidOf(db, product.id);
    const existing = await contactKeysOf(db, product.id);
    const known = new Set(existing.map(contactKey));
    const inRequest = new Set<string>();
    const accepted: ContactFields[] = [];
    const failed: FailedContact[] = [];
    let room = MAX_CONTACTS - existing.length;
    body.contacts.forEach((row, index) => {
      const checked = checkContact(row);
      if (!checked.ok) {
        failed.push({ index, contact: row, errors: checked.errors });
        return;
      }
      const key = contactKey(checked.contact);
      if (known.has(key)) failed.push({ index, contact: row, errors: { firstname: contactMessages.duplicate } });
      else if (inRequest.has(key))
        failed.push({ index, contact: row, errors: { firstname: contactMessages.duplicateInFile } });
      else if (room <= 0) failed.push({ index, contact: row, errors: { firstname: contactMessages.phonebookFull } });
      else {
        inRequest.add(key);
        accepted.push(checked.contact);
        room -= 1;
      }
    });
    const created = accepted.length > 0 ? await addContacts(db, product.id, accepted) : [];
    return { created, failed };
  },

  updateContact: async ({ params, body, request }) => {
    const product = await ownedPhonebook(request, params.id, params.phonebook);
    const checked = checkContact(body);
    if (!checked.ok)
      throw new ApiError(
        400,
        Object.fromEntries(Object.entries(checked.errors).map(([field, message]) => [field, [message]])),
      );
    const row = await replaceContact(request.server.db, product.id, rowId(params.contact), checked.contact);
    if (!row) throw detailError(404, contactMessages.unknownContact);
    return row;
  },

  deleteContact: async ({ params, request }) => {
    const product = await ownedPhonebook(request, params.id, params.phonebook);
    const removed = await removeContact(request.server.db, product.id, rowId(params.contact));
    if (!removed) throw detailError(404, contactMessages.unknownContact);
    return { detail: 'Contact deleted' };
  },

  contactsTemplate: async ({ params, request, reply }) => {
    await contactsPhone(request, params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${CONTACTS_TEMPLATE_FILENAME}"`)
      .send(CONTACTS_TEMPLATE);
  },
} satisfies Pick<Handlers, 'listContacts' | 'importContacts' | 'updateContact' | 'deleteContact' | 'contactsTemplate'>;
