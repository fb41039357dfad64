import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { APP_SHELL_RECHECK_MS } from './app-shell';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp | undefined;
afterEach(() => t?.close());

describe('the app shell', () => {
  it('serves a rebuilt index.html without a restart, within a second', async () => {
    t = createTestApp();
    const root = mkdtempSync(join(tmpdir(), 'site-'));
    try {
      writeFileSync(join(root, 'index.html'), '<script src="/assets/index-old.js"></script>');
      const site = createApp(t.services, { staticRoot: root });
      expect(await (await site.request('http://localhost/products')).text()).toContain('index-old.js');

      writeFileSync(join(root, 'index.html'), '<script src="/assets/index-new.js"></script>');
      // A rebuild in the same second as the first build must still count as a change.
      utimesSync(join(root, 'index.html'), new Date(), new Date(Date.now() + 2000));
      await new Promise((resolve) => setTimeout(resolve, APP_SHELL_RECHECK_MS + 50));
      const html = await (await site.request('http://localhost/products')).text();
      expect(html).toContain('index-new.js');
      expect(html).not.toContain('index-old.js');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
