// A newcomer's first sign-in as each demo account on a freshly started app: every dashboard, chart and
// list shows the seeded activity (packages/demo-data/src/activity.ts), not an empty state.
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@khidma/demo-data';
import { expectRendered, openIn } from '../support/app.mjs';

async function signIn(page, account) {
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), `sign-in of ${account.email}`).toBe(200);
}

/** How many bars of the page's charts have a height (a period without data draws flat ones). */
const drawnBars = (page) =>
  page.locator('figure.kh-chart svg rect').evaluateAll((rects) => rects.filter((rect) => Number(rect.getAttribute('height')) > 0).length);

for (const language of ['en', 'ar']) {
  test.describe(`demo accounts on first sign-in (${language})`, () => {
    test('the client has bookings in every tab and unread notifications', async ({ page }, testInfo) => {
      await signIn(page, DEMO_ACCOUNTS.client);
      await openIn(page, language, '/my-bookings');
      await expectRendered(page, language);
      const tabs = page.getByRole('tab');
      await expect(tabs.first()).toBeVisible();
      for (let i = 0; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        await expect(page.getByRole('tabpanel').locator('article.kb-card').first(), `tab ${await tabs.nth(i).innerText()}`).toBeVisible();
      }
      await expect(page.locator('.kh-notif .kh-notif-badge')).toBeVisible();
      await expect(page.getByTestId('messages-link').locator('.kh-notif-badge')).toHaveText('2');
      await page.screenshot({ path: testInfo.outputPath(`my-bookings-${language}.png`), fullPage: true });

      // The inbox: threads with providers, two of them with an unread answer.
      await page.getByTestId('messages-link').click();
      await expect(page).toHaveURL(/\/messages$/);
      await expect(page.locator('main .kh-conv-unread')).toHaveCount(2);
      await page.screenshot({ path: testInfo.outputPath(`inbox-${language}.png`), fullPage: true });

      // Notices read in the page's language, whichever language each was written in (the client's is English).
      await openIn(page, language, '/notifications');
      const titles = page.locator('main .kh-notif-title > span[dir="auto"]');
      await expect(titles.first()).toBeVisible();
      const arabicLetter = /[\u0600-\u06FF]/;
      for (const title of await titles.allInnerTexts()) {
        if (language === 'ar') expect(title).toMatch(arabicLetter);
        else expect(title).not.toMatch(arabicLetter);
      }
      await page.screenshot({ path: testInfo.outputPath(`notifications-${language}.png`), fullPage: true });
    });

    test("the provider's dashboard has requests and an earnings chart with bars", async ({ page }, testInfo) => {
      await signIn(page, DEMO_ACCOUNTS.provider);
      await openIn(page, language, '/provider-dashboard');
      await expect(page.locator('.kp-week').first()).toBeVisible();
      await expect.poll(() => drawnBars(page)).toBeGreaterThan(3);
      await page.screenshot({ path: testInfo.outputPath(`provider-dashboard-${language}.png`), fullPage: true });
    });

    test("the admin's charts have bars and a provider application and a service wait for review", async ({ page }, testInfo) => {
      await signIn(page, DEMO_ACCOUNTS.admin);
      await openIn(page, language, '/admin?tab=dashboard');
      await expect.poll(() => drawnBars(page)).toBeGreaterThan(10);
      await page.screenshot({ path: testInfo.outputPath(`admin-dashboard-${language}.png`), fullPage: true });
      await page.goto('/admin?tab=pending');
      const pending = page.getByRole('tabpanel');
      await expect(pending.getByText('Khoury Smart Home').first()).toBeVisible();
      await expect(pending.getByText(/Shelf and Curtain Rail Installation|تركيب الرفوف وسكك الستائر/).first()).toBeVisible();
    });
  });
}
