import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectRendered, openIn } from '../support/app.mjs';

for (const language of ['en', 'ar']) {
  for (const route of ['/', '/services', '/contact', '/login']) {
    test(`no serious or critical axe violations on ${route} (${language})`, async ({ page }) => {
      await openIn(page, language, route);
      await expectRendered(page, language);
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).analyze();
      const severe = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
      expect(severe).toEqual([]);
    });
  }
}
