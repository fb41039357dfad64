import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../sync/entities/menu';
import type { Product } from '../../sync/entities/product';
import type { App } from '../app';
import { files, upload } from '../photos/upload-test-support';
import { siteWithShell } from '../testing/site-with-shell';
import { createTestApp, type TestApp } from '../testing/test-app';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Generic description" />
    <title>Wholesale Menus</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let site: App;
let menu: Menu;
let photoUrl: string;

beforeAll(async () => {
  t = createTestApp({ env: { APP_URL: 'https://menus.example' } });
  site = siteWithShell(t, INDEX_HTML);
  const seller = await t.registerUser('seller', { businessName: 'Tom & Jerry "Farms"' });
  photoUrl = (await upload(t, seller.token, { image: files.jpeg() })).body.url;
  const products: Product[] = [];
  for (const body of [{ strainName: 'No photo' }, { strainName: 'Pictured', photoUrl }]) {
    products.push((await t.request<Product>('POST', '/api/products', { token: seller.token, body })).body);
  }
  menu = (
    await t.request<Menu>('POST', '/api/menus', {
      token: seller.token,
      body: { name: 'Harvest <Special>', description: 'Fresh flower, limited lots.', productIds: products.map((product) => product.id) },
    })
  ).body;
});
afterAll(() => t.close());

describe('a shared menu link', () => {
  it('serves the app with the menu name, description and first photo as Open Graph and Twitter tags', async () => {
    const response = await site.request(`http://menus.example/menu/${menu.publicLinkId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Harvest &#60;Special&#62; · Tom &#38; Jerry &#34;Farms&#34;</title>');
    expect(html).toContain('<meta property="og:title" content="Harvest &#60;Special&#62; · Tom &#38; Jerry &#34;Farms&#34;" />');
    expect(html).toContain('<meta property="og:description" content="Fresh flower, limited lots." />');
    expect(html).toContain(`<meta property="og:image" content="https://menus.example${photoUrl}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<meta property="og:url" content="https://menus.example/menu/${menu.publicLinkId}" />`);
    expect(html).toContain(`<link rel="canonical" href="https://menus.example/menu/${menu.publicLinkId}" />`);
    expect(html).not.toContain('Generic description');
    expect(html).toContain('Harvest &lt;Special&gt;</h1>');
  });

  it('answers an unknown link with 404 and no preview tags, the page titled Menu Not Found', async () => {
    const response = await site.request('http://menus.example/menu/00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<title>Menu Not Found · Wholesale Menus</title>');
    expect(html).not.toContain('og:title');
  });
});
