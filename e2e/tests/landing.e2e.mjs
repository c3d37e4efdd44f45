import { expect, test } from '@playwright/test';
import { TEXT, expectRendered, openIn, seededServiceId, severeViolations, trackPageErrors } from '../support/app.mjs';

test('landing page in English, switched to Arabic: direction, mirrored header, 12 categories', async ({ page, request }) => {
  const errors = trackPageErrors(page);
  const categories = await (await request.get('/api/service-categories')).json();
  expect(categories).toHaveLength(12);

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expectRendered(page, 'en');
  const cards = page.locator('main a[href^="/services?category="]');
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toContainText(categories[0].name);

  const brand = page.locator('header a[href="/"]').first();
  const width = page.viewportSize().width;
  const left = await brand.boundingBox();
  expect(left.x + left.width / 2, 'logo on the left half in English').toBeLessThan(width / 2);

  await page.getByRole('button', { name: TEXT.ar.switchTo }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(cards).toHaveCount(12);
  const arabicName = categories[0].nameAr;
  if (arabicName) await expect(cards.first()).toContainText(arabicName);
  const right = await brand.boundingBox();
  expect(right.x + right.width / 2, 'logo on the right half in Arabic').toBeGreaterThan(width / 2);
  expect(errors).toEqual([]);
});

test('the tab shows the product\'s icon', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('head link[rel="icon"]').getAttribute('href');
  const icon = await request.get(href);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  expect(await icon.text()).toContain('<svg');
});

test('the first HTML names its language and direction, and declares the entry render-blocking after the root', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<html lang="en" dir="ltr">/);
  // Nothing paints before the entry runs (the body is an empty root), so it is declared as blocking:
  // deferred, Lighthouse's simulator placed the first paint before it and counted its run as blocking time.
  const entry = html.match(/<script[^>]*src="\/static\/js\/index\.[^"]+\.js"[^>]*>/)?.[0];
  expect(entry, 'the shell entry script tag').toBeDefined();
  expect(entry).not.toMatch(/\b(defer|async|type="module")\b/);
  expect(html.indexOf(entry)).toBeGreaterThan(html.indexOf('<div id="root"></div>'));
});

