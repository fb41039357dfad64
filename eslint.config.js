import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './scripts/lint/import-boundaries.js';
import cycles from './scripts/lint/import-cycles.js';
import fileNames from './scripts/lint/file-names.js';

/** Reading the environment, however it is spelled: only api/env.ts may (see the rule's configuration below). */
const ENVIRONMENT_READS = [
  {
    selector: "MemberExpression[object.name='process'][property.name='env']",
    message: 'Read settings through api/env.ts, the one place that reads and checks the environment.',
  },
  {
    selector: "MemberExpression[object.name='process'][property.value='env']",
    message: 'Read settings through api/env.ts, the one place that reads and checks the environment.',
  },
  {
    selector: "MemberExpression[object.property.name='process'][property.name='env']",
    message: 'Read settings through api/env.ts, the one place that reads and checks the environment.',
  },
  {
    selector: "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
    message: 'Read settings through api/env.ts, the one place that reads and checks the environment.',
  },
];

/** A Map's oldest key dropped by hand: a cache bounded again beside the one class that does it (api/platform/limits/bounded-map.ts). */
const HAND_BOUNDED_CACHE = {
  selector: "CallExpression[callee.property.name='next'] > MemberExpression.callee > CallExpression.object[callee.property.name='keys']",
  message: 'Bound a cache with BoundedMap (api/platform/limits/bounded-map.ts) rather than dropping its oldest key by hand.',
};

/** Cents written as money by hand: the one helper that does it is centsAsMoney (sync/rules/decimal.ts). */
const HAND_WRITTEN_CENTS = {
  selector: "CallExpression[callee.name='formatScaled'][arguments.1.value=2]",
  message: 'Write whole cents as money with centsAsMoney (sync/rules/decimal.ts).',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'api/db/migrations', '**/*.lint-probe.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { names: fileNames },
    rules: {
      'names/file-names': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'api/**/*.{ts,tsx}', 'sync/**/*.{ts,tsx}'],
    // api/tests/ holds the whole-system suites (device, load, faults, scale-out, convergence) and their support,
    // which drive the app's own sync replica against real servers: they stand above every layer.
    ignores: ['api/tests/**'],
    plugins: { local: boundaries, cycles },
    rules: {
      // The one file of api/ that draws the app's public menu on the server.
      'local/import-boundaries': ['error', { serverRenderEntries: ['api/public-menu/menu-page-render.tsx'] }],
      'cycles/import-cycles': 'error',
    },
  },
  {
    // Settings come from the environment through api/env.ts alone, read and checked once at start; sync/ reads none.
    // Outside this rule's files, reading process.env is expected: tests and their support (which set up
    // and spawn servers with their own environment), scripts/, bench/, e2e/ and the tool configs.
    files: ['app/**/*.{ts,tsx}', 'api/**/*.{ts,tsx}', 'sync/**/*.{ts,tsx}'],
    ignores: ['api/env.ts', '**/*.test.{ts,tsx}', 'api/testing/**', 'api/tests/**'],
    rules: {
      'no-restricted-syntax': ['error', ...ENVIRONMENT_READS, HAND_WRITTEN_CENTS],
      'no-restricted-imports': ['error', { paths: ['process', 'node:process'].map((name) => ({ name, importNames: ['env'], message: 'Read settings through api/env.ts.' })) }],
    },
  },
  {
    // On the server, every in-memory cache keyed by what clients send is bounded by one class, so no client can grow it.
    files: ['api/**/*.{ts,tsx}'],
    ignores: ['api/env.ts', 'api/platform/limits/bounded-map.ts', '**/*.test.{ts,tsx}', 'api/testing/**', 'api/tests/**'],
    rules: { 'no-restricted-syntax': ['error', ...ENVIRONMENT_READS, HAND_BOUNDED_CACHE, HAND_WRITTEN_CENTS] },
  },
  {
    // A column's values are a list sync/ exports (the contract both sides check against), or one named beside the
    // table for what never leaves the server: never a literal restating a list kept elsewhere, which would drift from it.
    files: ['api/db/schema/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ENVIRONMENT_READS,
        HAND_BOUNDED_CACHE,
        HAND_WRITTEN_CENTS,
        {
          selector: "CallExpression[callee.name='text'] > ObjectExpression > Property[key.name='enum'] > ArrayExpression",
          message: "Name the column's values: the list sync/ exports for them, or a constant of the table's own beside it.",
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/ in \\(\\s*'/]",
          message: "Check a column's values with oneOf(column) (api/db/schema/columns.ts): the list its enum names, not a copy.",
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Playwright fixtures take their dependencies as a destructured first argument, often none.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
