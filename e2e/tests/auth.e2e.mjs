// Accounts on the assembled app, in English and Arabic: sign-up, logout, login, wrong password,
// password reset through the e-mailed link, admin landing, admin-only pages, reload, a page left mid-refresh.
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@khidma/demo-data';
import { openIn } from '../support/app.mjs';
import { signUpByApi } from '../support/booking.mjs';
import { linkFromMail } from '../support/mail.mjs';

/** The shell's texts the tests use (shell/src/locales/<lang>/common.json). */
const TEXT = {
  en: {
    email: 'E-mail',
    password: 'Password',
    newPassword: 'New password',
    login: 'Login',
    logout: 'Logout',
    createAccount: 'Create Account with Email',
    signIn: 'Sign in with Email',
    forgot: 'Forgot password?',
    changePassword: 'Change password',
    accountCreated: 'Account created',
    welcomeBack: 'Welcome back',
    resetSent: 'Password reset sent',
    passwordChanged: 'Your password has been changed. Please sign in.',
    invalidCredentials: 'Invalid email or password',
    adminsOnly: 'Admins only: that page is for administrators.',
    accountMenu: (name) => `Account menu for ${name}`,
  },
  ar: {
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    newPassword: 'كلمة المرور الجديدة',
    login: 'تسجيل الدخول',
    logout: 'تسجيل الخروج',
    createAccount: 'إنشاء حساب بالبريد الإلكتروني',
    signIn: 'تسجيل الدخول بالبريد الإلكتروني',
    forgot: 'نسيت كلمة المرور؟',
    changePassword: 'تغيير كلمة المرور',
    accountCreated: 'تم إنشاء الحساب',
    welcomeBack: 'مرحبًا بعودتك',
    resetSent: 'تم إرسال رابط إعادة تعيين كلمة المرور',
    passwordChanged: 'تم تغيير كلمة المرور. يرجى تسجيل الدخول.',
    invalidCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    adminsOnly: 'للمسؤولين فقط: هذه الصفحة مخصصة للمسؤولين.',
    accountMenu: (name) => `قائمة الحساب لـ ${name}`,
  },
};

