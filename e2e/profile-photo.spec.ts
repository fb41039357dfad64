/**
 * A buyer changes their profile photo on /profile: an image is uploaded and
 * saved with the profile (it syncs, and stays after a reload); a file that is
 * not an image, or is 5 MB or more, is refused on the device with a message
 * saying why and never sent; with no connection the photo says it needs one. A
 * seller's menu cover is an uploaded picture too.
 */
import { apiGet, apiLogin } from './support/api';
import { baseUrl, expect, registerAccount, signIn, test } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { expectToastShown, expectToastShownThenClose, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('a buyer uploads a profile photo; files that are not images or are too large are refused on the device', async ({ page, context }) => {
  const account = await registerAccount('buyer');
  await signIn(page, account);
  await page.goto('/profile');
  const avatar = page.getByRole('img', { name: 'Profile photo' });
  await expect(page.getByRole('heading', { level: 1, name: 'Bea' })).toBeVisible();
  await expect(avatar).toHaveCount(0); // the initial stands in for the photo

  const uploads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/upload') uploads.push(request.method());
  });
  const input = page.getByLabel('Change photo');
  await expect(input).toHaveAttribute('accept', 'image/*');

  // Not an image: refused before anything is sent.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expectToastShownThenClose(page, 'Error', 'Please select an image file');
  // 5 MB or more: refused before anything is sent.
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) });
  await expectToastShownThenClose(page, 'Error', 'Image must be less than 5MB');
  expect(uploads).toEqual([]);

  // A file that claims to be an image but is not: the server says so, and its message is shown.
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('plain text in disguise') });
  await expectToastShownThenClose(page, 'Error', 'Please select an image file');
  expect(uploads).toEqual(['POST']);

  // No connection: the photo needs one, and nothing is sent.
  await goOffline(context);
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expectToastShownThenClose(page, 'Error', 'needs a connection');
  await goOnline(context);
  expect(uploads).toEqual(['POST']);

  // A real photo.
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expectToastShownThenClose(page, 'Image uploaded successfully');
  await expect(avatar).toHaveAttribute('src', /\/uploads\/[a-f0-9]{64}\.png$/);
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
  const url = await avatar.getAttribute('src');

  // Saved with the profile: the server has it once the change has synced, and it stays after a reload.
  const session = await apiLogin(account);
  await expect.poll(async () => (await apiGet<{ profileImageUrl: string | null }>('/api/auth/me', session)).profileImageUrl, { timeout: 15_000 }).toBe(url);
  await page.reload();
  await expect(page.getByRole('img', { name: 'Profile photo' })).toHaveAttribute('src', url!);
});

test('a seller gives their public menus a cover by uploading a picture, never by typing an address', async ({ page }) => {
  const account = await registerAccount('seller');
  const session = await apiLogin(account);
  const created = await fetch(`${baseUrl()}/api/menus`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ name: 'Covered Menu' }),
  });
  const { publicLinkId } = (await created.json()) as { publicLinkId: string };

  await signIn(page, account);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  const cover = page.getByLabel('Menu cover image');
  await expect(cover).toHaveAttribute('type', 'file');
  await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  const preview = page.getByRole('img', { name: 'Menu cover' });
  await expect(preview).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{64}\.png$/);
  const url = await preview.getAttribute('src');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToastShown(page, 'Profile updated successfully');

  // Saved through the sync queue, the upload heads the public menu.
  const publicCover = async () => ((await (await fetch(`${baseUrl()}/api/public/menu/${publicLinkId}`)).json()) as { seller: { menuCoverUrl: string | null } }).seller.menuCoverUrl;
  await expect.poll(publicCover, { timeout: 15_000 }).toBe(url);
  await page.goto(`/menu/${publicLinkId}`);
  await expect
    .poll(() =>
      page
        .locator(`img[src="${url}"]`)
        .first()
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    )
    .toBe(1);

  // Removing it leaves the menu without a cover.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Remove cover image' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(publicCover, { timeout: 15_000 }).toBeNull();
});
