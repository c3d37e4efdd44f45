// What every e2e test needs: opening a page in a language and checking that a page really rendered.
import { expect } from '@playwright/test';

export const LANGUAGE_KEY = 'preferred-language';

/** The texts the tests look for, per language (the shell's common namespace). */
export const TEXT = {
  en: { switchTo: 'English', notFound: 'Page Not Found', unavailable: 'This section is temporarily unavailable', retry: 'Retry' },
  ar: { switchTo: 'العربية', notFound: 'الصفحة غير موجودة', unavailable: 'هذا القسم غير متاح مؤقتًا', retry: 'إعادة المحاولة' },
};

/** Every route of spec §2 (placeholders in <> are filled by the test). */
export const ROUTES = [
  '/', '/home', '/login', '/signup', '/services', '/service/<id>', '/booking', '/about', '/contact', '/terms', '/chat',
  '/provider-dashboard', '/providers/dashboard', '/provider-signup', '/become-provider', '/pending-approval', '/admin',
  '/admin-panel', '/my-bookings', '/bookings', '/my-bookings/<booking>', '/payment', '/help', '/privacy', '/faq', '/cookies',
];

/** Collects uncaught errors of the page, e.g. "Invalid hook call" from a second React. */
export function trackPageErrors(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Opens `path` with `language` already chosen (as a returning visitor would have it). */
export async function openIn(page, language, path) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_KEY, language]);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** A rendered page: a main heading and neither the "unavailable" panel nor the 404 page. */
export async function expectRendered(page, language) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByText(TEXT[language].unavailable)).toHaveCount(0);
  await expect(page.getByText(TEXT[language].notFound)).toHaveCount(0);
}

/** A seeded service's id, from the public catalogue API. */
export async function seededServiceId(request) {
  const res = await request.get('/api/services');
  expect(res.status(), 'GET /api/services').toBe(200);
  const body = await res.json();
  const list = Array.isArray(body) ? body : (body.items ?? body.data ?? body.services ?? []);
  expect(list.length, 'seeded services').toBeGreaterThan(0);
  return list[0].id ?? list[0].slug;
}
