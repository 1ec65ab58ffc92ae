import { Box, Button, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import {
  BILLING_HISTORY_PAGE_SIZE,
  displayPrice,
  type BillingHistoryItem,
  type DisplayChip,
  type InvoiceStatus,
} from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { Facts } from '../../../components/facts.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { invoicePdf, useBillingHistory, useInvoice } from '../api/billing.ts';

const INVOICE_CHIPS: Record<InvoiceStatus, DisplayChip> = {
  paid: { type: 'success', text: 'Paid' },
  due: { type: 'info', text: 'Due' },
  overdue: { type: 'error', text: 'Overdue' },
};

/** Downloads the invoice's PDF, made by the server. */
async function download(accountId: number, item: BillingHistoryItem) {
  try {
    saveFile(await invoicePdf(accountId, item.invoice_id!), `invoice-${item.invoice_number}.pdf`);
  } catch (error) {
    toaster.create({ type: 'error', title: 'The invoice could not be downloaded', description: userErrorText(error) });
  }
}

function InvoiceDialog({
  accountId,
  invoiceId,
  onClose,
}: {
  accountId: number;
  invoiceId: number;
  onClose: () => void;
}) {
  const invoice = useInvoice(accountId, invoiceId);
  const data = invoice.data;
  return (
    <Dialog
      open
      onClose={onClose}
      title={data ? `Invoice ${data.invoice_number}` : 'Invoice'}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {invoice.isPending ? (
        <Loading label="Loading the invoice" />
      ) : invoice.isError ? (
        <LoadError
          title="The invoice could not be loaded"
          error={invoice.error}
          onRetry={() => void invoice.refetch()}
        />
      ) : (
        <Facts
          rows={[
            ['Description', data!.description],
            ['Invoice date', formatDate(data!.date)],
            ['Due date', formatDate(data!.due_date)],
            ['Net', displayPrice(data!.net)],
            ['VAT at 20%', displayPrice(data!.vat)],
            ['Total', <strong key="total">{displayPrice(data!.amount)}</strong>],
            ['Status', <StatusChip key="status" chip={INVOICE_CHIPS[data!.status]} />],
          ]}
        />
      )}
    </Dialog>
  );
}

function HistoryRow({ accountId, item, onView }: { accountId: number; item: BillingHistoryItem; onView: () => void }) {
  const [downloading, setDownloading] = useState(false);
  const title = item.type === 'invoice' ? `Invoice ${item.invoice_number}` : item.description;
  return (
    <chakra.li
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      px="4"
      py="3"
      aria-label={`${title}, ${formatDate(item.date)}, ${displayPrice(item.amount)}`}
    >
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
        <Box flex="1" minW="0">
          <Text fontSize="sm" color="fg.muted">
            {formatDate(item.date)}
            {item.type === 'invoice' && item.due_date && ` · due ${formatDate(item.due_date)}`}
          </Text>
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {title}
          </Text>
          {item.type === 'invoice' && <Text color="fg.muted">{item.description}</Text>}
        </Box>
        <Flex gap="3" align="center" wrap="wrap">
          <Text fontWeight="bold" minW="6rem" textAlign={{ base: 'start', md: 'end' }}>
            {item.type === 'payment' ? `−${displayPrice(item.amount)}` : displayPrice(item.amount)}
          </Text>
          {item.status ? (
            <StatusChip chip={INVOICE_CHIPS[item.status]} label="Status" />
          ) : (
            <StatusChip chip={{ type: 'success', text: 'Received' }} label="Payment" />
          )}
          {item.type === 'invoice' && (
            <>
              <Button size="sm" variant="outline" onClick={onView} aria-label={`View invoice ${item.invoice_number}`}>
                View
              </Button>
              <Button
                size="sm"
                variant="outline"
                loading={downloading}
                aria-label={`Download PDF of invoice ${item.invoice_number}`}
                onClick={() => {
                  setDownloading(true);
                  void download(accountId, item).finally(() => setDownloading(false));
                }}
              >
                Download PDF
              </Button>
            </>
          )}
        </Flex>
      </Flex>
    </chakra.li>
  );
}

/** Billing history: invoices and payments, newest first, a page at a time. */
export function HistorySection({ accountId }: { accountId: number }) {
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const history = useBillingHistory(accountId, page);
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / BILLING_HISTORY_PAGE_SIZE)) : 1;
  return (
    <Box as="section" aria-labelledby="billing-history-heading">
      <Heading as="h2" id="billing-history-heading" size="xl" mb="4">
        Billing history
      </Heading>
      <Box aria-live="polite" aria-busy={history.isFetching}>
        {history.isPending ? (
          <Loading label="Loading your billing history" />
        ) : history.isError ? (
          <LoadError
            title="Your billing history could not be loaded"
            error={history.error}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        ) : data!.count === 0 ? (
          <Text>No invoices or payments yet. Your first invoice comes on your billing day.</Text>
        ) : (
          <Stack gap="3">
            <chakra.ul
              listStyleType="none"
              display="flex"
              flexDirection="column"
              gap="2"
              aria-label="Invoices and payments"
            >
              {data!.results.map((item) => (
                <HistoryRow
                  key={item.key}
                  accountId={accountId}
                  item={item}
                  onView={() => setViewing(item.invoice_id)}
                />
              ))}
            </chakra.ul>
            {pages > 1 && (
              <Flex
                as="nav"
                aria-label="Pages of billing history"
                gap="3"
                align="center"
                justify="space-between"
                wrap="wrap"
              >
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                >
                  Previous page
                </Button>
                <Text aria-current="page">
                  Page {page} of {pages}
                </Text>
                <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  Next page
                </Button>
              </Flex>
            )}
          </Stack>
        )}
      </Box>
      {viewing !== null && <InvoiceDialog accountId={accountId} invoiceId={viewing} onClose={() => setViewing(null)} />}
    </Box>
  );
}
