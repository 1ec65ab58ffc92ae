import { Box, Button, chakra, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { displayPhone, NOT_ASSIGNED, userNumbersProblem, type SiteNumbers } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { useAssignSeatNumber } from '../api/assign-seat-number.ts';
import { useSiteUsers } from '../api/numbers-api.ts';
import { numbersBySeat } from '../logic/assign-number.ts';

export type NumberRow = SiteNumbers['results'][number];

const NO_ONE = 'none';

/**
 * The assign dialog (spec 001 sections 2, 4 and 5): choose the user a number rings. A user
 * who already has 3 numbers cannot be chosen, and says so. Moving a number patches the old
 * seat first, then the new one (restoring the old on failure); on success the dialog closes
 * and the list is fetched again.
 */
export function AssignDialog({
  productId,
  row,
  siteNumbers,
  onClose,
}: {
  productId: number;
  row: NumberRow | null;
  siteNumbers: readonly NumberRow[];
  onClose: () => void;
}) {
  return (
    <Dialog open={row !== null} onClose={onClose} title={row ? `Assign ${displayPhone(row.number)}` : ''}>
      {row && <AssignForm productId={productId} row={row} siteNumbers={siteNumbers} onClose={onClose} />}
    </Dialog>
  );
}

function AssignForm({
  productId,
  row,
  siteNumbers,
  onClose,
}: {
  productId: number;
  row: NumberRow;
  siteNumbers: readonly NumberRow[];
  onClose: () => void;
}) {
  const users = useSiteUsers(productId);
  const [choice, setChoice] = useState<string>(row.user ? String(row.user.id) : '');
  const bySeat = numbersBySeat(siteNumbers);
  const save = useAssignSeatNumber(productId);
  const assign = () => {
    const from = row.user ? { id: row.user.id, numbers: bySeat.get(row.user.id) ?? [] } : null;
    const toId = choice === NO_ONE ? null : Number(choice);
    const to = toId === null ? null : { id: toId, numbers: bySeat.get(toId) ?? [] };
    save.mutate(
      { number: row.number, from, to },
      {
        onSuccess: () => {
          const name = users.data?.find((u) => u.id === toId);
          toaster.create({
            type: 'success',
            title: name
              ? `${displayPhone(row.number)} now rings ${name.first_name} ${name.last_name}`
              : `${displayPhone(row.number)} is now ${NOT_ASSIGNED}`,
          });
          onClose();
        },
      },
    );
  };

  if (users.isPending) return <Loading label="Loading your users" />;
  if (users.isError)
    return (
      <LoadError title="Your users could not be loaded" error={users.error} onRetry={() => void users.refetch()} />
    );

  const unchanged = choice === '' || choice === String(row.user?.id ?? '');
  return (
    <chakra.form
      onSubmit={(event) => {
        event.preventDefault();
        if (!unchanged) assign();
      }}
    >
      <chakra.fieldset border="none" p="0" m="0">
        <chakra.legend fontWeight="semibold" mb="2">
          Which user should this number ring?
        </chakra.legend>
        <Text fontSize="sm" color="fg.muted" mb="3">
          A user can have up to 3 numbers.
        </Text>
        <Box display="flex" flexDirection="column" gap="2">
          {users.data.map((user) => {
            const count = bySeat.get(user.id)?.length ?? 0;
            const current = row.user?.id === user.id;
            const problem = current ? null : userNumbersProblem(count);
            const id = `assign-user-${user.id}`;
            return (
              <chakra.label
                key={user.id}
                htmlFor={id}
                display="flex"
                gap="3"
                alignItems="flex-start"
                opacity={problem ? 0.6 : 1}
                cursor={problem ? 'not-allowed' : 'pointer'}
              >
                <chakra.input
                  type="radio"
                  id={id}
                  name="assign-user"
                  value={user.id}
                  checked={choice === String(user.id)}
                  disabled={problem !== null}
                  onChange={() => setChoice(String(user.id))}
                  mt="1"
                  aria-describedby={problem ? `${id}-reason` : undefined}
                />
                <span>
                  {user.first_name} {user.last_name} (extension {user.extension}) -{' '}
                  {count === 1 ? '1 number' : `${count} numbers`}
                  {problem && (
                    <Text as="span" display="block" id={`${id}-reason`} fontSize="sm" color="fg.muted">
                      {problem}
                    </Text>
                  )}
                </span>
              </chakra.label>
            );
          })}
          {row.user && (
            <chakra.label htmlFor="assign-user-none" display="flex" gap="3" alignItems="center" cursor="pointer">
              <chakra.input
                type="radio"
                id="assign-user-none"
                name="assign-user"
                value={NO_ONE}
                checked={choice === NO_ONE}
                onChange={() => setChoice(NO_ONE)}
              />
              <span>No one ({NOT_ASSIGNED})</span>
            </chakra.label>
          )}
        </Box>
      </chakra.fieldset>
      {save.error !== null && (
        <Text role="alert" color="fg.error" mt="4">
          {userErrorText(save.error)}
        </Text>
      )}
      <Box display="flex" gap="3" justifyContent="flex-end" mt="6" flexWrap="wrap">
        <Button variant="outline" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" loading={save.isPending} disabled={unchanged}>
          Save
        </Button>
      </Box>
    </chakra.form>
  );
}
