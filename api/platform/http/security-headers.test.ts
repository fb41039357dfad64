import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { files, upload } from '../../photos/upload-test-support';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers';

const INLINE_SCRIPT = "document.documentElement.dataset.ready='1'";
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><title>Wholesale Menus</title><script>${INLINE_SCRIPT}</script></head>
  <body><div id="root"></div><script type="module" src="/assets/index.js"></script></body>
</html>`;

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** The policy's directives by name, each with its sources. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

let t: TestApp;
let site: ReturnType<typeof createApp>;

beforeAll(() => {
  t = createTestApp();
  const root = join(t.dir, 'site');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), INDEX_HTML);
  writeFileSync(join(root, 'assets', 'index.js'), 'console.log(1)');
  site = createApp(t.services, { staticRoot: root });
});
afterAll(() => t.close());

describe('the Content-Security-Policy of the app', () => {
  it('is strict on every page: scripts from the app only, no inline script but the page’s own by hash, nothing framing it', async () => {
    for (const path of ['/', '/products', '/menu/00000000-0000-4000-8000-000000000000', '/assets/index.js', '/api/health', '/api/nope']) {
      const response = await site.request(path);
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('default-src'), path).toEqual(["'self'"]);
      const scripts = policy.get('script-src') ?? [];
      expect(scripts, path).toContain("'self'");
      expect(scripts, path).toContain(`'${sha256(INLINE_SCRIPT)}'`);
      expect(
        scripts.filter((source) => source.startsWith("'") && source !== "'self'" && !source.startsWith("'sha256-")),
        path,
      ).toEqual([]);
      expect(
        scripts.filter((source) => source === '*' || source === 'https:' || source === 'data:' || source === 'blob:'),
        path,
      ).toEqual([]);
      expect(policy.get('object-src'), path).toEqual(["'none'"]);
      expect(policy.get('base-uri'), path).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
      // Images from the app itself (and Stripe's payment form): a menu page never loads another site's pixel.
      expect(policy.get('img-src'), path).toEqual(["'self'", 'blob:', 'data:', 'https://*.stripe.com']);
      expect(policy.get('connect-src'), path).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com']));
      expect(policy.get('worker-src'), path).toEqual(["'self'", 'blob:']);
    }
  });

  it('lets the app itself use the camera, and no other page or frame', async () => {
    const response = await site.request('/products');
    const permissions = response.headers.get('permissions-policy') ?? '';
    expect(permissions.split(', ')).toContain('camera=(self)');
    expect(permissions.split(', ')).toContain('microphone=()');
    expect(permissions.split(', ')).toContain('geolocation=()');
  });

  it('sandboxes every uploaded file, so a stored PDF or image runs nothing from the app’s origin', async () => {
    const seller = await t.registerUser('seller');
    const stored = await upload(t, seller.token, { image: files.jpeg() });
    expect(stored.status).toBe(201);
    for (const app of [site, t.app]) {
      const served = await app.request(stored.body.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-security-policy')).toBe('sandbox');
      const missing = await app.request('/uploads/nothing.pdf');
      expect(missing.headers.get('content-security-policy')).toBe('sandbox');
    }
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts a browser runs, and leaves out sourced scripts and data blocks', () => {
    const html = `<script>a()</script><script type="module">b()</script><script type='text/javascript'>c()</script>
      <script src="/x.js"></script><script type="module" src="/y.js"></script>
      <script type="application/json" id="menu-data">{"name":"x"}</script><script type=application/ld+json>{}</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()'), sha256('c()')]);
  });

  it('finds none in a page with only module scripts from files, so the policy allows no inline script', () => {
    const hashes = inlineScriptHashes('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(hashes).toEqual([]);
    expect(
      directives(contentSecurityPolicy(hashes))
        .get('script-src')
        ?.some((source) => source.startsWith("'sha256-")),
    ).toBe(false);
  });
});
