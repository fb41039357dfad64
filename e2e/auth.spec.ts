import type { Page } from '@playwright/test';
import { ADMIN, DEMO_BUYER, DEMO_SELLER, expect, registerAccount, signIn, test, logOut } from './support/fixtures';
import { expectNoToastShown, expectToastShown, noteToasts } from './support/toasts';

test.beforeEach(({ page }) => noteToasts(page));

test.describe('sign up and sign in', () => {
  test('the sign-up form checks its fields in the order the spec gives, and asks a seller for nothing more', async ({ page }) => {
    await page.goto('/?auth=signup');
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    const submit = dialog.getByRole('button', { name: 'Create Account' });
    const alert = dialog.getByRole('alert');

    await submit.click();
    await expect(alert).toHaveText('Email is required');
    await dialog.getByLabel('Email', { exact: true }).fill(`new-person-${Date.now()}@e2e.test`);
    await submit.click();
    await expect(alert).toHaveText('Password is required');
    await dialog.getByLabel('Password', { exact: true }).fill('123');
    await submit.click();
    await expect(alert).toHaveText('First name is required');
    await dialog.getByLabel('First name').fill('Nia');
    await submit.click();
    await expect(alert).toHaveText('Password must be at least 6 characters');
    // The business name is offered, not required: a seller is asked for it before their first menu is shared.
    await expect(dialog.getByLabel('Business name (optional)')).toHaveValue('');
    await dialog.getByLabel('Password', { exact: true }).fill('123456');
    await submit.click();
    await expect(dialog.getByRole('status')).toHaveText('Account created successfully! Redirecting...');
    await expect(page).toHaveURL(/\/seller\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Nia' })).toBeVisible();
  });

  test('the sign-in form asks for email, then password', async ({ page }) => {
    await page.goto('/?auth=signin');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Email is required');
    await dialog.getByLabel('Email').fill('someone@e2e.test');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Password is required');
  });

  test('the password can be shown and hidden, and the first field takes focus', async ({ page }) => {
    await page.goto('/?auth=signin');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expect(dialog.getByLabel('Email')).toBeFocused();
    const password = dialog.getByLabel('Password', { exact: true });
    await password.fill('secret-words');
    await expect(password).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await dialog.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('a new seller signs up from the landing page, is welcomed, signs out, and is welcomed back next time', async ({ page }) => {
    const email = `grower-${Date.now()}@e2e.test`;
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expect(dialog.getByRole('radio', { name: /Seller/ })).toBeChecked();
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('strong-pass');
    await dialog.getByLabel('First name').fill('Rosa');
    await dialog.getByLabel('Business name (optional)').fill('Rosa Gardens');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Account created successfully! Redirecting...');
    await expect(page).toHaveURL(/\/seller\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Rosa Gardens' })).toBeVisible();
    await expect(dialog).toBeHidden();

    await logOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expectToastShown(page, 'Logged out');
    await expect(page.getByRole('link', { name: /^Profile:/ })).toHaveCount(0);

    await signIn(page, { email, password: 'strong-pass' });
    await expect(page.getByRole('heading', { name: 'Welcome back, Rosa Gardens' })).toBeVisible();
  });

  test('a new buyer signs up and lands on the buyer dashboard', async ({ page }) => {
    await page.goto('/?auth=signup');
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByText('Buyer', { exact: true }).click();
    await dialog.getByLabel('Email', { exact: true }).fill(`shop-${Date.now()}@e2e.test`);
    await dialog.getByLabel('Password', { exact: true }).fill('strong-pass');
    await dialog.getByLabel('First name').fill('Theo');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/buyer\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Theo' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Browse Menus', 'Saved Menus', 'My Orders']);
  });

  test('a new buyer may give a business name and licence number, optional, and finds them on the profile', async ({ page }) => {
    await page.goto('/?auth=signup');
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByText('Buyer', { exact: true }).click();
    await dialog.getByLabel('Email', { exact: true }).fill(`shop-${Date.now()}@e2e.test`);
    await dialog.getByLabel('Password', { exact: true }).fill('strong-pass');
    await dialog.getByLabel('First name').fill('Theo');
    await dialog.getByLabel('Business name (optional)').fill('Ωμέγα Dispensary');
    await dialog.getByLabel('License number (optional)').fill('C10-0000456-LIC');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/buyer\/dashboard$/);
    await page.goto('/profile');
    await expect(page.getByLabel('Company name', { exact: true })).toHaveValue('Ωμέγα Dispensary');
    await expect(page.getByLabel('License number', { exact: true })).toHaveValue('C10-0000456-LIC');
  });

  test('a wrong password shows Login Failed with the server message', async ({ page }) => {
    await page.goto('/?auth=signin');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email').fill(DEMO_SELLER.email);
    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expectToastShown(page, 'Login Failed');
    await expectToastShown(page, 'Invalid email or password');
    await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password');
  });

  test('a server that fails or cannot be reached at sign-in is named as the cause, not the credentials', async ({ page }) => {
    await page.goto('/?auth=signin');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email').fill(DEMO_SELLER.email);
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_SELLER.password);

    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The server ran into a problem. Please try again in a moment.');
    // Every toast the page drew, even one that closed before this line: an open toast alone could have gone already.
    await expectNoToastShown(page, 'credentials');

    await page.unroute('**/api/auth/login');
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The server could not be reached. Please try again in a moment.');
  });

  test('a signed-in user who opens the landing page goes to their dashboard', async ({ page }) => {
    await signIn(page, DEMO_BUYER);
    await page.goto('/');
    await expect(page).toHaveURL(/\/buyer\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Northside Provisions' })).toBeVisible();
  });

  test('after signing in, a stored return address wins over the dashboard', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('redirect_after_login', '/menu/sample'));
    await signInWithoutWaiting(page);
    await expect(page).toHaveURL(/\/menu\/sample$/);
    expect(await page.evaluate(() => localStorage.getItem('redirect_after_login'))).toBeNull();
  });
});

