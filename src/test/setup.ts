// The web project's setup (vitest.config.ts).
import { configure } from '@testing-library/react';

// jest-dom's matchers (toBeInTheDocument, toHaveAttribute, toBeDisabled, ...) on vitest's expect, with their types.
import '@testing-library/jest-dom/vitest';

import { toaster } from '../components/toaster.tsx';
import { startConsent } from '../lib/consent.ts';
import { clearToken } from '../lib/token-storage.ts';
import { clearCookies } from './fake-fetch.ts';

// Suites that render the whole app wait for pages loaded on demand: on a busy two-core machine that
// takes well over Testing Library's default second. findBy/waitFor give up after 10 s, inside the
// project's 15 s test timeout, so a real failure still shows Testing Library's message and the DOM.
configure({ asyncUtilTimeout: 10_000 });

// The page tests share a worker's jsdom window from one file to the next (vitest.config.ts, isolate: false): this runs
// before each file, so none starts with what another left in the page's storage, cookies or data layer. The token
// goes first through the app's own way out, so the modules that follow it (the auth state) hear it go.
clearToken();
localStorage.clear();
sessionStorage.clear();
clearCookies();
delete window.dataLayer;
// No analytics configured, as the page of a portal without them: what another file's page allowed is forgotten.
startConsent();
delete window.portalAnalyticsSandbox;
// The toasts are one store for the page; one another file's late answer made is not this file's.
toaster.dismiss();
