import { Button, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** A link in running text to another page of the app, underlined as GOV.UK links are. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.fg" fontWeight="semibold" textDecoration="underline" focusVisibleRing="outside">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/** A link that looks like the page's main button ("Sign in" after a journey ends). */
export function AuthButtonLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    // type={undefined}: Button would put type="button" on the link
    <Button asChild colorPalette="brand" size="lg" type={undefined}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}
