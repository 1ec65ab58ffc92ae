import { Box, Button, chakra, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { callFlowMessages, STORAGE_LIMITS, storageMessages, type CallFlowSummary } from '@portal/contract';
import { MAX_NAME_LENGTH, MSG_ENABLE_TOOLTIP } from '@portal/editor-core';

import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { serverErrors } from '../../../components/form/form-errors.ts';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { LoadError, Loading } from '../../../components/states.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { callFlowJourney } from '../../../config/journey-paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { createCallFlow, storeSavedCallFlow } from '../api/create-call-flow.ts';
import { useDeleteCallFlow } from '../api/delete-call-flow.ts';
import { callFlowQueryOptions } from '../api/get-call-flow.ts';
import { callFlowKeys } from '../api/keys.ts';
import { useCallFlowList } from '../api/list-call-flows.ts';
import { usePatchCallFlow } from '../api/patch-call-flow.ts';
import { clearDraft } from '../logic/draft-storage.ts';
import { activeCustomFlow, copyFlowName, isAgentCallFlow, renameRequest } from '../logic/flow-list.ts';
import { customCallFlowEditor } from '../logic/route-params.ts';
import type { EnableRequest } from './enable-gate.tsx';
import { PlusIcon } from './icons.tsx';

const HEADING_ID = 'custom-flows-heading';

export const listTexts = {
  create: 'Create call flow',
  empty: 'You have no custom call flows yet.',
  renamed: 'Call flow renamed',
  deleted: 'Call flow deleted',
  duplicated: 'Call flow duplicated',
} as const;

interface CustomFlowListProps {
  productId: number;
  /** Enabling goes through the trial and add-on dialogs; the page owns them. */
  requestEnable: (request: EnableRequest, options?: { confirm?: boolean }) => void;
}

/** The product's custom call flows: create, open, rename, duplicate, delete, enable and disable. */
export function CustomFlowList({ productId, requestEnable }: CustomFlowListProps) {
  const list = useCallFlowList(productId);
  const queryClient = useQueryClient();
  const patch = usePatchCallFlow(productId);
  const [renaming, setRenaming] = useState<CallFlowSummary | null>(null);
  const [deleting, setDeleting] = useState<CallFlowSummary | null>(null);
  const [busy, setBusy] = useState<{ id: string; action: 'enable' | 'disable' | 'duplicate' } | null>(null);

  const flows = list.data ?? [];
  const active = activeCustomFlow(flows);
  // At the limit, Create says so where it was pressed instead of opening an editor whose save would be refused (409).
  const atLimit = flows.length >= STORAGE_LIMITS.callFlowsPerProduct;

  const setEnabled = (flow: CallFlowSummary, enable: boolean) => {
    setBusy({ id: flow.id, action: enable ? 'enable' : 'disable' });
    patch.mutate(
      { flowId: flow.id, body: { enable } },
      {
        onSuccess: (saved) =>
          toaster.create({
            type: 'success',
            title: enable ? `${saved.name} is now your active call flow` : `${saved.name} is disabled`,
          }),
        // A refusal (an invalid flow, in the spec's wording) is shown as the server words it.
        onError: (error) => toaster.create({ type: 'error', title: userErrorText(error) }),
        onSettled: () => setBusy(null),
      },
    );
  };

  const enable = (flow: CallFlowSummary) => {
    if (!flow.valid) {
      toaster.create({ type: 'error', title: callFlowMessages.invalidActiveFlow, description: MSG_ENABLE_TOOLTIP });
      return;
    }
    requestEnable(
      { flowName: flow.name, replacing: active?.name ?? null, kind: 'enable', run: () => setEnabled(flow, true) },
      { confirm: false },
    );
  };

  const duplicate = async (flow: CallFlowSummary) => {
    setBusy({ id: flow.id, action: 'duplicate' });
    try {
      const full = await queryClient.fetchQuery(callFlowQueryOptions(productId, flow.id));
      const name = copyFlowName(
        flow.name,
        flows.map((f) => f.name),
      );
      const created = await createCallFlow(productId, { name, enable: false, data: full.data });
      storeSavedCallFlow(queryClient, productId, created);
      toaster.create({
        type: 'success',
        title: listTexts.duplicated,
        description: `${created.name} has been created.`,
      });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: `${flow.name} could not be duplicated`,
        description: userErrorText(error),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box as="section" aria-labelledby={HEADING_ID} borderWidth="1px" rounded="lg" bg="bg" p={{ base: '4', md: '6' }}>
      <Flex
        justify="space-between"
        align={{ base: 'stretch', sm: 'center' }}
        direction={{ base: 'column', sm: 'row' }}
        gap="3"
        mb="4"
      >
        <Box>
          <Heading as="h2" id={HEADING_ID} size="xl" mb="1">
            Custom call flows
          </Heading>
          <Text color="fg.muted">
            Route calls with menus, transfers, queues and voicemail. One call flow is active at a time.
          </Text>
        </Box>
        {atLimit ? (
          <Button
            colorPalette="brand"
            flexShrink={0}
            onClick={() => toaster.create({ type: 'error', title: storageMessages.tooManyCallFlows })}
          >
            <PlusIcon />
            {listTexts.create}
          </Button>
        ) : (
          <Button asChild colorPalette="brand" type={undefined} flexShrink={0}>
            <RouterLink to={customCallFlowEditor(productId)}>
              <PlusIcon />
              {listTexts.create}
            </RouterLink>
          </Button>
        )}
      </Flex>

      {list.isPending ? (
        <Loading label="Loading your call flows" />
      ) : list.isError ? (
        <LoadError
          title="Your call flows could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : flows.length === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" rounded="md" p="6" textAlign="center">
          <Text fontWeight="semibold" mb="1">
            {listTexts.empty}
          </Text>
          <Text color="fg.muted">
            Create one to answer calls with a dial menu, ring your team, or send callers to voicemail.
          </Text>
        </Box>
      ) : (
        <chakra.ul aria-labelledby={HEADING_ID} listStyle="none" display="flex" flexDirection="column" gap="3">
          {flows.map((flow) => {
            const isActive = flow.id === active?.id;
            const rowBusy = busy?.id === flow.id ? busy.action : null;
            return (
              <chakra.li
                key={flow.id}
                borderWidth="1px"
                rounded="md"
                p="4"
                bg={isActive ? 'brand.subtle' : 'bg'}
                borderColor={isActive ? 'brand.border' : 'border'}
              >
                <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
                  <Box minW="0">
                    <Link
                      asChild
                      fontWeight="semibold"
                      fontSize="lg"
                      color="brand.fg"
                      textDecoration="underline"
                      overflowWrap="anywhere"
                    >
                      <RouterLink to={customCallFlowEditor(productId, flow.id)}>{flow.name}</RouterLink>
                    </Link>
                    <Flex gap="2" mt="1" wrap="wrap" align="center">
                      <Badge tone={isActive ? 'success' : 'neutral'}>{isActive ? 'Active' : 'Inactive'}</Badge>
                      {isAgentCallFlow(flow) && <Badge tone="neutral">Agent call flow</Badge>}
                      {!flow.valid && (
                        <Badge tone="error" title={MSG_ENABLE_TOOLTIP}>
                          Incomplete
                        </Badge>
                      )}
                      <Text fontSize="sm" color="fg.muted">
                        Last changed {formatDate(flow.updated_at)}
                      </Text>
                    </Flex>
                    {!flow.valid && (
                      <Text fontSize="sm" color="fg.muted" mt="1">
                        {MSG_ENABLE_TOOLTIP}
                      </Text>
                    )}
                  </Box>
                  <Flex gap="2" wrap="wrap" align="center" flexShrink={0}>
                    {flow.enable ? (
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="brand"
                        aria-label={`Disable ${flow.name}`}
                        loading={rowBusy === 'disable'}
                        disabled={busy !== null}
                        onClick={() => setEnabled(flow, false)}
                      >
                        Disable
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        colorPalette="brand"
                        aria-label={`Enable ${flow.name}`}
                        loading={rowBusy === 'enable'}
                        disabled={busy !== null}
                        onClick={() => enable(flow)}
                      >
                        Enable
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="gray"
                      aria-label={`Rename ${flow.name}`}
                      disabled={busy !== null}
                      onClick={() => setRenaming(flow)}
                    >
                      Rename
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="gray"
                      aria-label={`Duplicate ${flow.name}`}
                      loading={rowBusy === 'duplicate'}
                      disabled={busy !== null}
                      onClick={() => void duplicate(flow)}
                    >
                      Duplicate
                    </Button>
                    <Button asChild size="sm" variant="outline" colorPalette="gray" type={undefined}>
                      <RouterLink
                        to={callFlowJourney.build({ id: productId, flow: flow.id })}
                        aria-label={`Caller's journey of ${flow.name}`}
                      >
                        Caller&rsquo;s journey
                      </RouterLink>
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="gray"
                      color="fg.error"
                      borderColor="border.error"
                      aria-label={`Delete ${flow.name}`}
                      disabled={busy !== null}
                      onClick={() => setDeleting(flow)}
                    >
                      Delete
                    </Button>
                  </Flex>
                </Flex>
              </chakra.li>
            );
          })}
        </chakra.ul>
      )}

      <RenameDialog
        productId={productId}
        flow={renaming}
        otherNames={flows.filter((f) => f.id !== renaming?.id).map((f) => f.name)}
        onClose={() => setRenaming(null)}
      />
      <DeleteDialog productId={productId} flow={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

function Badge({ tone, title, children }: { tone: 'success' | 'neutral' | 'error'; title?: string; children: string }) {
  const colours = {
    success: { bg: 'green.100', color: 'green.800' },
    neutral: { bg: 'gray.100', color: 'gray.800' },
    error: { bg: 'red.100', color: 'red.800' },
  }[tone];
  return (
    <chakra.span title={title} px="2" py="0.5" rounded="full" fontSize="sm" fontWeight="medium" {...colours}>
      {children}
    </chakra.span>
  );
}

const RENAME_FIELD_ID = 'rename-call-flow-name';
const RENAME_FORM_ID = 'rename-call-flow-form';

function RenameDialog({
  productId,
  flow,
  otherNames,
  onClose,
}: {
  productId: number;
  flow: CallFlowSummary | null;
  otherNames: string[];
  onClose: () => void;
}) {
  return flow ? (
    <OpenRenameDialog key={flow.id} productId={productId} flow={flow} otherNames={otherNames} onClose={onClose} />
  ) : null;
}

function OpenRenameDialog({
  productId,
  flow,
  otherNames,
  onClose,
}: {
  productId: number;
  flow: CallFlowSummary;
  otherNames: string[];
  onClose: () => void;
}) {
  const patch = usePatchCallFlow(productId);
  const queryClient = useQueryClient();
  const { field, formError, summaryRef, submit, pending } = useForm({
    schema: renameRequest(otherNames),
    ids: { name: RENAME_FIELD_ID },
    initial: { name: flow.name },
    focus: 'field',
    validate: 'after-submit',
    send: async ({ name }) => {
      if (name !== flow.name) {
        await patch.mutateAsync({ flowId: flow.id, body: { name, version: flow.version } });
        toaster.create({ type: 'success', title: listTexts.renamed });
      }
      onClose();
    },
    // Someone else changed the flow: the list is fetched again, and the name typed stays.
    serverErrors: (failure) => {
      if (!(isApiError(failure) && failure.status === 412)) return serverErrors(failure, ['name']);
      void queryClient.invalidateQueries({ queryKey: callFlowKeys.list(productId) });
      return { fieldErrors: {}, formError: callFlowMessages.changedElsewhere };
    },
  });

  return (
    <Dialog
      open
      onClose={onClose}
      busy={pending}
      title={`Rename ${flow.name}`}
      footer={
        <>
          <Button variant="outline" colorPalette="gray" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <SubmitButton form={RENAME_FORM_ID} pending={pending} pendingText="Saving" size="md" align="row">
            Save name
          </SubmitButton>
        </>
      }
    >
      <chakra.form id={RENAME_FORM_ID} onSubmit={submit} noValidate display="flex" flexDirection="column" gap="4">
        <TextField {...field('name')} label="Call flow name" maxLength={MAX_NAME_LENGTH} autoFocus autoComplete="off" />
        <FormAlert ref={summaryRef} message={formError} />
      </chakra.form>
    </Dialog>
  );
}

function DeleteDialog({
  productId,
  flow,
  onClose,
}: {
  productId: number;
  flow: CallFlowSummary | null;
  onClose: () => void;
}) {
  const remove = useDeleteCallFlow(productId);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!flow) return;
    setError(null);
    remove.mutate(flow.id, {
      onSuccess: () => {
        clearDraft(productId, flow.id);
        toaster.create({ type: 'success', title: listTexts.deleted, description: `${flow.name} has been deleted.` });
        close();
      },
      onError: (failure) => setError(userErrorText(failure)),
    });
  };
  return (
    <Dialog
      open={flow !== null}
      role="alertdialog"
      onClose={close}
      busy={remove.isPending}
      title={`Delete ${flow?.name ?? ''}?`}
      footer={
        <>
          <Button variant="outline" colorPalette="gray" onClick={close} disabled={remove.isPending} autoFocus>
            Cancel
          </Button>
          <Button
            bg="red.700"
            color="white"
            _hover={{ bg: 'red.800' }}
            onClick={confirm}
            loading={remove.isPending}
            loadingText="Deleting"
          >
            Delete call flow
          </Button>
        </>
      }
    >
      <Text>
        {flow?.enable ? 'This is your active call flow. ' : ''}The call flow will be deleted. This cannot be undone.
      </Text>
      {error && (
        <Text role="alert" color="fg.error" fontWeight="semibold" mt="3">
          {error}
        </Text>
      )}
    </Dialog>
  );
}
