import { chakra } from '@chakra-ui/react';

/** Small inline icons, decorative only: the controls carry the names. */
export function MenuIcon({ open }: { open: boolean }) {
  return (
    <chakra.svg viewBox="0 0 24 24" width="6" height="6" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </chakra.svg>
  );
}

export function HomeIcon() {
  return (
    <chakra.svg viewBox="0 0 24 24" width="5" height="5" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
    </chakra.svg>
  );
}

export function CallFlowsIcon() {
  return (
    <chakra.svg viewBox="0 0 24 24" width="5" height="5" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 3v6M6 9c0 4 12 2 12 6v6M6 9v12" />
      <circle cx="6" cy="3" r="1" fill="currentColor" />
    </chakra.svg>
  );
}

export function PhoneSetupIcon() {
  return (
    <chakra.svg viewBox="0 0 24 24" width="5" height="5" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </chakra.svg>
  );
}
