import { Box } from '@chakra-ui/react';
import { createElement, Fragment, useMemo, type ReactNode } from 'react';

/**
 * HTML from the API, shown safely. The server already sanitises it; here it is parsed into an
 * inert document (nothing in it runs or loads) and rebuilt as React elements from an
 * allowlist: known tags without their attributes, links with a checked href opening in a new
 * tab, and text. Nothing is ever set as raw HTML.
 */

const TAGS = new Set([
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
]);
/** Headings in a body sit under the dialog's h2. */
const HEADING_LEVEL: Record<string, string> = { h2: 'h3', h3: 'h4', h4: 'h5' };
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'noscript',
  'textarea',
  'select',
]);
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** The href to keep, or null: only http(s), mailto and tel. */
export function safeLink(href: string | null): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, window.location.href);
    return SAFE_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** Read by screen readers, not shown. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, convert);
  if (!TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'br' || tag === 'hr') return createElement(tag, { key });
  if (tag === 'a') {
    const href = safeLink(element.getAttribute('href'));
    if (!href) return createElement(Fragment, { key }, ...children);
    const external = new URL(href).origin !== window.location.origin;
    if (!external) return createElement('a', { key, href }, ...children);
    return createElement(
      'a',
      { key, href, target: '_blank', rel: 'noopener noreferrer' },
      ...children,
      createElement('span', { key: 'new-tab', style: visuallyHidden }, ' (opens in a new tab)'),
    );
  }
  return createElement(HEADING_LEVEL[tag] ?? tag, { key }, ...children);
}

/** The React elements of an HTML fragment, by the allowlist. */
export function htmlToReact(html: string): ReactNode[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(document.body.childNodes, convert);
}

export function SafeHtml({ html }: { html: string }) {
  const content = useMemo(() => htmlToReact(html), [html]);
  return (
    <Box
      css={{
        '& p, & ul, & ol, & blockquote, & pre': { marginBlockEnd: '3' },
        '& ul': { paddingInlineStart: '6', listStyleType: 'disc' },
        '& ol': { paddingInlineStart: '6', listStyleType: 'decimal' },
        '& li': { marginBlockEnd: '1' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
        '& h3, & h4, & h5': { fontWeight: 'semibold', marginBlockEnd: '2' },
        '& blockquote': { borderInlineStartWidth: '4px', paddingInlineStart: '3', color: 'fg.muted' },
        '& code, & pre': { fontFamily: 'mono', fontSize: 'sm' },
        '& > :last-child': { marginBlockEnd: '0' },
      }}
    >
      {content}
    </Box>
  );
}
