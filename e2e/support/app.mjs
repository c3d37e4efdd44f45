// What every e2e test needs: opening a page in a language and checking that a page really rendered.
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';

export const LANGUAGE_KEY = 'preferred-language';

/** `text` matched literally inside a RegExp. */
export const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

/** The serious and critical axe findings on the page as it is now, one line each. */
export async function severeViolations(page, prefix = '') {
  // A toast that arrives while axe reads the page (a live message, a notification) is caught in its
  // fade-in, as faint text no one sees once it has arrived: a finding counts only if it is still there
  // on a second and a third look, after the page has settled again. A real one always is.
  let found = [];
  for (let look = 0; look < 3; look += 1) {
    await settled(page);
    // Only the violations are read: axe then builds selectors and snippets for no passing node, most
    // of its time on a long page.
    const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    found = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${prefix}${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
    if (found.length === 0) break;
  }
  return found;
}

/**
 * Waits (up to 2 s) for the page's finite CSS animations and transitions to end: axe computes a colour's
 * contrast with the element's current opacity, so a toast caught in its 0.3 s fade-in reads as faint text
 * that no one sees once it has arrived; and a dialog's button clicked while the dialog zooms in can move
 * between the press and the release. Endless ones (spinners) are not waited for.
 */
export async function settled(page) {
  // Runs in the page.
  /* global document */
  const still = () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity);
  await page.waitForFunction(still, null, { timeout: 2_000 }).catch(() => undefined);
}

/**
 * Presses `trigger` and returns `dialog` once it is shown and has zoomed in: a press while a dialog
 * still zooms in (it starts paused at a fifth of its size, which a loaded machine can hold long enough
 * for a click to look stable) can be released beside its target, and nothing is clicked.
 */
export async function openDialog(trigger, dialog) {
  await trigger.click();
  await expect(dialog).toBeVisible();
  await settled(dialog.page());
  return dialog;
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

/**
 * Opens an antd Select (`combobox`) and clicks its option showing exactly `text`, then waits until the
 * list has closed and the Select shows the choice. The list scrolls its active option into view as it
 * opens, which can move the option under a click on a busy machine; a user then clicks again, and so
 * does this. An option below a long list's fold is scrolled to.
 */
export async function chooseOption(page, combobox, text) {
  const openLists = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const option = openLists.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
  await expect(async () => {
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.click();
    // A long list renders only the options in view: walk down it with the arrow key, as a keyboard user would, until it shows.
    for (let step = 0; step < 40 && (await option.count()) === 0; step += 1) await combobox.press('ArrowDown');
    await option.click({ timeout: 3000 });
    await expect(combobox).toHaveAttribute('aria-expanded', 'false', { timeout: 2000 });
  }).toPass();
  // The list fades out: the next Select's options must not be confused with this one's.
  await expect(openLists).toHaveCount(0);
  await expect(combobox.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText(text);
}
