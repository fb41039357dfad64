/**
 * The newcomer's documents cannot drift from the tree: every folder or file the README's layout names exists, every
 * relative link in the README and the decisions leads to a file (and to the heading it names), every decision record
 * is in the index with its context, decision and consequence, and every repository path a record cites exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DECISIONS = 'docs/decisions';
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const exists = (path: string) => existsSync(join(ROOT, path));
const records = readdirSync(join(ROOT, DECISIONS))
  .filter((name) => name.endsWith('.md'))
  .sort();

/** The text under a `## ` heading, up to the next one. */
function section(markdown: string, heading: string): string {
  const part = markdown.split(/^## /m).find((candidate) => candidate.startsWith(`${heading}\n`));
  if (!part) throw new Error(`No "## ${heading}" section`);
  return part;
}

/**
 * The paths a layout names, in backticks: `sync/entities/` as written, `app/features/<name>` up to its placeholder, and
 * a bare name (`auth`) as a folder of the first path its item names (`api/`).
 */
function layoutPaths(layout: string): string[] {
  return layout
    .split(/^- /m)
    .slice(1)
    .flatMap((item) => {
      const names = [...item.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!.split('<')[0]!);
      const folder = names.find((name) => name.includes('/'));
      return names.map((name) => (name.includes('/') || !folder ? name : posix.join(folder, name)));
    });
}

/** The heading anchors of a Markdown document, as GitHub makes them. */
function anchors(markdown: string): Set<string> {
  const headings = [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]!);
  return new Set(
    headings.map((heading) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

/** The relative links of a document (`[text](target)`) that lead nowhere: the file is missing, or the heading it names. */
function brokenLinks(path: string): string[] {
  const targets = [...read(path).matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
  return targets.filter((target) => {
    if (/^[a-z]+:/i.test(target)) return false;
    const [file, anchor] = target.split('#');
    const resolved = file ? posix.join(dirname(path), file) : path;
    if (!exists(resolved)) return true;
    return anchor !== undefined && resolved.endsWith('.md') && !anchors(read(resolved)).has(anchor);
  });
}

describe("the README's layout", () => {
  it('names only folders and files that exist', () => {
    const named = layoutPaths(section(read('README.md'), 'Layout'));
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((path) => !exists(path))).toEqual([]);
  });

  it('reads a bare name as a folder of its item and stops at a placeholder', () => {
    const layout = '- `api/`: the server, a folder per resource (`auth`, `orders`), routes in `api/http/`.\n- `app/`: by feature (`app/features/<name>`); see `npm run lint`.\n';
    expect(layoutPaths(layout)).toEqual(['api/', 'api/auth', 'api/orders', 'api/http/', 'app/', 'app/features/']);
  });
});

describe('the links of the README and the decisions', () => {
  it.each(['README.md', 'docs/decisions.md', ...records.map((name) => `${DECISIONS}/${name}`)])('every relative link in %s leads to a file and heading', (path) => {
    expect(brokenLinks(path)).toEqual([]);
  });
});

describe('the decision records', () => {
  it('are numbered one after another and each is listed in the index', () => {
    const index = read('docs/decisions.md');
    expect(records.map((name) => name.slice(0, 4))).toEqual(records.map((_, at) => `${String(at + 1).padStart(3, '0')}-`));
    expect(records.filter((name) => !index.includes(`](decisions/${name})`))).toEqual([]);
  });

  it.each(records)('%s has its context, its decision and its consequence', (name) => {
    const headings = [...read(`${DECISIONS}/${name}`).matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(expect.arrayContaining(['Context', 'Decision', expect.stringMatching(/^Consequences?$/)]));
  });

  it.each(records)('%s cites only repository paths that exist', (name) => {
    const cited = [...read(`${DECISIONS}/${name}`).matchAll(/`((?:api|app|sync|e2e|scripts|bench|docs)\/[\w./-]*)`/g)].map((match) => match[1]!);
    expect(cited.filter((path) => !exists(path))).toEqual([]);
  });
});

describe("sync/'s layout", () => {
  it('holds its README, its registry and the folders it describes, nothing loose beside them', () => {
    const entries = readdirSync(join(ROOT, 'sync')).sort();
    expect(entries).toEqual(['README.md', 'contract', 'device', 'entities', 'registry.ts', 'rules', 'testing']);
    const described = (name: string) => read('sync/README.md').includes(name.endsWith('.ts') ? `- \`${name}\`` : `- \`${name}/\``);
    expect(entries.filter((name) => name !== 'README.md' && !described(name))).toEqual([]);
  });
});
