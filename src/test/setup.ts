// The web project's setup (vitest.config.ts).
import { configure } from '@testing-library/react';
// jest-dom's matchers (toBeInTheDocument, toHaveAttribute, toBeDisabled, ...) on vitest's expect, with their types.
import '@testing-library/jest-dom/vitest';

// Suites that render the whole app wait for pages loaded on demand: on a busy two-core machine that
// takes well over Testing Library's default second. findBy/waitFor give up after 10 s, inside the
// project's 15 s test timeout, so a real failure still shows Testing Library's message and the DOM.
configure({ asyncUtilTimeout: 10_000 });
