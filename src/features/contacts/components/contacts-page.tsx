import { Box, Button, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import { CONTACTS_PAGE_SIZE, displayPhone, type Contact, type ContactRow } from '@portal/contract';

import { CopyButton } from '../../../components/copy-button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { TruncatedText } from '../../../components/truncated-text.tsx';
import { ApiError, isApiError } from '../../../lib/api-error.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import {
  allContacts,
  contactsKey,
  deleteContact,
  importContacts,
  updateContact,
  useContactsPage,
} from '../api/contacts-api.ts';
import { ContactDialog } from './contact-dialog.tsx';
import { contactsText } from './contacts-text.ts';
import { ImportDialog } from './import-dialog.tsx';

const nameOf = (contact: Contact) => `${contact.firstname} ${contact.lastname}`.trim();

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; contact: Contact }
  | { kind: 'delete'; contact: Contact }
  | { kind: 'import' }
  | null;

function ContactActions({ contact, onEdit, onDelete }: { contact: Contact; onEdit: () => void; onDelete: () => void }) {
  return (
    <Flex gap="2" justify="flex-end">
      <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${nameOf(contact)}`}>
        Edit
      </Button>
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        onClick={onDelete}
        aria-label={`Delete ${nameOf(contact)}`}
      >
        Delete
      </Button>
    </Flex>
  );
}

const Muted = ({ text }: { text: string }) =>
  text ? <TruncatedText text={text} /> : <chakra.span color="fg.muted">-</chakra.span>;

/** Company contacts (/company-contacts/{id}): the phonebook with search and pages, add, edit, delete, import and export. */
export function ContactsPage({ productId }: { productId: number }) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const list = useContactsPage(productId, search, page);
  const queryClient = useQueryClient();
  const desktop = useMediaQuery('(min-width: 960px)');
  const [draft, setDraft] = useState(search);
  const [open, setOpen] = useState<Open>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: contactsKey(productId) });
  const go = (next: { search?: string; page?: number }) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        const nextSearch = next.search ?? search;
        if (nextSearch) copy.set('search', nextSearch);
        else copy.delete('search');
        const nextPage = next.page ?? 1;
        if (nextPage > 1) copy.set('page', String(nextPage));
        else copy.delete('page');
        return copy;
      },
      { replace: true },
    );

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ search: draft.trim(), page: 1 });
  };
  const phonebook = list.data?.phonebook_uuid ?? '';

  const add = async (row: ContactRow) => {
    const result = await importContacts(productId, [row]);
    const refused = result.failed[0];
    if (refused)
      throw new ApiError({
        kind: 'http',
        status: 400,
        data: Object.fromEntries(Object.entries(refused.errors).map(([field, text]) => [field, [text]])),
      });
    setOpen(null);
    toaster.create({
      type: 'success',
      title: contactsText.added,
      description: `${nameOf(result.created[0]!)} is in the phonebook.`,
    });
    await refresh();
  };
  const save = (contact: Contact) => async (row: ContactRow) => {
    await updateContact(productId, phonebook, contact.id, row);
    setOpen(null);
    toaster.create({ type: 'success', title: contactsText.saved });
    await refresh();
  };
  const removing = useMutation({
    mutationFn: (contact: Contact) => deleteContact(productId, phonebook, contact.id),
    onSuccess: async (_answer, contact) => {
      setOpen(null);
      toaster.create({
        type: 'success',
        title: contactsText.deleted,
        description: `${nameOf(contact)} is no longer in the phonebook.`,
      });
      // The last contact of a page gone: the page before.
      if (list.data && list.data.contacts.length === 1 && page > 1) go({ page: page - 1 });
      await refresh();
    },
  });
  const deleting = removing.isPending;
  const deleteError = removing.error ? userErrorText(removing.error) : null;
  const exporting = useMutation({
    mutationFn: async () => {
      const [{ contacts }, { contactsToCsv }] = await Promise.all([
        allContacts(productId),
        import('../logic/contacts-csv.ts'),
      ]);
      saveFile(new Blob([contactsToCsv(contacts)], { type: 'text/csv;charset=utf-8' }), contactsText.exportFileName);
      return contacts.length;
    },
    onSuccess: (count) => toaster.create({ type: 'success', title: contactsText.exported(count) }),
    onError: (error) =>
      toaster.create({ type: 'error', title: contactsText.exportFailed, description: userErrorText(error) }),
  });

  if (isApiError(list.error) && list.error.status === 404) return <NotFoundContent loggedIn />;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / CONTACTS_PAGE_SIZE)) : 1;

  return (
    <Stack gap="6" maxW="6xl">
      <div>
        <Heading as="h1" size="3xl" mb="2">
          {contactsText.title}
        </Heading>
        <Text color="fg.muted">{contactsText.intro}</Text>
      </div>

      <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
        <chakra.form
          role="search"
          onSubmit={submitSearch}
          display="flex"
          gap="2"
          alignItems="flex-end"
          flex="1"
          minW={{ base: 'full', md: '20rem' }}
          maxW="32rem"
        >
          <Box flex="1">
            <chakra.label htmlFor="contacts-search" fontWeight="semibold" display="block" mb="1">
              {contactsText.search}
            </chakra.label>
            <chakra.input
              id="contacts-search"
              type="search"
              value={draft}
              placeholder={contactsText.searchHint}
              onChange={(event) => setDraft(event.target.value)}
              w="full"
              h="10"
              px="3"
              borderWidth="2px"
              borderColor="gray.700"
              rounded="md"
              bg="bg"
            />
          </Box>
          <Button type="submit" variant="outline" h="10">
            Search
          </Button>
        </chakra.form>
        <Flex gap="2" wrap="wrap">
          <Button colorPalette="brand" onClick={() => setOpen({ kind: 'add' })}>
            {contactsText.add}
          </Button>
          <Button variant="outline" onClick={() => setOpen({ kind: 'import' })}>
            {contactsText.import}
          </Button>
          <Button
            variant="outline"
            onClick={() => exporting.mutate()}
            loading={exporting.isPending}
            disabled={!data || data.total === 0}
          >
            {contactsText.export}
          </Button>
        </Flex>
      </Flex>

      <Box aria-live="polite" aria-busy={list.isFetching}>
        {list.isPending ? (
          <Loading label="Loading your contacts" />
        ) : list.isError ? (
          <LoadError
            title={contactsText.loadFailed}
            error={list.error}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : data!.contacts.length === 0 ? (
          <Stack gap="3" align="flex-start">
            <Text>
              {search
                ? contactsText.noMatch(search)
                : data!.total === 0
                  ? contactsText.empty
                  : 'No contacts on this page.'}
            </Text>
            {search && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setDraft('');
                  go({ search: '', page: 1 });
                }}
              >
                Clear search
              </Button>
            )}
          </Stack>
        ) : (
          <Stack gap="4">
            <Text>
              {search
                ? `${data!.count} of ${data!.total} contacts match “${search}”`
                : `${data!.total} ${data!.total === 1 ? 'contact' : 'contacts'}`}
            </Text>
            {desktop ? (
              <Box overflowX="auto">
                <chakra.table
                  w="full"
                  css={{ '& th, & td': { textAlign: 'left', px: '3', py: '2', borderBottomWidth: '1px' } }}
                >
                  <caption style={{ position: 'absolute', left: '-10000px' }}>
                    Contacts, page {page} of {pages}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Number</th>
                      <th scope="col">Email</th>
                      <th scope="col">Company</th>
                      <th scope="col">
                        <chakra.span srOnly>Actions</chakra.span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data!.contacts.map((contact) => (
                      <tr key={contact.id}>
                        <td>
                          <Muted text={nameOf(contact)} />
                        </td>
                        <td>
                          <CopyButton value={displayPhone(contact.number)} label={`${nameOf(contact)}'s number`}>
                            {displayPhone(contact.number)}
                          </CopyButton>
                        </td>
                        <td>
                          <Muted text={contact.email} />
                        </td>
                        <td>
                          <Muted text={contact.enterprise} />
                        </td>
                        <td>
                          <ContactActions
                            contact={contact}
                            onEdit={() => setOpen({ kind: 'edit', contact })}
                            onDelete={() => setOpen({ kind: 'delete', contact })}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </chakra.table>
              </Box>
            ) : (
              <Stack as="ul" gap="3" p="0" m="0" aria-label={`Contacts, page ${page} of ${pages}`}>
                {data!.contacts.map((contact) => (
                  <Box as="li" key={contact.id} listStyleType="none" borderWidth="1px" rounded="md" p="3">
                    <Text fontWeight="semibold">
                      <Muted text={nameOf(contact)} />
                    </Text>
                    <Text>
                      <CopyButton value={displayPhone(contact.number)} label={`${nameOf(contact)}'s number`}>
                        {displayPhone(contact.number)}
                      </CopyButton>
                    </Text>
                    {contact.email && (
                      <Text color="fg.muted">
                        <TruncatedText text={contact.email} />
                      </Text>
                    )}
                    {contact.enterprise && (
                      <Text color="fg.muted">
                        <TruncatedText text={contact.enterprise} />
                      </Text>
                    )}
                    <Box mt="2">
                      <ContactActions
                        contact={contact}
                        onEdit={() => setOpen({ kind: 'edit', contact })}
                        onDelete={() => setOpen({ kind: 'delete', contact })}
                      />
                    </Box>
                  </Box>
                ))}
              </Stack>
            )}
            <Flex as="nav" aria-label="Contact pages" gap="3" align="center" wrap="wrap">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                Previous page
              </Button>
              <Text>
                Page {Math.min(page, pages)} of {pages}
              </Text>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
                Next page
              </Button>
            </Flex>
          </Stack>
        )}
      </Box>

      {open?.kind === 'add' && <ContactDialog contact={null} onClose={() => setOpen(null)} onSave={add} />}
      {open?.kind === 'edit' && (
        <ContactDialog contact={open.contact} onClose={() => setOpen(null)} onSave={save(open.contact)} />
      )}
      {open?.kind === 'import' && (
        <ImportDialog productId={productId} onClose={() => setOpen(null)} onImported={() => void refresh()} />
      )}
      <Dialog
        open={open?.kind === 'delete'}
        role="alertdialog"
        busy={deleting}
        onClose={() => {
          setOpen(null);
          removing.reset();
        }}
        title={open?.kind === 'delete' ? `Delete ${nameOf(open.contact)}?` : ''}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(null)} disabled={deleting}>
              Cancel
            </Button>
            <Button
              colorPalette="red"
              loading={deleting}
              onClick={() => open?.kind === 'delete' && removing.mutate(open.contact)}
            >
              Delete contact
            </Button>
          </>
        }
      >
        {open?.kind === 'delete' && (
          <Stack gap="2">
            <Text>
              {nameOf(open.contact)} ({displayPhone(open.contact.number)}) will be removed from the phonebook for
              everyone. This cannot be undone.
            </Text>
            {deleteError && (
              <Text role="alert" color="fg.error">
                {deleteError}
              </Text>
            )}
          </Stack>
        )}
      </Dialog>
    </Stack>
  );
}
