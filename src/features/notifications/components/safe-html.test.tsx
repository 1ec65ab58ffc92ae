import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { system } from '../../../config/theme.ts';
import { SafeHtml } from './safe-html.tsx';

afterEach(cleanup);

const html = (source: string) =>
  render(
    <ChakraProvider value={system}>
      <SafeHtml html={source} />
    </ChakraProvider>,
  ).container.querySelector('div')!.innerHTML;

describe('SafeHtml', () => {
  it('renders the allowed tags, without attributes', () => {
    expect(html('<p class="x" style="color:red">Hi <strong>there</strong></p><ul><li>One</li></ul>')).toBe(
      '<p>Hi <strong>there</strong></p><ul><li>One</li></ul>',
    );
  });

  it('drops script, handlers and dangerous elements, keeping plain text', () => {
    const out = html(
      '<p onclick="alert(1)">A<img src=x onerror="alert(1)"><script>alert(1)</script><iframe src="https://evil.example"></iframe><svg><script>1</script></svg></p><div>B</div>',
    );
    expect(out).toBe('<p>A</p>B');
    expect(out).not.toMatch(/on\w+=|<script|<img|<iframe|<svg/i);
  });

  it('keeps only http(s), mailto and tel links, opening other sites in a new tab', () => {
    const out = html(
      '<a href="javascript:alert(1)">bad</a> <a href="https://status.example.com/x" target="_self" onmouseover="x()">good</a> <a href="/billing">here</a>',
    );
    expect(out).toContain('bad');
    expect(out).not.toContain('javascript');
    expect(out).toContain('<a href="https://status.example.com/x" target="_blank" rel="noopener noreferrer">good<span');
    expect(out).toContain('(opens in a new tab)');
    expect(out).toContain(`<a href="${window.location.origin}/billing">here</a>`);
  });

  it('shows markup written as text as text', () => {
    expect(html('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('puts body headings under the dialog heading', () => {
    expect(html('<h2>Big</h2><h3>Small</h3>')).toBe('<h3>Big</h3><h4>Small</h4>');
  });
});
