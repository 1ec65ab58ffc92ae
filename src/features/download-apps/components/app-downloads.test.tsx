import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { system } from '../../../config/theme.ts';
import { AppDownloads } from './app-downloads.tsx';

const windowsAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function renderOn(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  render(
    <ChakraProvider value={system}>
      <AppDownloads headingLevel="h1" />
    </ChakraProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the app download block on a computer', () => {
  it('shows the desktop app version 1.13.70 on the Windows and Mac entries only', () => {
    renderOn(windowsAgent);
    const entry = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('li') as HTMLElement;
    const names = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
    expect(names).toHaveLength(4);
    const withVersion = names.filter((name) => within(entry(name)).queryByText('Version 1.13.70'));
    expect(withVersion).toHaveLength(2);
    expect(withVersion.join(' ')).toMatch(/Windows/);
    expect(withVersion.join(' ')).toMatch(/Mac/);
  });
});
