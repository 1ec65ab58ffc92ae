import { chakra, Text } from '@chakra-ui/react';

import { PAYEE_ACCOUNT_TYPES, UK_BANKS } from '@portal/contract';

import { fieldDescription, FieldShell } from '../../../components/form/field-shell.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { DirectDebitField } from '../logic/forms.ts';

const ACCOUNT_TYPE_LABELS = { personal: 'Personal account', business: 'Business account' } as const;

/** What the form gives each field (use-form's `field`). */
interface BankField {
  id: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: (() => void) | undefined;
}

/**
 * The four bank fields of a direct debit (sort code, account number, name on the account, type)
 * and the modulus-check note: the billing page's form and the mandate link's page both show them.
 */
export function BankFields({ field }: { field: (name: DirectDebitField) => BankField }) {
  const typeField = field('payee_account_type');
  const typeDescription = fieldDescription(typeField.id, { error: typeField.error });
  return (
    <>
      <TextField
        {...field('sort_code')}
        label="Sort code"
        hint="6 digits, like 12-34-56 or 123456"
        inputMode="numeric"
        autoComplete="off"
        maxW="12rem"
      />
      <TextField
        {...field('bank_acc_no')}
        label="Account number"
        hint="8 digits"
        inputMode="numeric"
        autoComplete="off"
        maxW="14rem"
      />
      <TextField {...field('payee_account_name')} label="Name on the account" autoComplete="off" />
      <FieldShell id={typeField.id} label="Type of account" error={typeField.error}>
        <chakra.select
          id={typeField.id}
          name={typeField.name}
          value={typeField.value}
          onChange={typeField.onChange}
          aria-invalid={typeField.error ? true : undefined}
          aria-describedby={typeDescription.describedBy}
          borderWidth="2px"
          borderColor="gray.700"
          rounded="md"
          px="3"
          py="2"
          bg="bg"
          maxW="16rem"
        >
          {PAYEE_ACCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {ACCOUNT_TYPE_LABELS[type]}
            </option>
          ))}
        </chakra.select>
      </FieldShell>
      <Text fontSize="sm" color="fg.muted">
        We check the sort code and account number with the banks' own modulus check. Banks we name:{' '}
        {UK_BANKS.join(', ')}.
      </Text>
    </>
  );
}
