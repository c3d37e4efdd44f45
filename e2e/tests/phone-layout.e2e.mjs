// Every role's main pages on a phone, in both languages: nothing is wider than the screen, so a page
// never scrolls sideways (in Arabic that hides the page's start off to the right). A wide table
// scrolls inside its own panel instead.
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@khidma/demo-data';
import { expectRendered, openIn, seededServiceId } from '../support/app.mjs';
import { signInThroughPage } from '../support/booking.mjs';

const PAGES = {
  visitor: ['/', '/services', '/service/<id>', '/about', '/contact', '/booking'],
  client: ['/my-bookings', '/messages', '/favourites', '/notifications'],
  provider: ['/provider-dashboard'],
  admin: ['/admin', '/admin?tab=users', '/admin?tab=bookings'],
};

/** What a page shows while its data is on the way (spinners, skeletons, busy regions). */
const LOADING = '[aria-busy="true"], .kh-spinner, .kc-skeleton, .ant-spin-spinning, .ant-skeleton';

test.use({ viewport: { width: 390, height: 844 } });

for (const language of ['en', 'ar']) {
  for (const [role, paths] of Object.entries(PAGES)) {
    test(`on a phone, no ${role} page scrolls sideways (${language})`, async ({ page, request }) => {
      test.setTimeout(90_000);
      if (role === 'visitor') {
        await openIn(page, language, '/');
      } else {
        await openIn(page, language, '/login');
        await signInThroughPage(page, language, DEMO_ACCOUNTS[role].email, DEMO_ACCOUNTS[role].password);
        await expect(page).not.toHaveURL(/\/login/);
      }
      for (const path of paths) {
        await page.goto(path.includes('<id>') ? path.replace('<id>', encodeURIComponent(await seededServiceId(request))) : path);
        await expectRendered(page, language);
        await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 15_000 });
        // The provider's and admin's tables are the widest content there is: measure with their rows in.
        if (role === 'provider' || path.includes('tab=')) await expect(page.getByRole('row').nth(1)).toBeVisible();
        // Runs in the page.
        /* global document */
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, `${path} fits the screen`).toBeLessThanOrEqual(clientWidth);
      }
    });
  }
}
