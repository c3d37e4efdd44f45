import { expect, test } from '@playwright/test';
import { TEXT, expectRendered, openIn } from '../support/app.mjs';
import { controlStack } from '../support/stack-state.mjs';

// The catalogue is the remote anyone can open signed out; its static server is stopped mid-run.
test.describe.configure({ mode: 'serial' });
test.afterAll(() => controlStack('start', 'mfe-catalogue'));

for (const language of ['en', 'ar']) {
  test(`with mfe-catalogue stopped, /services shows the unavailable panel, the rest works, and Retry recovers (${language})`, async ({ page }) => {
    await controlStack('stop', 'mfe-catalogue');
    await openIn(page, language, '/services');
    await expect(page.getByText(TEXT[language].unavailable)).toBeVisible({ timeout: 20_000 });
    const retry = page.getByRole('button', { name: TEXT[language].retry });
    await retry.click();
    await expect(page.getByText(TEXT[language].unavailable)).toBeVisible({ timeout: 20_000 });

    // The shell's own pages and another remote (booking) are untouched.
    for (const path of ['/', '/about', '/booking']) {
      await page.goto(path);
      await expectRendered(page, language);
    }

    // Back on the panel, the server returns, and Retry loads the page without a reload.
    await page.goto('/services');
    await expect(page.getByText(TEXT[language].unavailable)).toBeVisible({ timeout: 20_000 });
    await controlStack('start', 'mfe-catalogue');
    await page.getByRole('button', { name: TEXT[language].retry }).click();
    await expectRendered(page, language);
  });
}
