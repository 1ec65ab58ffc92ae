import { SkipNavLink } from '@chakra-ui/react';
import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/** "Skip to main content": the first stop of the keyboard, moving focus to the page's main. */
export function SkipLink() {
  // Focus the target rather than follow the hash, which would change the URL.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.();
  };
  return (
    <SkipNavLink id={MAIN_CONTENT_ID} onClick={skip} colorPalette="brand">
      Skip to main content
    </SkipNavLink>
  );
}
