import { Text } from '@chakra-ui/react';

import { PAYEE_ACCOUNT_TYPES, UK_BANKS } from '@portal/contract';

import { Options, SelectField } from '../../../components/form/select-field.tsx';
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
      <SelectField {...field('payee_account_type')} label="Type of account" maxW="16rem">
        <Options options={PAYEE_ACCOUNT_TYPES.map((type) => ({ value: type, label: ACCOUNT_TYPE_LABELS[type] }))} />
      </SelectField>
      <Text fontSize="sm" color="fg.muted">
        We check the sort code and account number with the banks' own modulus check. Banks we name:{' '}
        {UK_BANKS.join(', ')}.
      </Text>
    </>
  );
}
