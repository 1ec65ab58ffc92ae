import { describe, expect, it } from 'vitest';

import { safeHref, sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the allowed tags, without their attributes', () => {
    expect(
      sanitizeHtml(
        '<h3 id="x">Title</h3><p class="lead" style="color:red">Some <strong>bold</strong>, <em>em</em> and <code>code</code>.<br/>Next</p><ul><li>One</li></ul><hr>',
      ),
    ).toBe(
      '<h3>Title</h3><p>Some <strong>bold</strong>, <em>em</em> and <code>code</code>.<br>Next</p><ul><li>One</li></ul><hr>',
    );
  });

  it('keeps links to http(s), mailto and tel, and only their href', () => {
    expect(sanitizeHtml('<a href="https://example.com/a?b=1&amp;c=2" target="_blank" onclick="x()">a</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2">a</a>',
    );
    expect(
      sanitizeHtml('<a href=\'mailto:help@example.com\'>m</a><a href=tel:01632960000>t</a><a href="/billing">b</a>'),
    ).toBe('<a href="mailto:help@example.com">m</a><a href="tel:01632960000">t</a><a href="/billing">b</a>');
  });

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JAVASCRIPT:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<a href="java&Tab;script:alert(1)">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a href="javascript&colon;alert(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
  ])('drops a link that could run script: %s', (html) => {
    expect(sanitizeHtml(html)).toBe('<a>x</a>');
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT src="x"></SCRIPT >ok', 'ok'],
    ['<style>body{display:none}</style>ok', 'ok'],
    ['<iframe src="https://evil.example">inside</iframe>ok', 'ok'],
    ['<svg onload="alert(1)"><svg><g/></svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>ok', 'ok'],
    ['<template><img src=x onerror=alert(1)></template>ok', 'ok'],
    ['<img src=x onerror=alert(1)>ok', 'ok'],
    ['<object data="x"></object><embed src="x">ok', 'ok'],
    ['<!-- <script>alert(1)</script> -->ok', 'ok'],
    ['<!DOCTYPE html><?xml version="1.0"?>ok', 'ok'],
    ['<p><script>alert(1)', '<p></p>'],
    ['<textarea><script>alert(1)</script></textarea>ok', 'ok'],
    ['<div><form action="x"><input name="a"><button>Go</button></form></div>', 'Go'],
  ])('drops dangerous markup: %s', (html, expected) => {
    expect(sanitizeHtml(html)).toBe(expected);
  });

  it('escapes text, keeping character references', () => {
    expect(sanitizeHtml('1 < 2 > 0 & "q" \'s\' &amp; &nbsp; &#169; &copy &lt;script&gt;')).toBe(
      '1 &lt; 2 &gt; 0 &amp; &quot;q&quot; &#39;s&#39; &amp; &nbsp; &#169; &amp;copy &lt;script&gt;',
    );
  });

  it('closes what is open and ignores stray end tags', () => {
    expect(sanitizeHtml('<p><strong>bold<em>both</p>after</li></ul>')).toBe(
      '<p><strong>bold<em>both</em></strong></p>after',
    );
    expect(sanitizeHtml('<ul><li>a<li>b</ul>')).toBe('<ul><li>a<li>b</li></li></ul>');
  });

  it('drops an unfinished tag at the end, as a browser does', () => {
    expect(sanitizeHtml('text<a href="x')).toBe('text');
    expect(sanitizeHtml('text<p')).toBe('text');
  });

  it('keeps attribute values from breaking out', () => {
    expect(sanitizeHtml('<a href="https://x.example/?q=&quot;><script>alert(1)</script>">x</a>')).toBe(
      '<a href="https://x.example/?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>',
    );
    expect(sanitizeHtml('<a title=">" href="https://x.example/">x</a>')).toBe('<a href="https://x.example/">x</a>');
  });

  it('runs in linear time on hostile input', () => {
    const started = performance.now();
    sanitizeHtml('<a '.repeat(20_000) + '<p x="'.repeat(20_000) + '<b>'.repeat(20_000));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('safeHref', () => {
  it('answers safe targets as given and null for the rest', () => {
    expect(safeHref('https://example.com/')).toBe('https://example.com/');
    expect(safeHref('#section')).toBe('#section');
    expect(safeHref('')).toBeNull();
    expect(safeHref('javascript:void(0)')).toBeNull();
    expect(safeHref('http://[bad')).toBeNull();
  });
});