async function signInWithoutWaiting(page: Page) {
  await page.goto('/?auth=signin');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(DEMO_BUYER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_BUYER.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('guards', () => {
  for (const path of ['/seller/dashboard', '/products', '/menus', '/menu-builder', '/subscribe', '/buyer/dashboard', '/browse', '/saved-menus', '/profile', '/admin/dashboard']) {
    test(`a visitor who opens ${path} is asked to sign in and sent home`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expectToastShown(page, 'Authentication Required');
      await expectToastShown(page, 'Please sign in to access this page.');
    });
  }

  test('a buyer is kept out of seller and admin pages', async ({ page }) => {
    await signIn(page, await registerAccount('buyer'));
    for (const path of ['/products', '/menus', '/menu-builder', '/seller/dashboard', '/admin/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/buyer\/dashboard$/);
      await expectToastShown(page, 'Access Denied');
    }
  });

  test('a seller is kept out of buyer and admin pages', async ({ page }) => {
    await signIn(page, await registerAccount('seller'));
    for (const path of ['/buyer/dashboard', '/browse', '/saved-menus', '/admin/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/seller\/dashboard$/);
      await expectToastShown(page, "You don't have permission to access this page.");
    }
  });

  test('an admin reaches the admin dashboard and is kept out of seller pages', async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText('Total Users')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Profile']);
    // The list shows a page of the newest customers: the demo seller, who joined long ago, is found by search.
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText(/^Showing 1–/)).toBeVisible();
    await page.getByLabel('Search customers').fill(DEMO_SELLER.email);
    await expect(page.getByText(DEMO_SELLER.email)).toBeVisible();
    await page.goto('/products');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expectToastShown(page, 'Access Denied');
  });

  test('/seller-dashboard takes a seller to the seller dashboard', async ({ page }) => {
    await signIn(page, DEMO_SELLER);
    await page.goto('/seller-dashboard');
    await expect(page).toHaveURL(/\/seller\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Great Lakes Cultivation Co.' })).toBeVisible();
  });

  test('an unknown path shows Page Not Found', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});

test.describe('navigation', () => {
  test('each role gets its own menu with the current page highlighted', async ({ page }) => {
    await signIn(page, DEMO_SELLER);
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Products', 'Menus', 'Orders', 'Customers', 'Price lists']);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Profile: Maya Greene' })).toBeVisible();
  });

  test('the skip link moves focus to the content', async ({ page }) => {
    await signIn(page, DEMO_SELLER);
    await page.goto('/seller/dashboard');
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await skip.press('Enter');
    await expect(page).toHaveURL(/#main-content$/);
  });
});
