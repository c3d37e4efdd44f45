import { expect, test } from '@playwright/test';
import { TEXT, expectRendered, trackPageErrors } from '../support/app.mjs';

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

test('the language choice survives a reload', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: TEXT.ar.switchTo }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectRendered(page, 'ar');
  await page.getByRole('button', { name: TEXT.en.switchTo }).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no-such-page-here');
  await expect(page.getByRole('heading', { level: 1, name: TEXT.en.notFound })).toBeVisible();
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
