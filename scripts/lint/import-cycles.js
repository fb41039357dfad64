/**
 * No import circles between the repository's own files, whose load order would decide what each finds: a file may not
 * import, directly or through others, a file that imports it, type-only imports and `import()` included. Each import
 * is followed on disk from the file that imports it; the graph read is kept for the lint run.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SPECIFIERS = [/(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g, /import\(\s*['"]([^'"]+)['"]\s*\)/g];

/** The file a relative specifier names, or null (a package, or a file that is not there). */
function resolveFrom(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(file), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx'), base.replace(/\.js$/, '.ts')];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate)) ?? null;
}

const importsRead = new Map();

function importsOf(file) {
  let imports = importsRead.get(file);
  if (!imports) {
    const source = readFileSync(file, 'utf8');
    imports = SPECIFIERS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => resolveFrom(file, match[1]))).filter(Boolean);
    importsRead.set(file, imports);
  }
  return imports;
}

/** A path of imports from `start` back to `target`, or null. */
function pathBack(start, target) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === target) {
      const steps = [];
      for (let at = file; at; at = cameFrom.get(at)) steps.unshift(at);
      return steps;
    }
    for (const next of importsOf(file)) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', docs: { description: "Refuse an import that closes a circle among the repository's files." }, schema: [] },
  create(context) {
    const filename = context.filename;
    const root = context.cwd;
    const shown = (file) => path.relative(root, file).split(path.sep).join('/');

    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const imported = resolveFrom(filename, source.value);
      if (!imported || imported === filename) return;
      const circle = pathBack(imported, filename);
      if (circle) {
        const message = `This import closes a circle: ${[filename, ...circle].map(shown).join(' → ')}. Move what both sides need to a file of its own.`;
        context.report({ node: source, message });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'import-cycles': rule } };
