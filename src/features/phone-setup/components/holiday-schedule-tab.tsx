import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import {
  BANK_HOLIDAY_REGIONS,
  daysInRange,
  holidayDate,
  HolidayInput,
  type BankHolidayRegion,
  type Holiday,
} from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { LoadError, Loading } from '../../../components/states.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { useAddBankHolidays } from '../api/add-bank-holidays.ts';
import { useDeleteHoliday } from '../api/delete-holiday.ts';
import { addHoliday, patchHoliday, refetchHolidays, useBankHolidays, useHolidays } from '../api/settings-api.ts';

/** "25 Dec 2026" or "24 Dec 2026 to 26 Dec 2026 (3 days)": every day start..end inclusive. */
export function coveredDays(holiday: Pick<Holiday, 'start_date' | 'end_date'>): string {
  if (holiday.start_date === holiday.end_date) return holidayDate(holiday.start_date);
  return `${holidayDate(holiday.start_date)} to ${holidayDate(holiday.end_date)} (${daysInRange(holiday.start_date, holiday.end_date)} days)`;
}

/** Phone setup, Holiday schedule: the days the line is closed, the UK bank holidays one click away. */
export function HolidayScheduleTab({ productId }: { productId: number }) {
  const holidays = useHolidays(productId);
  const [editing, setEditing] = useState<Holiday | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Holiday | null>(null);

  return (
    <Flex direction="column" gap="8">
      <Box as="section" aria-labelledby="holidays-heading">
        <Flex
          justify="space-between"
          align={{ base: 'stretch', md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
          gap="3"
          mb="3"
        >
          <div>
            <Heading as="h2" id="holidays-heading" size="lg">
              Holiday schedule
            </Heading>
            <Text color="fg.muted">
              On these days your line is closed all day: callers take your call flow's closed route.
            </Text>
          </div>
          <Button colorPalette="brand" onClick={() => setEditing('new')}>
            Add a holiday
          </Button>
        </Flex>
        {holidays.isPending ? (
          <Loading label="Loading your holiday schedule" />
        ) : holidays.isError ? (
          <LoadError
            title="Your holiday schedule could not be loaded"
            error={holidays.error}
            onRetry={() => void holidays.refetch()}
            retrying={holidays.isFetching}
          />
        ) : holidays.data.length === 0 ? (
          <Text p="4" borderWidth="1px" rounded="md" color="fg.muted">
            No holidays yet. Add one, or add your nation's bank holidays below.
          </Text>
        ) : (
          <chakra.ul listStyleType="none" borderWidth="1px" rounded="md" aria-label="Holidays">
            {holidays.data.map((holiday) => (
              <chakra.li
                key={holiday.id}
                display="flex"
                flexWrap="wrap"
                gap="3"
                alignItems="center"
                justifyContent="space-between"
                p="3"
                borderBottomWidth="1px"
                _last={{ borderBottomWidth: 0 }}
              >
                <div>
                  <Text fontWeight="semibold">{holiday.name || '-'}</Text>
                  <Text color="fg.muted">{coveredDays(holiday)}</Text>
                </div>
                <Flex gap="2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing(holiday)}
                    aria-label={`Edit ${holiday.name || coveredDays(holiday)}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => setDeleting(holiday)}
                    aria-label={`Delete ${holiday.name || coveredDays(holiday)}`}
                  >
                    Delete
                  </Button>
                </Flex>
              </chakra.li>
            ))}
          </chakra.ul>
        )}
      </Box>
      <BankHolidaysSection productId={productId} />
      {editing && (
        <HolidayDialog
          productId={productId}
          holiday={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteHolidayDialog productId={productId} holiday={deleting} onClose={() => setDeleting(null)} />}
    </Flex>
  );
}

function HolidayDialog({
  productId,
  holiday,
  onClose,
}: {
  productId: number;
  holiday: Holiday | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { submit, summary, summaryRef, field, pending } = useForm({
    schema: HolidayInput,
    ids: { name: 'holiday-name', start_date: 'holiday-start', end_date: 'holiday-end' },
    initial: { name: holiday?.name ?? '', start_date: holiday?.start_date ?? '', end_date: holiday?.end_date ?? '' },
    // One day: the end date may stay empty.
    toInput: (values) => ({ ...values, end_date: values.end_date || values.start_date }),
    send: async (body) => {
      const saved = holiday ? await patchHoliday(productId, holiday.id, body) : await addHoliday(productId, body);
      await refetchHolidays(queryClient, productId);
      toaster.create({
        type: 'success',
        title: holiday ? `Holiday changed: ${coveredDays(saved)}` : `Holiday added: ${coveredDays(saved)}`,
      });
      onClose();
      return saved;
    },
  });
  const formId = 'holiday-form';
  return (
    <Dialog
      open
      onClose={onClose}
      busy={pending}
      title={holiday ? 'Edit holiday' : 'Add a holiday'}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <SubmitButton form={formId} pending={pending} align="row" size="md">
            {holiday ? 'Save holiday' : 'Add holiday'}
          </SubmitButton>
        </>
      }
    >
      <chakra.form id={formId} onSubmit={submit} noValidate display="flex" flexDirection="column" gap="4">
        <ErrorSummary ref={summaryRef} errors={summary} />
        <TextField {...field('start_date')} label="First day" type="date" />
        <TextField {...field('end_date')} label="Last day" hint="Leave empty for a single day." type="date" />
        <TextField {...field('name')} label="Name (optional)" hint="For example: Christmas closure" maxLength={80} />
      </chakra.form>
    </Dialog>
  );
}

function DeleteHolidayDialog({
  productId,
  holiday,
  onClose,
}: {
  productId: number;
  holiday: Holiday;
  onClose: () => void;
}) {
  const remove = useDeleteHoliday(productId, holiday.id);
  const confirm = async () => {
    try {
      await remove.mutateAsync();
      toaster.create({ type: 'success', title: `Holiday deleted: ${coveredDays(holiday)}` });
      onClose();
    } catch {
      // remove.error shows in the dialog
    }
  };
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={onClose}
      busy={remove.isPending}
      title="Delete this holiday?"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Keep it
          </Button>
          <Button colorPalette="red" onClick={() => void confirm()} loading={remove.isPending}>
            Delete holiday
          </Button>
        </>
      }
    >
      <Text>
        {holiday.name ? `${holiday.name}: ` : ''}
        {coveredDays(holiday)}. Calls on these days will follow your usual opening hours again.
      </Text>
      {remove.error ? (
        <Text role="alert" color="fg.error" mt="3">
          {userErrorText(remove.error)}
        </Text>
      ) : null}
    </Dialog>
  );
}

function BankHolidaysSection({ productId }: { productId: number }) {
  const queryClient = useQueryClient();
  const bank = useBankHolidays(productId);
  const [choice, setChoice] = useState<BankHolidayRegion | null>(null);
  const add = useAddBankHolidays(productId);
  const region = choice ?? bank.data?.region ?? null;
  const regionLabel = BANK_HOLIDAY_REGIONS.find((r) => r.id === region)?.label;
  const shown = bank.data && bank.data.region === region ? bank.data.holidays : [];
  const missing = shown.filter((h) => !h.in_schedule).length;

  const addAll = async (next: BankHolidayRegion, addAllOfThem: boolean) => {
    try {
      const answer = await add.mutateAsync({ region: next, add: addAllOfThem });
      setChoice(null);
      if (addAllOfThem)
        toaster.create({
          type: 'success',
          title:
            answer.added === 0
              ? 'Every bank holiday is already in your schedule'
              : `${answer.added} bank holidays added to your schedule`,
        });
    } catch (error) {
      toaster.create({ type: 'error', title: 'The bank holidays were not added', description: userErrorText(error) });
    }
  };
  const addOne = async (date: string, title: string) => {
    try {
      await addHoliday(productId, { start_date: date, end_date: date, name: title });
      await refetchHolidays(queryClient, productId);
      toaster.create({ type: 'success', title: `${title} added to your schedule` });
    } catch (error) {
      toaster.create({ type: 'error', title: `${title} was not added`, description: userErrorText(error) });
    }
  };

  return (
    <Box as="section" aria-labelledby="bank-holidays-heading">
      <Heading as="h2" id="bank-holidays-heading" size="lg" mb="1">
        UK bank holidays
      </Heading>
      <Text color="fg.muted" mb="3">
        Choose your nation once; its bank holidays for the next 12 months are then one click away.
      </Text>
      {bank.isPending ? (
        <Loading label="Loading the bank holidays" />
      ) : bank.isError ? (
        <LoadError
          title="The bank holidays could not be loaded"
          error={bank.error}
          onRetry={() => void bank.refetch()}
          retrying={bank.isFetching}
        />
      ) : (
        <>
          <chakra.fieldset mb="4">
            <chakra.legend fontWeight="semibold" mb="2">
              Your nation
            </chakra.legend>
            <Flex gap="4" wrap="wrap">
              {BANK_HOLIDAY_REGIONS.map((r) => (
                <chakra.label key={r.id} display="flex" gap="2" alignItems="center">
                  <input
                    type="radio"
                    name="bank-holiday-region"
                    value={r.id}
                    checked={region === r.id}
                    disabled={add.isPending}
                    onChange={() => {
                      setChoice(r.id);
                      void addAll(r.id, false);
                    }}
                  />
                  {r.label}
                </chakra.label>
              ))}
            </Flex>
          </chakra.fieldset>
          {region && shown.length > 0 && (
            <>
              {missing === 0 ? (
                <Text mb="3" fontWeight="medium">
                  All {regionLabel} bank holidays are in your schedule.
                </Text>
              ) : (
                // A nation's name is long ("England and Wales"): the label wraps rather than widen the page on a phone.
                <Button
                  colorPalette="brand"
                  mb="3"
                  maxW="full"
                  h="auto"
                  minH="10"
                  py="2"
                  whiteSpace="normal"
                  textAlign="start"
                  onClick={() => void addAll(region, true)}
                  loading={add.isPending}
                >
                  Add all {missing} {regionLabel} bank holidays
                </Button>
              )}
              <chakra.ul
                listStyleType="none"
                borderWidth="1px"
                rounded="md"
                aria-label={`${regionLabel} bank holidays`}
              >
                {shown.map((h) => (
                  <chakra.li
                    key={h.date}
                    display="flex"
                    flexWrap="wrap"
                    gap="2"
                    alignItems="center"
                    justifyContent="space-between"
                    px="3"
                    py="2"
                    borderBottomWidth="1px"
                    _last={{ borderBottomWidth: 0 }}
                  >
                    <Text>
                      {holidayDate(h.date)}: {h.title}
                    </Text>
                    {h.in_schedule ? (
                      <Text color="fg.muted">In your schedule</Text>
                    ) : (
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => void addOne(h.date, h.title)}
                        aria-label={`Add ${h.title}, ${holidayDate(h.date)}`}
                      >
                        Add
                      </Button>
                    )}
                  </chakra.li>
                ))}
              </chakra.ul>
            </>
          )}
        </>
      )}
    </Box>
  );
}
