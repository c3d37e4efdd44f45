import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_SERVICES } from '@khidma/demo-data';
import { expectRendered, openIn, severeViolations } from '../support/app.mjs';
import { bookByApi, signUpByApi } from '../support/booking.mjs';

/** Waits until a signed-in page has loaded (no 'networkidle': the notification stream stays open). */
async function expectSettled(page, language) {
  await expectRendered(page, language);
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
}

for (const language of ['en', 'ar']) {
  for (const route of ['/', '/services', '/contact', '/login']) {
    test(`no serious or critical axe violations on ${route} (${language})`, async ({ page }) => {
      await openIn(page, language, route);
      await expectRendered(page, language);
      await page.waitForLoadState('networkidle');
      expect(await severeViolations(page)).toEqual([]);
    });
  }
}

// The booking pages need a signed-in client and a booking: a fresh one per language.
for (const language of ['en', 'ar']) {
  test(`no serious or critical axe violations on the booking form, payment, My Bookings and a booking detail (${language})`, async ({ page }) => {
    test.setTimeout(60_000);
    const service = DEMO_SERVICES.find((s) => s.slug === 'office-cleaning');
    const { accessToken } = await signUpByApi(page.request, language, `a11y-${language}`);
    const booking = await bookByApi(page.request, accessToken, service.id, 3, language);
    const payment = new URLSearchParams({ booking_id: booking.id, amount: booking.totalAmount, service: booking.serviceTitle });
    const pages = [
      [`/booking?service=${service.id}`, page.locator('#kb-service-title')],
      [`/payment?${payment}`, page.locator('form.kb-form')],
      ['/my-bookings', page.locator('article.kb-card')],
      [`/my-bookings/${booking.id}`, page.locator('.kb-header-badges')],
    ];
    await openIn(page, language, '/');
    for (const [path, content] of pages) {
      await page.goto(path);
      await expect(content.first()).toBeVisible();
      await expectSettled(page, language);
      expect(await severeViolations(page, `${path} `)).toEqual([]);
    }
  });
}

// The supply side: the application form (a fresh client), the provider dashboard (the demo provider)
// and every tab of the admin panel (the demo admin), one test per page (the seeded activity makes
// the dashboards long, and axe's time grows with them).
const SUPPLY_PAGES = [
  [null, '/provider-signup', '.kp-form'],
  [DEMO_ACCOUNTS.provider, '/provider-dashboard', '.kp-week'],
  ...['dashboard', 'pending', 'users', 'providers', 'services', 'bookings', 'reported', 'reviews', 'promos'].map((tab) => [
    DEMO_ACCOUNTS.admin,
    `/admin?tab=${tab}`,
    '[role="tabpanel"] :is(section, article, table, h2, ul)',
  ]),
];
for (const language of ['en', 'ar']) {
  for (const [account, path, content] of SUPPLY_PAGES) {
    test(`no serious or critical axe violations on ${path} (${language})`, async ({ page }) => {
      test.setTimeout(60_000);
      if (account) {
        const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
        expect(login.status(), `sign-in of ${account.email}`).toBe(200);
      } else {
        await signUpByApi(page.request, language, `a11y-supply-${language}`);
      }
      await openIn(page, language, path);
      await expect(page.locator(content).first()).toBeVisible();
      await expectSettled(page, language);
      expect(await severeViolations(page, `${path} `)).toEqual([]);
    });
  }
}
