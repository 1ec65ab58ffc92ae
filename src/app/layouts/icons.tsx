import { chakra } from '@chakra-ui/react';

/** Small inline icons, decorative only: the controls carry the names. */
export function MenuIcon({ open }: { open: boolean }) {
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      width="6"
      height="6"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </chakra.svg>
  );
}

export function HomeIcon() {
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      width="5"
      height="5"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
    </chakra.svg>
  );
}
