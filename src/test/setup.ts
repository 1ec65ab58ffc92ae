// The web project's setup (vitest.config.ts): jest-dom's matchers (toBeInTheDocument,
// toHaveAttribute, toBeDisabled, ...) on vitest's expect, with their types.
import '@testing-library/jest-dom/vitest';
