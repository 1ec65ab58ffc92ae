/**
 * An allowlist HTML sanitiser for the notification centre's HTML bodies. Nothing of the
 * input is passed through: it is read into tags and text, and new HTML is written from
 * them, with only the allowed tags, no attributes but a checked `href` on links, every text
 * and attribute escaped, and every tag closed. A tokeniser that misreads odd input can
 * therefore lose text, but never let markup through.
 */

/** Tags kept (without attributes, `a` with its href). */
const ALLOWED = new Set([
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
const VOID = new Set(['br', 'hr']);
/** Tags dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'select',
  'head',
  'frameset',
]);
/** Link schemes allowed in href. */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Decodes character references the way a browser does in an attribute value (enough to judge a URL's scheme). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '\ufffd';
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const escapeText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Text between tags: well-formed character references stay as they are; everything else is escaped. */
function escapeTextKeepingReferences(text: string): string {
  return text
    .split(/(&(?:#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});)/gi)
    .map((part, index) => (index % 2 === 1 ? part : escapeText(part)))
    .join('');
}

/** A link target that cannot run script: http(s), mailto or tel, absolute or relative to the page. */
export function safeHref(raw: string): string | null {
  const value = decodeEntities(raw).trim();
  if (value === '') return null;
  let url: URL;
  try {
    url = new URL(value, 'https://portal.invalid/');
  } catch {
    return null;
  }
  return SAFE_SCHEMES.has(url.protocol) ? value : null;
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: Map<string, string>;
  /** Index just after the tag's `>`. */
  end: number;
}

const TAG_NAME = /[a-zA-Z][^\s/>]*/y;
const SPACE_OR_SLASH = /[\s/]*/y;
const SPACE = /\s*/y;
const ATTRIBUTE_NAME = /[^\s/>=]+|=/y;
const UNQUOTED_VALUE = /[^\s>]*/y;

/** The match of a sticky pattern at `at` ('' when none). */
function matchAt(pattern: RegExp, html: string, at: number): string {
  pattern.lastIndex = at;
  return pattern.exec(html)?.[0] ?? '';
}

/** Reads the tag starting at `start` (a `<` followed by a letter or `/` and a letter), or null at an unfinished tag. */
function readTag(html: string, start: number): Tag | null {
  let i = start + 1;
  const closing = html[i] === '/';
  if (closing) i++;
  const rawName = matchAt(TAG_NAME, html, i);
  if (!rawName) return null;
  i += rawName.length;
  const attributes = new Map<string, string>();
  while (i < html.length) {
    i += matchAt(SPACE_OR_SLASH, html, i).length;
    if (i >= html.length) break;
    if (html[i] === '>') return { name: rawName.toLowerCase(), closing, attributes, end: i + 1 };
    const attrName = matchAt(ATTRIBUTE_NAME, html, i);
    i += attrName.length;
    i += matchAt(SPACE, html, i).length;
    let value = '';
    if (html[i] === '=') {
      i++;
      i += matchAt(SPACE, html, i).length;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        value = matchAt(UNQUOTED_VALUE, html, i);
        i += value.length;
      }
    }
    const key = attrName.toLowerCase();
    if (key && !attributes.has(key)) attributes.set(key, value);
  }
  return null;
}

/** Where the content of a dropped element ends: after its matching end tag (nested ones counted), else the end of the input. */
function skipElement(html: string, name: string, from: number): number {
  const pattern = new RegExp(`<(/?)${name}(?=[\\s/>])[^>]*>`, 'gi');
  pattern.lastIndex = from;
  // Raw-text elements cannot nest: their first end tag ends them.
  const nests = !['script', 'style', 'textarea', 'title', 'xmp', 'noscript', 'noembed', 'noframes', 'iframe'].includes(
    name,
  );
  let depth = 1;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    if (match[1] === '/') depth--;
    else if (nests) depth++;
    if (depth === 0) return pattern.lastIndex;
  }
  return html.length;
}

/**
 * The HTML, reduced to the allowlist.
 * @example sanitizeHtml('<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:x">there</a></p>') // '<p>Hi <a>there</a></p>'
 */
export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  let text = '';
  const flushText = () => {
    out += escapeTextKeepingReferences(text);
    text = '';
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    // Comments, doctypes and processing instructions are dropped.
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const close = html.indexOf('>', lt);
      i = close === -1 ? html.length : close + 1;
      continue;
    }
    const tag = /^<\/?[a-zA-Z]/.test(html.slice(lt, lt + 3)) ? readTag(html, lt) : null;
    if (!tag) {
      // A lone "<" is text; an unfinished tag at the end is dropped, as a browser does.
      if (/^<\/?[a-zA-Z]/.test(html.slice(lt, lt + 3))) break;
      text += '<';
      i = lt + 1;
      continue;
    }
    i = tag.end;
    if (DROP_WITH_CONTENT.has(tag.name)) {
      if (!tag.closing) i = skipElement(html, tag.name, i);
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue; // unwrapped: its text stays
    flushText();
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (VOID.has(tag.name)) {
      out += `<${tag.name}>`;
      continue;
    }
    const href = tag.name === 'a' ? safeHref(tag.attributes.get('href') ?? '') : null;
    out += href === null ? `<${tag.name}>` : `<a href="${escapeText(href)}">`;
    open.push(tag.name);
  }
  flushText();
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
