import { test } from '@playwright/test';
import { ROUTES, expectRendered, openIn, seededServiceId } from '../support/app.mjs';

// No booking exists for an anonymous visitor: the detail route must still render its page.
const UNKNOWN_BOOKING = '00000000-0000-4000-8000-000000000999';

for (const language of ['en', 'ar']) {
  test.describe(`every route of spec §2 renders (${language})`, () => {
    for (const route of ROUTES) {
      test(route, async ({ page, request }) => {
        const path = route.includes('<id>')
          ? route.replace('<id>', encodeURIComponent(await seededServiceId(request)))
          : route.replace('<booking>', UNKNOWN_BOOKING);
        await openIn(page, language, path);
        await expectRendered(page, language);
      });
    }
  });
}
