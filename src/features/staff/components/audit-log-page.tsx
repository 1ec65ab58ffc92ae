import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { AuditEntry, AuditLogQuery } from '@portal/contract';

import { PageLoading } from '../../../components/page-loading.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorTextFrom } from '../../../lib/error-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAuditLog } from '../api/audit-log.ts';

export const auditLogText = {
  title: 'Staff audit log',
  intro: 'What staff did and looked at while viewing customers’ accounts, newest first.',
  staff: 'Staff member’s email',
  customer: 'Customer’s email',
  from: 'From (date)',
  to: 'To (date)',
  apply: 'Filter',
  clear: 'Clear filters',
  empty: 'No entries match these filters.',
  failed: 'The audit log could not be loaded. Try again.',
  previous: 'Previous page',
  next: 'Next page',
} as const;

const FILTERS = ['staff', 'customer', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
const PAGE_SIZE = 25;

/** An entry's words as a heading: "created call flow 'Menu'" -> "Created call flow 'Menu'". */
const headingOf = (summary: string) => summary.charAt(0).toUpperCase() + summary.slice(1);

/** The query the URL names: the filters and the page, so a filtered view can be shared and reloaded. */
function queryFrom(search: URLSearchParams): AuditLogQuery {
  const query: AuditLogQuery = { page_size: PAGE_SIZE };
  for (const name of FILTERS) {
    const value = search.get(name)?.trim();
    if (value) query[name] = value;
  }
  const page = Number(search.get('page'));
  if (Number.isInteger(page) && page > 1) query.page = page;
  return query;
}

function Entry({ entry }: { entry: AuditEntry }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" listStyleType="none">
      <Flex wrap="wrap" gap="2" justify="space-between">
        <Text fontWeight="semibold">{headingOf(entry.summary)}</Text>
        <Text color="fg.muted">{formatDateTime(entry.created)}</Text>
      </Flex>
      <Text color="fg.muted" fontSize="sm" fontFamily="mono" overflowWrap="anywhere">
        {entry.method} {entry.path}
      </Text>
      <Text>
        {entry.staff.email} viewing {entry.customer.email}
      </Text>
      {entry.count > 1 && (
        <Text color="fg.muted">
          {entry.count} times, last {formatDateTime(entry.last_seen)}
        </Text>
      )}
    </Box>
  );
}

/** The staff audit log (staff with the role "Allow to manage other users' accounts"). */
export function AuditLogPage() {
  const [search, setSearch] = useSearchParams();
  const query = queryFrom(search);
  const log = useAuditLog(query);
  const [draft, setDraft] = useState<Record<Filter, string>>(
    () => Object.fromEntries(FILTERS.map((name) => [name, search.get(name) ?? ''])) as Record<Filter, string>,
  );

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTERS) if (draft[name].trim()) next.set(name, draft[name].trim());
    setSearch(next);
  };
  const clear = () => {
    setDraft({ staff: '', customer: '', from: '', to: '' });
    setSearch(new URLSearchParams());
  };
  const goTo = (page: number) => {
    const next = new URLSearchParams(search);
    next.set('page', String(page));
    setSearch(next);
  };

  const page = query.page ?? 1;
  const refusal =
    log.error instanceof ApiError && log.error.kind === 'http'
      ? errorTextFrom(log.error.data, auditLogText.failed)
      : auditLogText.failed;

  return (
    <Stack gap="6" maxW="960px">
      <Heading as="h1" size="xl">
        {auditLogText.title}
      </Heading>
      <Text>{auditLogText.intro}</Text>
      <form onSubmit={apply} aria-label="Filter the audit log">
        <Flex direction={{ base: 'column', lg: 'row' }} gap="3" align={{ base: 'stretch', lg: 'flex-end' }} wrap="wrap">
          {FILTERS.map((name) => (
            <Box key={name} flex="1" minW={{ lg: '180px' }}>
              <TextField
                id={`audit-${name}`}
                label={auditLogText[name]}
                type={name === 'from' || name === 'to' ? 'date' : 'email'}
                value={draft[name]}
                onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
              />
            </Box>
          ))}
          <Button type="submit">{auditLogText.apply}</Button>
          <Button type="button" variant="outline" onClick={clear}>
            {auditLogText.clear}
          </Button>
        </Flex>
      </form>
      <Box aria-live="polite">
        {log.isPending ? (
          <PageLoading />
        ) : log.isError ? (
          <Text role="alert">{refusal}</Text>
        ) : log.data.results.length === 0 ? (
          <Text>{auditLogText.empty}</Text>
        ) : (
          <Stack gap="4">
            <Text>
              {log.data.count} {log.data.count === 1 ? 'entry' : 'entries'}
            </Text>
            <Stack as="ul" gap="3" p="0" m="0">
              {log.data.results.map((entry) => (
                <Entry key={entry.id} entry={entry} />
              ))}
            </Stack>
            <Flex gap="3">
              <Button variant="outline" disabled={!log.data.previous} onClick={() => goTo(page - 1)}>
                {auditLogText.previous}
              </Button>
              <Button variant="outline" disabled={!log.data.next} onClick={() => goTo(page + 1)}>
                {auditLogText.next}
              </Button>
            </Flex>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
