/**
 * The house rules that `npm run lint` enforces: each case plants a scratch
 * file in the tree where the rule applies, lints it through ESLint's own API
 * with the project's configuration, and removes it. Scratch files end in
 * `.lint-probe.ts`, which the configuration, the typecheck and the formatter
 * leave out, so a lint run at the same moment never sees one.
 */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
// `ignore: false` lints the scratch file although the configuration ignores its name elsewhere.
const eslint = new ESLint({ cwd: ROOT, ignore: false });

/** The rule ids ESLint reports for `source` planted at `folder` (from the repository's root). */
async function ruleIdsFor(folder: string, source: string): Promise<string[]> {
  const file = join(ROOT, folder, `probe-${randomUUID()}.lint-probe.ts`);
  writeFileSync(file, source);
  try {
    const [result] = await eslint.lintFiles([file]);
    return result!.messages.map((message) => message.ruleId ?? message.message);
  } finally {
    rmSync(file, { force: true });
  }
}

// Loading the configuration and its plugins once takes seconds on a busy machine: done before the cases, with time to spare.
beforeAll(() => eslint.calculateConfigForFile(join(ROOT, 'app/main.tsx')), 120_000);

const BOUNDARY = 'local/import-boundaries';
const ENVIRONMENT = 'no-restricted-syntax';

describe('npm run lint refuses', () => {
  it('a feature importing another feature', async () => {
    expect(await ruleIdsFor('app/features/buyer', "export * from '../menus/link-expiry';\n")).toContain(BOUNDARY);
    expect(await ruleIdsFor('app/features/buyer', "export * from '../../features/menus/link-expiry';\n")).toContain(BOUNDARY);
  });

  it('app/components importing a feature', async () => {
    expect(await ruleIdsFor('app/components', "export * from '../features/menus/link-expiry';\n")).toContain(BOUNDARY);
  });

  it('app/lib importing a feature', async () => {
    expect(await ruleIdsFor('app/lib', "export * from '../features/menus/link-expiry';\n")).toContain(BOUNDARY);
  });

  it('app/widgets importing a feature, and app/components or app/lib importing a widget', async () => {
    expect(await ruleIdsFor('app/widgets', "export * from '../features/menus/link-expiry';\n")).toContain(BOUNDARY);
    expect(await ruleIdsFor('app/components', "export * from '../widgets/category-art';\n")).toContain(BOUNDARY);
    expect(await ruleIdsFor('app/lib', "export * from '../widgets/category-art';\n")).toContain(BOUNDARY);
  });

  it('sync/ importing app/ or api/', async () => {
    expect(await ruleIdsFor('sync', "export * from '../app/lib/back-to';\n")).toContain(BOUNDARY);
    expect(await ruleIdsFor('sync', "export * from '../api/env';\n")).toContain(BOUNDARY);
  });

  it("app/ importing api/, from app/lib or a feature, the server's test app too", async () => {
    expect(await ruleIdsFor('app/lib', "export * from '../../api/orders/order-lines';\n")).toContain(BOUNDARY);
    expect(await ruleIdsFor('app/features/orders', "export * from '../../../api/env';\n")).toContain(BOUNDARY);
    expect(await ruleIdsFor('app/lib/replica', "import { createTestApp } from '../../../api/testing/test-app';\nexport const app = createTestApp;\n")).toContain(BOUNDARY);
  });

  it('api/ importing app/ outside the server-drawn page entry', async () => {
    expect(await ruleIdsFor('api/products', "export * from '../../app/lib/back-to';\n")).toContain(BOUNDARY);
  });

  it('api/platform or api/db importing a resource of the server', async () => {
    expect(await ruleIdsFor('api/platform', "export * from '../orders/order-lines';\n")).toContain(BOUNDARY);
    expect(await ruleIdsFor('api/db/repositories', "export * from '../../context';\n")).toContain(BOUNDARY);
  });

  it('an import that closes a circle, type-only too', async () => {
    const other = `probe-${randomUUID()}.lint-probe`;
    const otherFile = join(ROOT, 'sync', `${other}.ts`);
    const file = join(ROOT, 'sync', `probe-${randomUUID()}.lint-probe.ts`);
    writeFileSync(otherFile, `import type { Circle } from './${basename(file, '.ts')}';\nexport type Other = Circle;\n`);
    writeFileSync(file, `import type { Other } from './${other}';\nexport type Circle = { other?: Other };\n`);
    try {
      const [result] = await eslint.lintFiles([file]);
      expect(result!.messages.map((message) => message.ruleId)).toContain('cycles/import-cycles');
    } finally {
      rmSync(file, { force: true });
      rmSync(otherFile, { force: true });
    }
  });

  it('process.env read in api/ or app/ outside api/env.ts, however it is spelled', async () => {
    expect(await ruleIdsFor('api/products', 'export const port = process.env.PORT;\n')).toContain(ENVIRONMENT);
    expect(await ruleIdsFor('app/lib', 'const { env } = process;\nexport const port = env.PORT;\n')).toContain(ENVIRONMENT);
    expect(await ruleIdsFor('api/products', "export const port = process['env'].PORT;\n")).toContain(ENVIRONMENT);
    expect(await ruleIdsFor('api/products', 'export const port = globalThis.process.env.PORT;\n')).toContain(ENVIRONMENT);
  });

  it('process.env read in sync/, which the device runs too, its test fixtures included', async () => {
    expect(await ruleIdsFor('sync', 'export const port = process.env.PORT;\n')).toContain(ENVIRONMENT);
    expect(await ruleIdsFor('sync/testing', 'export const seed = process.env.TEST_SEED;\n')).toContain(ENVIRONMENT);
  });

  it('a database column whose values are a literal list, restating one sync/ keeps, and the environment read there too', async () => {
    const column = "import { text } from 'drizzle-orm/sqlite-core';\nexport const unitType = text('unit_type', { enum: ['lb', 'oz', 'g', 'unit'] });\n";
    expect(await ruleIdsFor('api/db/schema', column)).toContain(ENVIRONMENT);
    expect(await ruleIdsFor('api/db/schema', 'export const port = process.env.PORT;\n')).toContain(ENVIRONMENT);
  });

  it('a server cache that drops its oldest entry by hand instead of using BoundedMap', async () => {
    const cache =
      'const kept = new Map<string, number>();\nexport function keep(key: string) {\n  kept.set(key, 1);\n  if (kept.size > 10) kept.delete(kept.keys().next().value!);\n}\n';
    expect(await ruleIdsFor('api/public-menu', cache)).toContain(ENVIRONMENT);
    expect(await ruleIdsFor('api/db/schema', cache)).toContain(ENVIRONMENT);
    const bounded =
      "import { BoundedMap } from '../limits/bounded-map';\nconst kept = new BoundedMap<string, number>(10);\nexport const keep = (key: string) => kept.set(key, 1);\n";
    expect(await ruleIdsFor('api/public-menu', bounded)).toEqual([]);
  });
});

