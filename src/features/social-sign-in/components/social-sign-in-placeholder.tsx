import { Box } from '@chakra-ui/react';

/**
 * The room the social sign-in buttons take (social-sign-in-buttons.tsx: the "or" row, then three
 * large buttons), kept while their chunk loads, so what follows them does not jump down (a layout
 * shift Lighthouse counted on the login page). Change it with the buttons' layout.
 */
export function SocialSignInPlaceholder() {
  return (
    <Box
      aria-hidden
      mt="8"
      // "or" row: one line of sm text (the body's line height, 1.5) and mb 5; three lg buttons (h 11) with gap 3 between them.
      h="calc(var(--chakra-font-sizes-sm) * 1.5 + var(--chakra-spacing-5) + 3 * var(--chakra-sizes-11) + 2 * var(--chakra-spacing-3))"
    />
  );
}
