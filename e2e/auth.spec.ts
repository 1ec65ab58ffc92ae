import { expect, expectAccessible, signInCustomer, test } from './fixtures.ts';

// Signs in and out, and with wrong passwords (which count towards the sign-in throttle), as a new
// customer like Acme in each test (the sandbox's customer factory).

test.describe('signing in and out', () => {
  test('a customer signs in and sees their products @mobile', async ({ page, loginPage, homePage, makeCustomer }) => {
    const acme = await makeCustomer('cloud-phone');
    await loginPage.goto();
    await expectAccessible(page, 'login page');
    await loginPage.signIn(acme.email, acme.password);
    await homePage.expectShown(acme.first_name);
    await expectAccessible(page, 'home page');
    await expect(page).toHaveTitle('Home | Customer Portal');
    await expect(page.getByText(acme.company).first()).toBeVisible();
    // The three seeded products, the cloud phone among them.
    const products = page.getByRole('list', { name: 'Your products' }).getByRole('listitem');
    await expect(products).toHaveCount(3);
    await expect(products.filter({ hasText: /broadband/i })).toHaveCount(1);
    await expect(products.filter({ hasText: /fibre/i })).toHaveCount(1);
  });

  test('a wrong password is refused with a readable message and the email is kept', async ({
    page,
    loginPage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    await loginPage.goto();
    await loginPage.signIn(acme.email, 'not-the-password');
    await expect(loginPage.errorSummary()).toContainText('The email address or password is incorrect.');
    await expect(page.getByLabel('Email address')).toHaveValue(acme.email);
    await expect(page).toHaveURL(/\/auth\/login\/?$/);
    await expectAccessible(page, 'login page with server error');
  });

  test('empty and malformed fields are explained before anything is sent', async ({ page, loginPage }) => {
    await loginPage.goto();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(loginPage.errorSummary()).toContainText('Enter your email address');
    await expect(loginPage.errorSummary()).toContainText('Enter your password');
    await page.getByLabel('Email address').fill('alex-at-acme');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(loginPage.errorSummary()).toContainText(
      'Enter an email address in the correct format, like name@example.com',
    );
    await expectAccessible(page, 'login page with validation errors');
  });

  test('repeated failures for one account are throttled with a clear message', async ({ page, loginPage }) => {
    await loginPage.goto();
    const email = `nobody-${Date.now()}@example.com`;
    for (let attempt = 0; attempt < 5; attempt++) {
      await loginPage.signIn(email, 'wrong-password');
      await expect(loginPage.errorSummary()).toContainText('The email address or password is incorrect.');
    }
    await loginPage.signIn(email, 'wrong-password');
    await expect(loginPage.errorSummary()).toContainText('Too many failed sign-in attempts');
    await expect(page).toHaveURL(/\/auth\/login\/?$/);
  });

  test('logout revokes the token on the server and returns to the login page', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    const token = await page.evaluate(() => window.localStorage.getItem('auth._token.local'));
    expect(token).toBeTruthy();
    const authorization = token!.startsWith('Token ') ? token! : `Token ${token}`;
    expect((await page.request.get('/api/v3/me/', { headers: { authorization } })).status()).toBe(200);

    await homePage.logout();
    await loginPage.expectShown();
    expect(await page.evaluate(() => window.localStorage.getItem('auth._token.local'))).toBeNull();
    const after = await page.request.get('/api/v3/me/', { headers: { authorization } });
    expect(after.status()).toBe(401);
    expect(await after.json()).toEqual({ detail: 'Invalid token.' });

    // Back on a protected page, the user is asked to sign in again.
    await page.goto('/');
    await loginPage.expectShown();
  });

  test('a logged-in user visiting the login page goes home', async ({ page, loginPage, homePage, makeCustomer }) => {
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    await page.goto('/auth/login/');
    await homePage.expectShown(acme.first_name);
  });

  test('an unsafe call without the CSRF header is refused', async ({ page, makeCustomer }) => {
    const acme = await makeCustomer('cloud-phone');
    await page.goto('/auth/login/');
    const refused = await page.request.post('/auth/login/', { data: { email: acme.email, password: acme.password } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).detail).toMatch(/CSRF/);
  });
});

test.describe('the login guard', () => {
  test('a protected page sends a logged-out user to sign in and brings them back', async ({
    page,
    loginPage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    await page.goto('/?welcome=back#products');
    await expect(page).toHaveURL(/\/auth\/login\/\?next=/);
    await loginPage.expectShown();
    await loginPage.signIn(acme.email, acme.password);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${acme.first_name}` })).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname + url.search + url.hash).toBe('/?welcome=back#products');
  });

  test('a remembered path that is not site-relative is ignored', async ({
    page,
    loginPage,
    homePage,
    baseURL,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    for (const next of ['//evil.example/steal', 'https://evil.example/', '/\\evil.example']) {
      await loginPage.goto(`?next=${encodeURIComponent(next)}`);
      await loginPage.signIn(acme.email, acme.password);
      await homePage.expectShown(acme.first_name);
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      expect(new URL(page.url()).pathname).toBe('/');
      await homePage.logout();
      await loginPage.expectShown();
    }
  });
});
