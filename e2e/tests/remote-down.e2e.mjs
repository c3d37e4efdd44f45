import { expect, test } from '@playwright/test';
import { TEXT, expectRendered, openIn } from '../support/app.mjs';
import { controlStack } from '../support/stack-state.mjs';

test.describe.configure({ mode: 'serial' });
test.beforeAll(() => controlStack('stop', 'mfe-admin'));
test.afterAll(() => controlStack('start', 'mfe-admin'));

for (const language of ['en', 'ar']) {
  test(`with mfe-admin stopped, /admin shows the unavailable panel and the rest works (${language})`, async ({ page }) => {
    await openIn(page, language, '/admin');
    await expect(page.getByText(TEXT[language].unavailable)).toBeVisible({ timeout: 20_000 });
    const retry = page.getByRole('button', { name: TEXT[language].retry });
    await expect(retry).toBeVisible();
    await retry.click();
    await expect(page.getByText(TEXT[language].unavailable)).toBeVisible({ timeout: 20_000 });
    for (const path of ['/', '/services', '/about']) {
      await page.goto(path);
      await expectRendered(page, language);
    }
  });
}
