import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The product speaks of itself and of the spec ("spec 001 section 5"), never of how it was built: no tracker
// numbers, numbered work periods, lettered parts, merges of branches or "for later" in code, comments, docs or test
// names.
// This scans every tracked text file; git keeps the history of how the work went.

const root = fileURLToPath(new URL('..', import.meta.url));

/** The forms that tell of the work rather than the product. Each is a whole phrase, so "session token" passes. */
const PROCESS_WORDS: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  {
    pattern: /\b(issue|session|sprint|ticket|milestone|iteration)s? #?\d+/i,
    why: 'a tracker number or a numbered work period',
  },
  {
    pattern: /\b(this|another|next|previous|earlier|later|that|billing) issue\b|\bissue at hand\b|\bissue's\b/i,
    why: 'the tracker',
  },
  { pattern: /\b[Pp]art [AB]\b/, why: 'a part of a piece of work' },
  { pattern: new RegExp(String.raw`\bat ${'merge'}\b`, 'i'), why: 'a merge of branches' },
  { pattern: /\bfor later\b/i, why: 'work put off' },
];

/** Text that matches a pattern above but speaks of the product; each entry names the file and the exact words. */
const ALLOWED: ReadonlyArray<{ file: string; text: string }> = [];

/** Files that are not text the project wrote, and this file, which has to name the forms. */
const SKIPPED = [
  /^package-lock\.json$/,
  /\.(png|jpe?g|gif|ico|webp|woff2?|mp3|wav|ogg|pdf|wasm|zip|gz|br)$/i,
  /^tests\/process-words\.test\.ts$/,
];

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && !SKIPPED.some((skip) => skip.test(file)));
}

function findings(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, why } of PROCESS_WORDS) {
      const match = pattern.exec(line);
      if (!match) continue;
      if (ALLOWED.some((allowed) => allowed.file === file && line.includes(allowed.text))) continue;
      found.push(`${file}:${index + 1}: "${match[0]}" (${why}): ${line.trim().slice(0, 160)}`);
    }
  });
  return found;
}

describe('process words', () => {
  it('catches each form and lets the spec vocabulary through', () => {
    // Written in parts, so this file itself holds none of them.
    const phrase = (...parts: string[]) => parts.join(' ');
    for (const bad of [
      phrase('the plugins (issue', '11)'),
      'issues 14, 18 and 20 ask for them',
      phrase('as in session', '15'),
      phrase('Part', "A's create-customer.ts"),
      phrase('part', 'B journeys'),
      phrase('the two fold together at', 'merge'),
      'the knip suppressions kept for later',
      'the next issue that builds pages',
    ]) {
      expect(findings('example.ts', bad), bad).not.toEqual([]);
    }
    for (const fine of [
      'the session token expires',
      'If the issue persists, contact customer service.',
      'spec 001 section 5',
      'zod issues as field arrays',
      'color: #fff; background: #1a2b3c',
      'a PIN of 4 to 8 digits',
    ]) {
      expect(findings('example.ts', fine), fine).toEqual([]);
    }
  });

  it('appear in no tracked file', () => {
    const found = trackedFiles().flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(`${root}/${file}`, 'utf8');
      } catch {
        return []; // listed by git but absent from the work tree (deleted, not yet staged)
      }
      return text.includes('\0') ? [] : findings(file, text);
    });
    expect(found.join('\n')).toBe('');
  });
});