describe('npm run lint refuses a file name', () => {
  it('that is not kebab-case', async () => {
    const file = join(ROOT, 'app/lib', `OrderPage_${randomUUID().slice(0, 8)}.lint-probe.ts`);
    writeFileSync(file, 'export const probe = 1;\n');
    try {
      const [result] = await eslint.lintFiles([file]);
      expect(result!.messages.map((message) => message.ruleId)).toContain('names/file-names');
    } finally {
      rmSync(file, { force: true });
    }
  });
});

describe('npm run lint allows', () => {
  it('a database column whose values are the list sync/ exports', async () => {
    const column =
      "import { text } from 'drizzle-orm/sqlite-core';\nimport { UNIT_TYPES } from '../../../sync/constants';\nexport const unitType = text('unit_type', { enum: UNIT_TYPES });\n";
    expect(await ruleIdsFor('api/db/schema', column)).toEqual([]);
  });

  it('a feature importing its own files, app/lib, app/components, app/widgets and sync/', async () => {
    const source =
      "export * from './link-expiry';\nexport * from '../../lib/back-to';\nexport * from '../../components/qr-code-image';\nexport * from '../../widgets/category-art';\nexport * from '../../../sync/decimal';\n";
    expect(await ruleIdsFor('app/features/menus', source)).toEqual([]);
  });

  it('api/db taking the settings and the platform, and a resource standing on both', async () => {
    expect(await ruleIdsFor('api/db', "export * from '../env';\nexport * from '../platform/limits/bounded-map';\n")).toEqual([]);
    expect(await ruleIdsFor('api/orders', "export * from '../db/database';\nexport * from '../platform/http/errors';\n")).toEqual([]);
  });

  it("api/'s server-drawn page entry importing the app, and a test reading the environment", async () => {
    const [entry] = await eslint.lintFiles([join(ROOT, 'api/public-menu/menu-page-render.tsx')]);
    expect(entry!.messages).toEqual([]);
    const [test] = await eslint.lintFiles([join(ROOT, 'api/cli/admin.test.ts')]);
    expect(test!.messages).toEqual([]);
  });
});
