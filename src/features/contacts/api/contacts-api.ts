import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { contactEndpoints, type ContactRow, type ImportContactsResult } from '@portal/contract';

import { apiBlob, apiCall } from '../../../lib/http.ts';

/** The list's queries all start with this key: a change invalidates them all. */
export const contactsKey = (productId: number) => ['contacts', productId] as const;

/** GET /api/v1/voip/{id}/contacts/: one page of the phonebook, searched. */
export function contactsPageQueryOptions(productId: number, search: string, page: number) {
  return queryOptions({
    queryKey: [...contactsKey(productId), 'page', search, page],
    queryFn: ({ signal }) =>
      apiCall(contactEndpoints.listContacts, {
        params: { id: productId },
        query: { page: String(page), ...(search !== '' && { search }) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useContactsPage(productId: number, search: string, page: number) {
  return useQuery(contactsPageQueryOptions(productId, search, page));
}

/** The whole phonebook (the export). */
export function allContacts(productId: number) {
  return apiCall(contactEndpoints.listContacts, { params: { id: productId }, query: {} });
}

/** POST .../import-contacts/: one contact or a chunk of an import. */
export function importContacts(
  productId: number,
  contacts: ContactRow[],
  signal?: AbortSignal,
): Promise<ImportContactsResult> {
  return apiCall(contactEndpoints.importContacts, {
    params: { id: productId },
    body: { contacts },
    ...(signal && { signal }),
  });
}

/** PUT .../contacts/{phonebook}/{contact}/. */
export function updateContact(productId: number, phonebook: string, contactId: number, contact: ContactRow) {
  return apiCall(contactEndpoints.updateContact, {
    params: { id: productId, phonebook, contact: contactId },
    body: contact,
  });
}

/** DELETE .../contacts/{phonebook}/{contact}/. */
export function deleteContact(productId: number, phonebook: string, contactId: number) {
  return apiCall(contactEndpoints.deleteContact, { params: { id: productId, phonebook, contact: contactId } });
}

/** GET .../import-contacts-template/ (CSV). */
export function contactsTemplate(productId: number) {
  return apiBlob(contactEndpoints.contactsTemplate, { params: { id: productId } });
}
