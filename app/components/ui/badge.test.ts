/**
 * One colour per meaning: a page gives a badge a tone, never colours of its
 * own, so "Out of stock" cannot be red on one page and amber on another again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = join(import.meta.dirname, '../..');
const COLOUR_CLASS = /\b(?:bg|text|ring|border)-(?:[a-z]+-\d{2,3}|white|black)\b/;

function sourcesOf(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Each `<Badge ...>` opening tag in a source file. */
function badgeTags(source: string): string[] {
  return [...source.matchAll(/<Badge\b[^>]*>/g)].map((match) => match[0]);
}

describe('badges', () => {
  it('take their colour from a tone on every page', () => {
    const coloured = sourcesOf(APP).flatMap((file) =>
      badgeTags(readFileSync(file, 'utf8'))
        .filter((tag) => COLOUR_CLASS.test(tag) || !/\btone=/.test(tag))
        .map((tag) => `${file}: ${tag}`),
    );
    expect(coloured).toEqual([]);
  });

  it('are found by the check above (it reads the pages it guards)', () => {
    const tags = sourcesOf(APP).flatMap((file) => badgeTags(readFileSync(file, 'utf8')));
    expect(tags.length).toBeGreaterThan(10);
    expect(badgeTags('<Badge className="bg-red-100 text-red-800">Out of stock</Badge>').filter((tag) => COLOUR_CLASS.test(tag))).toHaveLength(1);
  });
});