const { admin, client } = DEMO_ACCOUNTS;
const fullName = (user) => `${user.firstName} ${user.lastName}`;
const uniqueEmail = (tag) => `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Fills the login form with the disclaimer ticked and presses Enter in the password field. */
async function signIn(page, text, email, password) {
  await page.getByRole('checkbox').check();
  await page.getByLabel(text.email, { exact: true }).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByLabel(text.password, { exact: true }).press('Enter');
}

const toast = (page, message) => page.locator('.ant-message').getByText(message);

for (const language of ['en', 'ar']) {
  const text = TEXT[language];

  test.describe(`accounts (${language})`, () => {
    test('sign up, log out, log in, and a wrong password is refused', async ({ page }) => {
      const email = uniqueEmail(`signup-${language}`);
      const password = `Khidma-${Date.now()}`;
      await openIn(page, language, '/signup');
      await page.getByRole('checkbox').check();
      await page.getByLabel(text.email, { exact: true }).fill(email);
      await page.getByLabel(text.password, { exact: true }).fill(password);
      await page.getByRole('button', { name: text.createAccount }).click();
      await expect(toast(page, text.accountCreated)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      const menu = page.getByRole('button', { name: text.accountMenu(email) });
      await expect(menu).toBeVisible();

      await menu.click();
      const logout = page.getByRole('menuitem', { name: text.logout });
      // The menu belongs to the sticky header: a scroll must not leave it behind, not even for the frame
      // before a realignment (a click then went down on an item and up on whatever had moved under it).
      const drift = await logout.evaluate((item) => {
        const view = item.ownerDocument.defaultView;
        const before = item.getBoundingClientRect().top;
        view.scrollBy({ top: 300, behavior: 'instant' });
        return { scrolled: view.scrollY, moved: item.getBoundingClientRect().top - before };
      });
      expect(drift.scrolled, 'the landing page scrolls').toBeGreaterThan(0);
      expect(drift.moved, 'the menu moves with its button').toBe(0);
      await logout.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: text.login, exact: true })).toBeVisible();

      await page.goto('/login');
      await signIn(page, text, email, `${password}-wrong`);
      await expect(page.getByRole('alert').filter({ hasText: text.invalidCredentials })).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);

      await page.getByLabel(text.password, { exact: true }).fill(password);
      await page.getByRole('button', { name: text.signIn }).click();
      await expect(toast(page, text.welcomeBack)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: text.accountMenu(email) })).toBeVisible();
    });

    test('reset the password by following the e-mailed link', async ({ page, request }) => {
      const email = uniqueEmail(`reset-${language}`);
      const res = await request.post('/api/auth/signup', { data: { email, password: `First-${Date.now()}`, language } });
      expect(res.status(), 'sign-up through the API').toBe(201);
      const since = Date.now() - 1_000;

      await openIn(page, language, '/login');
      await page.getByLabel(text.email, { exact: true }).fill(email);
      await page.getByRole('button', { name: text.forgot }).click();
      await expect(toast(page, text.resetSent)).toBeVisible();

      const link = await linkFromMail(email, '/reset-password', since);
      await page.goto(link);
      const newPassword = `Second-${Date.now()}`;
      await page.getByLabel(text.newPassword, { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: text.changePassword }).click();
      await expect(toast(page, text.passwordChanged)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);

      await signIn(page, text, email, newPassword);
      await expect(page.getByRole('button', { name: text.accountMenu(email) })).toBeVisible();
    });

    test('the admin signs in and lands on /admin', async ({ page }) => {
      await openIn(page, language, '/login');
      await signIn(page, text, admin.email, admin.password);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('button', { name: new RegExp(text.accountMenu(fullName(admin))) })).toBeVisible();
    });

    test('a client cannot open /admin, and a reload keeps the client signed in', async ({ page }) => {
      await openIn(page, language, '/login?redirect=%2Fprofile');
      await signIn(page, text, client.email, client.password);
      await expect(page).toHaveURL(/\/profile$/);
      const menu = page.getByRole('button', { name: text.accountMenu(fullName(client)) });
      await expect(menu).toBeVisible();

      // The access token lives in memory only; the httpOnly refresh cookie restores the session.
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
      expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
      await page.reload();
      await expect(menu).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveURL(/\/profile$/);

      await page.goto('/admin');
      await expect(toast(page, text.adminsOnly)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      // The server decides too: a client's own token does not open the admin API.
      const login = await page.request.post('/api/auth/login', { data: { email: client.email, password: client.password } });
      const { accessToken } = await login.json();
      const users = await page.request.get('/api/admin/users', { headers: { Authorization: `Bearer ${accessToken}` } });
      expect(users.status()).toBe(403);
    });
  });
}

test('Emergency Admin Access, offered for any address, mails its one-time link to the admin alone, and the link signs the admin in', async ({ page, request }) => {
  const emergency = page.getByRole('button', { name: 'Emergency Admin Access' });
  await openIn(page, 'en', '/login');
  await page.getByRole('checkbox').check();
  // No fingerprint of the admin's address is published: the page offers the shortcut to anyone.
  expect((await request.get('/api/auth/direct-admin-login/config')).status()).toBe(404);
  await page.getByLabel('E-mail', { exact: true }).fill(client.email);
  await expect(emergency).toBeVisible();

  await page.getByLabel('E-mail', { exact: true }).fill(admin.email);
  const since = Date.now() - 1_000;
  await emergency.click();
  const link = await linkFromMail(admin.email, '/admin-access', since);
  await page.goto(link);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: new RegExp(TEXT.en.accountMenu(fullName(admin))) })).toBeVisible();

  // The link works once.
  const token = new URLSearchParams(link.split('?')[1]).get('token');
  const again = await request.post('/api/auth/admin-link/consume', { data: { token } });
  expect(again.status()).toBe(400);
});

test('a page left while it was refreshing the session keeps the client signed in', async ({ page, baseURL }) => {
  await signUpByApi(page.request, 'en', 'lost-refresh');
  await openIn(page, 'en', '/profile');
  const menu = page.getByRole('button', { name: /^Account menu for / });
  await expect(menu).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  // The browser's refresh reaches the server, which exchanges the token, but the page is left before
  // the answer arrives: the browser keeps its old cookie.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'khidma_refresh');
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const lost = await fetch(new URL('/api/auth/refresh', baseURL), {
    method: 'POST',
    headers: { cookie: `${cookie.name}=${cookie.value}`, 'user-agent': userAgent },
  });
  expect(lost.status).toBe(200);

  await page.reload();
  await expect(menu).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
});
