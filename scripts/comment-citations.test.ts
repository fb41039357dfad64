/**
 * Comments say why and cite only what a reader of the repository can open: a tracker's numbers and the sections of
 * the product's specification are not in it, so a comment states its reason or names a document here. Comments are
 * found by TypeScript's own parser, so a test title or a string that reads the same is left alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const FOLDERS = ['sync', 'api', 'app', 'e2e', 'bench', 'scripts'];
const SOURCE = new Set(['.ts', '.tsx', '.js', '.mjs']);
// These two read the product's specification from beside the checkout: their comments name the parts the code reads.
const READS_THE_SPECIFICATION = new Set(['e2e/support/spec-text.ts', 'e2e/spec-words.spec.ts']);

const ISSUE = /\bissues?\s+#?\d+/i;
const CITATIONS = [ISSUE, /\bsections?\s+\d+/i, /§/, /\bthe\s+spec(ification)?\b/i, /\bspec(ification)?'s\b/i, /\bspec(ification)?(\s+section|:)/i, /\(spec(ification)?\)/i];

/** The repository's own sources: the folders above and the tool configurations at the root. */
function sources(): string[] {
  const nested = FOLDERS.flatMap((folder) => readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }).map((path) => `${folder}/${path.replaceAll('\\', '/')}`));
  const root = readdirSync(ROOT).filter((name) => /\.config\.[cm]?[jt]s$/.test(name));
  return [...root, ...nested].filter((path) => SOURCE.has(extname(path)) && !path.includes('node_modules/'));
}

/** Every comment of a source file, by where it starts. */
function comments(path: string, text: string): Array<{ pos: number; text: string }> {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = new Map<number, string>();
  const keep = (ranges: ts.CommentRange[] | undefined) => ranges?.forEach((range) => found.set(range.pos, text.slice(range.pos, range.end)));
  const visit = (node: ts.Node) => {
    keep(ts.getLeadingCommentRanges(text, node.getFullStart()));
    keep(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.getChildren(file).forEach(visit);
  };
  visit(file);
  return [...found].sort(([a], [b]) => a - b).map(([pos, comment]) => ({ pos, text: comment }));
}

/** `file:line` of each comment of `text` that cites a tracker's number or a part of the product's specification. */
function citations(path: string, text: string): string[] {
  // Most files mention neither: only those that do are parsed.
  if (!CITATIONS.some((pattern) => pattern.test(text))) return [];
  const lineOf = (pos: number) => text.slice(0, pos).split('\n').length;
  return comments(path, text).flatMap((comment) => {
    // A comment reads on across its lines: the next line's `*` or `//` counts as a space, where it stands.
    const flat = comment.text.replace(/\n[ \t]*(\*(?!\/)|\/\/)?/g, (joint) => ' '.repeat(joint.length));
    const at = CITATIONS.map((pattern) => flat.search(pattern)).filter((index) => index >= 0);
    return at.length > 0 ? [`${path}:${lineOf(comment.pos + Math.min(...at))}`] : [];
  });
}

describe('comments', () => {
  it('cite no issue number and no part of the specification', () => {
    const all = sources();
    expect(all).toEqual(expect.arrayContaining([...READS_THE_SPECIFICATION]));
    const files = all.filter((path) => !READS_THE_SPECIFICATION.has(path));
    expect(files.flatMap((path) => citations(path, readFileSync(join(ROOT, path), 'utf8')))).toEqual([]);
  });

  it('are told from test titles and strings, and read across their lines', () => {
    const source = [
      "it('shows the spec message for issue 38', () => {});",
      'const words = `the spec, section 5`; // A word for the page.',
      '/**',
      ' * Kept on the device (issue',
      ' * 38).',
      ' */',
      'export const kept = true; // as the spec says',
      '/* Spec files run side by side. */',
    ].join('\n');
    expect(citations('probe.ts', source)).toEqual(['probe.ts:4', 'probe.ts:7']);
  });
});

describe("the repository's documents", () => {
  it('cite no issue number', () => {
    const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).map((path) => `docs/${path.replaceAll('\\', '/')}`);
    const cited = ['README.md', 'sync/README.md', 'bench/README.md', ...docs.filter((path) => path.endsWith('.md'))].flatMap((path) => {
      const text = readFileSync(join(ROOT, path), 'utf8');
      return [...text.matchAll(new RegExp(ISSUE, 'gi'))].map((match) => `${path}:${text.slice(0, match.index).split('\n').length}`);
    });
    expect(cited).toEqual([]);
  });
});
