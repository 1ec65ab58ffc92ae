import { Box, Button, chakra, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, useSyncExternalStore, type ChangeEvent } from 'react';

import { CONTACTS_TEMPLATE_FILENAME, displayPhone, type ContactRow } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { TruncatedText } from '../../../components/truncated-text.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { contactsTemplate, importContacts } from '../api/contacts-api.ts';
import { createImportController, type FailedRow, type PreviewRow } from '../logic/import-controller.ts';

/** Most rows the preview and the failed list show; the rest are counted. */
const SHOWN_ROWS = 100;

const nameOf = (contact: ContactRow) => `${contact.firstname ?? ''} ${contact.lastname ?? ''}`.trim() || '-';
const reasons = (errors: Record<string, string>) => Object.values(errors).join('. ');

function RowsTable({ caption, rows }: { caption: string; rows: ReadonlyArray<PreviewRow | FailedRow> }) {
  return (
    <Box
      overflowX="auto"
      maxH="18rem"
      overflowY="auto"
      borderWidth="1px"
      rounded="md"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <chakra.table
        w="full"
        fontSize="sm"
        css={{ '& th, & td': { textAlign: 'left', px: '2', py: '1', borderBottomWidth: '1px', verticalAlign: 'top' } }}
      >
        <caption style={{ position: 'absolute', left: '-10000px' }}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Name</th>
            <th scope="col">Number</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN_ROWS).map((row) => {
            const problem = reasons(row.errors);
            return (
              <tr key={row.row}>
                <td>{row.row}</td>
                <td>
                  <TruncatedText text={nameOf(row.contact)} />
                </td>
                <td>{row.contact.number || '-'}</td>
                <chakra.td color={problem ? 'fg.error' : 'fg.muted'}>{problem || 'Ready'}</chakra.td>
              </tr>
            );
          })}
        </tbody>
      </chakra.table>
      {rows.length > SHOWN_ROWS && (
        <Text px="2" py="1" color="fg.muted" fontSize="sm">
          and {rows.length - SHOWN_ROWS} more
        </Text>
      )}
    </Box>
  );
}

/**
 * Import from CSV: the template to fill in, a file chosen, its rows previewed with each row's
 * problems, then the import with its progress, then the created and failed lists.
 */
export function ImportDialog({
  productId,
  onClose,
  onImported,
}: {
  productId: number;
  onClose: () => void;
  onImported: () => void;
}) {
  const [controller] = useState(() =>
    createImportController(
      {
        parse: async (text) => (await import('../logic/contacts-csv.ts')).parseContactsCsv(text),
        importContacts: (rows, signal) => importContacts(productId, rows, signal),
      },
      onImported,
    ),
  );
  useEffect(() => () => controller.dispose(), [controller]);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const [templateError, setTemplateError] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    await controller.read(file.name, await file.text());
  };
  const downloadTemplate = async () => {
    setTemplateError(null);
    try {
      saveFile(await contactsTemplate(productId), CONTACTS_TEMPLATE_FILENAME);
    } catch (error) {
      setTemplateError(userErrorText(error));
    }
  };

  const importing = state.step === 'importing';
  let body;
  let footer;
  if (state.step === 'choose') {
    body = (
      <Stack gap="4">
        <Text>
          Fill in the template in a spreadsheet, one contact a row (a first or last name and a UK phone number; email
          and company are optional), save it as CSV and choose it here. You will see the rows before anything is
          imported.
        </Text>
        <Box>
          <Button variant="outline" size="sm" onClick={() => void downloadTemplate()}>
            Download the template ({CONTACTS_TEMPLATE_FILENAME})
          </Button>
          {templateError && (
            <Text role="alert" color="fg.error" mt="2">
              {templateError}
            </Text>
          )}
        </Box>
        <Box>
          <chakra.label htmlFor="contacts-csv-file" fontWeight="semibold" display="block" mb="1">
            CSV file
          </chakra.label>
          <chakra.input
            id="contacts-csv-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event)}
          />
        </Box>
        {state.error && (
          <Text role="alert" color="fg.error">
            {state.error}
          </Text>
        )}
      </Stack>
    );
    footer = (
      <Button variant="outline" onClick={onClose}>
        Cancel
      </Button>
    );
  } else if (state.step === 'preview') {
    const bad = state.rows.filter((row) => Object.keys(row.errors).length > 0);
    const good = state.rows.length - bad.length;
    body = (
      <Stack gap="3">
        <Text>
          <strong>{state.fileName}</strong>: {state.rows.length} {state.rows.length === 1 ? 'row' : 'rows'}, {good}{' '}
          ready to import
          {bad.length > 0 ? `, ${bad.length} with problems (they will not be imported)` : ''}.
        </Text>
        {state.ignoredColumns.length > 0 && (
          <Text color="fg.muted">Columns not imported: {state.ignoredColumns.join(', ')}.</Text>
        )}
        {bad.length > 0 && <RowsTable caption="Rows with problems" rows={bad} />}
        <RowsTable caption="Rows in the file" rows={state.rows} />
      </Stack>
    );
    footer = (
      <>
        <Button variant="outline" onClick={() => controller.reset()}>
          Choose another file
        </Button>
        <Button colorPalette="brand" disabled={good === 0} onClick={() => void controller.start()}>
          Import {good} {good === 1 ? 'contact' : 'contacts'}
        </Button>
      </>
    );
  } else if (state.step === 'importing') {
    const percent = state.total === 0 ? 100 : Math.round((state.done / state.total) * 100);
    body = (
      <Stack gap="2">
        <Text id="contacts-import-progress-label">
          Importing: {state.done} of {state.total} contacts
        </Text>
        <Box
          role="progressbar"
          aria-labelledby="contacts-import-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          h="3"
          bg="bg.muted"
          rounded="full"
          overflow="hidden"
        >
          <Box h="full" w={`${percent}%`} bg="brand.solid" transition="width 0.2s" />
        </Box>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="3">
        <Text role="status" fontWeight="semibold">
          {state.created.length} {state.created.length === 1 ? 'contact' : 'contacts'} imported, {state.failed.length}{' '}
          not imported.
        </Text>
        {state.error && (
          <Text role="alert" color="fg.error">
            {state.error}
          </Text>
        )}
        {state.created.length > 0 && (
          <Box>
            <Text fontWeight="semibold" mb="1">
              Imported
            </Text>
            <chakra.ul ps="5" maxH="10rem" overflowY="auto" fontSize="sm" aria-label="Imported contacts">
              {state.created.slice(0, SHOWN_ROWS).map((contact) => (
                <li key={contact.id}>
                  {nameOf(contact)} · {displayPhone(contact.number)}
                </li>
              ))}
              {state.created.length > SHOWN_ROWS && <li>and {state.created.length - SHOWN_ROWS} more</li>}
            </chakra.ul>
          </Box>
        )}
        {state.failed.length > 0 && <RowsTable caption="Not imported" rows={state.failed} />}
      </Stack>
    );
    footer = (
      <>
        <Button variant="outline" onClick={() => controller.reset()}>
          Import another file
        </Button>
        <Button colorPalette="brand" onClick={onClose}>
          Done
        </Button>
      </>
    );
  }

  return (
    <Dialog open onClose={onClose} busy={importing} title="Import contacts from CSV" footer={footer} width="44rem">
      {body}
    </Dialog>
  );
}
