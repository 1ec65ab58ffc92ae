import { chakra } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import * as paths from '../config/paths.ts';

/** The logo, going home (spec: top bar). */
export function LogoLink() {
  return (
    <chakra.a
      asChild
      display="inline-flex"
      alignItems="center"
      rounded="md"
      focusVisibleRing="outside"
      focusRingColor="brand.focusRing"
    >
      <RouterLink to={paths.index.build()}>
        <chakra.img src="/logo.svg" alt="Customer Portal home" height={{ base: '32px', lg: '40px' }} width="auto" />
      </RouterLink>
    </chakra.a>
  );
}
