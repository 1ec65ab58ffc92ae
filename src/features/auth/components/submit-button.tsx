import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The main button of a sign-in or account form: full width on small screens, busy (with
 * `pendingText`) while the form is being sent.
 */
export function SubmitButton({ pending, pendingText, children }: { pending: boolean; pendingText: string; children: ReactNode }) {
  return (
    <Button
      type="submit"
      colorPalette="brand"
      size="lg"
      alignSelf={{ base: 'stretch', sm: 'flex-start' }}
      loading={pending}
      loadingText={pendingText}
      aria-busy={pending}
    >
      {children}
    </Button>
  );
}
