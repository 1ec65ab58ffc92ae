import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One price rule (spec 000 section 5: a £ sign and 2 decimals): editor-core's displayPrice. No source file writes a
// price by hand, so the portal never says "5.00 pounds", "£20" or "£1234.00" beside a "£1,234.00" elsewhere.

const root = fileURLToPath(new URL('..', import.meta.url));

/** A price built by hand, and why it breaks the rule. */
const HAND_MADE: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  { pattern: /£\$\{|£\{/, why: 'a £ before a value: use displayPrice' },
  { pattern: /[\d}] pounds\b/, why: 'a price in words: use displayPrice' },
  { pattern: /£\d+(?![\d.,])/, why: 'a price without its 2 decimals' },
];

/** The rule itself, and the spec's own words for the add-on promotion ("£0 for 1 month", spec 001 section 9). */
const ALLOWED: ReadonlyArray<{ file: string; text: string }> = [
  { file: 'editor-core/src/display.ts', text: '`${sign}£${whole}.' },
  { file: 'src/features/call-flows/logic/pricing.ts', text: "'£0 for 1 month'" },
];

/** Source that runs (tests may quote what the page says). */
const SOURCE = /^(src|server\/src|contract\/src|editor-core\/src)\/.*\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$|\/testing\.ts$/;

function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => SOURCE.test(file) && !TEST.test(file));
}

/** A line that is only a comment (a doc's @example shows the rule's own output). */
const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

function findings(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (isComment(line)) return;
    for (const { pattern, why } of HAND_MADE) {
      const match = pattern.exec(line);
      if (!match) continue;
      if (ALLOWED.some((allowed) => allowed.file === file && line.includes(allowed.text))) continue;
      found.push(`${file}:${index + 1}: "${match[0]}" (${why}): ${line.trim().slice(0, 160)}`);
    }
  });
  return found;
}

describe('the one price rule', () => {
  it('catches a price made by hand and lets displayPrice through', () => {
    expect(findings('src/x.tsx', 'const a = `£${price} a month`;')).toHaveLength(1);
    expect(findings('src/x.tsx', '<Text>£{total}</Text>')).toHaveLength(1);
    expect(findings('src/x.ts', 'message: `from ${poundsOf(500)} pounds`,')).toHaveLength(1);
    expect(findings('src/x.tsx', '<Text>Gold numbers cost £20, Silver £3</Text>')).toHaveLength(1);
    expect(findings('src/x.tsx', 'const a = `${displayPrice(price)} a month`;')).toEqual([]);
    expect(findings('src/x.tsx', "label: 'Amount to pay (£)',")).toEqual([]);
    expect(findings('src/x.ts', "amountInvalid: 'Enter an amount in pounds and pence, like 84.00',")).toEqual([]);
    expect(findings('src/x.ts', " * @example displayPrice('5') // '£5.00'")).toEqual([]);
  });

  it('holds in every source file', () => {
    const found = sourceFiles().flatMap((file) => findings(file, readFileSync(`${root}${file}`, 'utf8')));
    expect(found).toEqual([]);
  });
});