test('the language choice survives a reload', async ({ page }) => {
  await page.goto('/about');
  await expect(page).toHaveTitle('About · Khidma');
  await page.getByRole('button', { name: TEXT.ar.switchTo }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page).toHaveTitle('من نحن · خدمة');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectRendered(page, 'ar');
  await page.getByRole('button', { name: TEXT.en.switchTo }).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('an unknown path shows Page Not Found, and says so in the tab in either language', async ({ page }) => {
  await page.goto('/no-such-page-here');
  await expect(page.getByRole('heading', { level: 1, name: TEXT.en.notFound })).toBeVisible();
  await expect(page).toHaveTitle(`${TEXT.en.notFound} · Khidma`);
  await page.getByRole('button', { name: TEXT.ar.switchTo }).click();
  await expect(page.getByRole('heading', { level: 1, name: TEXT.ar.notFound })).toBeVisible();
  await expect(page).toHaveTitle(`${TEXT.ar.notFound} · خدمة`);
});

test('React is loaded once across the shell and a remote', async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.goto('/services');
  await expectRendered(page, 'en');
  // Module Federation's share scopes record every provider of a shared package and which one loaded.
  const loaded = await page.evaluate(() => {
    const seen = new Set();
    const result = [];
    for (const scopes of Object.values(globalThis.__FEDERATION__?.__SHARE__ ?? {})) {
      for (const scope of Object.values(scopes)) {
        for (const [version, shared] of Object.entries(scope.react ?? {})) {
          if (seen.has(shared) || !(shared.loaded || shared.lib)) continue;
          seen.add(shared);
          result.push(`${version} from ${shared.from}`);
        }
      }
    }
    return result;
  });
  expect(loaded, 'loaded React copies').toHaveLength(1);
  expect(errors).toEqual([]);
});

test('the Module Federation runtime is loaded once: remotes run on the shell\'s copy', async ({ page }) => {
  const errors = trackPageErrors(page);
  for (const [path, remote] of [
    ['/services', 'mfe_catalogue'],
    ['/booking', 'mfe_booking'],
  ]) {
    await page.goto(path);
    await expectRendered(page, 'en');
    // Every container's federation instance registers globally; a remote that bundled its own
    // runtime core would build its instance from its own class, not the shell's.
    const runtimes = await page.evaluate(() => {
      const instances = globalThis.__FEDERATION__?.__INSTANCES__ ?? [];
      return { names: instances.map((instance) => instance.name), classes: new Set(instances.map((instance) => instance.constructor)).size };
    });
    expect(runtimes.names, `federation instances on ${path}`).toEqual(expect.arrayContaining(['shell', remote]));
    expect(runtimes.classes, `runtime copies on ${path}`).toBe(1);
  }
  expect(errors).toEqual([]);
});

/** Sums the page's layout shifts (as Lighthouse's CLS does, without user input) into `__layoutShift`. */
function observeLayoutShift() {
  globalThis.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) globalThis.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Answers the requests `matches` picks 800 ms late, as a slow connection may deliver them. `sent`
 * settles once the first of them has been let through.
 */
async function answerLate(page, matches) {
  let answered;
  const sent = new Promise((resolve) => (answered = resolve));
  await page.route(matches, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
    answered();
  });
  return { sent };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('a service\'s page does not move when the service arrives: its loading state is a screen tall', async ({ page, request }) => {
    const id = await seededServiceId(request);
    await answerLate(page, (url) => url.pathname === `/api/services/${id}`);
    await page.addInitScript(observeLayoutShift);
    await page.goto(`/service/${id}`);
    await expect(page.getByRole('status', { name: /^Loading/ }).first()).toBeVisible();
    await expectRendered(page, 'en');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => globalThis.__layoutShift), 'cumulative layout shift').toBeLessThan(0.01);
  });

  test('the services do not move when the categories arrive after them: the groups wait for their headings', async ({ page }) => {
    // The list answers first and the categories after it.
    const { sent: categoriesSent } = await answerLate(page, (url) => url.pathname === '/api/service-categories');
    await page.addInitScript(observeLayoutShift);
    await page.goto('/services');
    await categoriesSent;
    await expect(page.getByRole('article').first()).toBeVisible();
    // Let the groups render (and any shift they cause land) before reading the sum.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => globalThis.__layoutShift), 'cumulative layout shift').toBeLessThan(0.01);
  });

  for (const language of ['en', 'ar']) {
    test(`the page does not move when the session becomes known, and the header menu opens and closes from the keyboard (${language})`, async ({ page }) => {
      const errors = trackPageErrors(page);
      // Hold the session check back, so the first paint happens before the header knows who is there.
      const { sent: sessionKnown } = await answerLate(page, '**/api/auth/refresh');
      await page.addInitScript(observeLayoutShift);
      await openIn(page, language, '/');
      await expectRendered(page, language);
      await sessionKnown;
      const menuButton = page.getByRole('button', { name: language === 'ar' ? 'القائمة' : 'Menu' });
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      // Let the anonymous header render (and any shift it causes land) before reading the sum.
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => globalThis.__layoutShift), 'cumulative layout shift').toBeLessThan(0.01);

      const nav = page.getByRole('navigation', { name: language === 'ar' ? 'القائمة الرئيسية' : 'Main' });
      await expect(nav).toBeHidden();
      await menuButton.focus();
      await page.keyboard.press('Enter');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expect(nav).toBeVisible();
      await expect(page.getByRole('link', { name: language === 'ar' ? 'تسجيل الدخول' : 'Login' })).toBeVisible();
      expect(await severeViolations(page, 'open menu: ')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(nav).toBeHidden();
      await expect(menuButton).toBeFocused();

      await menuButton.click();
      await nav.getByRole('link', { name: language === 'ar' ? 'الخدمات' : 'Services' }).click();
      await expect(page).toHaveURL(/\/services$/);
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await expect(nav).toBeHidden();
      expect(errors).toEqual([]);
    });
  }
});
