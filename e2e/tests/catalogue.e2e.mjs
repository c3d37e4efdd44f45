// The catalogue remote on the assembled app: landing → filtered list, search (English and Arabic),
// detail page with the API's service, Book Now, history, and screenshots of each screen in en and ar.
import { expect, test } from '@playwright/test';
import { expectRendered, openIn, severeViolations, trackPageErrors } from '../support/app.mjs';

const T = {
  en: { search: 'Search', sort: 'Sort by', category: 'Category', list: 'List', details: 'Details', book: 'Book Now', byPriceLow: 'Price: low to high' },
  ar: { search: 'بحث', sort: 'الترتيب حسب', category: 'الفئة', list: 'قائمة', details: 'التفاصيل', book: 'احجز الآن', byPriceLow: 'السعر: من الأقل إلى الأعلى' },
};

/** The services the API answers for a query, as the page should show them. */
async function apiServices(request, query = '') {
  const res = await request.get(`/api/services?${query}`);
  expect(res.status(), `GET /api/services?${query}`).toBe(200);
  return res.json();
}

/** The catalogue's loading placeholders (light, see States.tsx). */
const PLACEHOLDERS = '.kc-skeleton-lines, .kc-skeleton-image';

const cards = (page) => page.locator('main article.kc-card');
const cardTitles = (page) => page.locator('main article.kc-card .kc-card-title');

/** Waits for the list to settle on exactly the API's titles for `query`, in the language's field. */
async function expectListOf(page, request, query, language) {
  const { services, total } = await apiServices(request, query);
  await expect(cardTitles(page)).toHaveText(services.map((s) => (language === 'ar' ? s.titleAr || s.title : s.title)));
  return { services, total };
}

test('a landing category card opens the list filtered to that category', async ({ page, request }) => {
  const errors = trackPageErrors(page);
  await openIn(page, 'en', '/');
  await page.locator('main a[href="/services?category=plumbing"]').click();
  await expect(page).toHaveURL(/\/services\?category=plumbing$/);
  await expectRendered(page, 'en');
  const { services, total } = await expectListOf(page, request, 'category=plumbing', 'en');
  expect(services.length).toBeGreaterThan(0);
  expect(services.every((s) => s.categorySlug === 'plumbing')).toBe(true);
  // Grouped view (default): one group, the category's own heading.
  await expect(page.locator('main section.kc-group h2')).toHaveText(['Plumbing']);
  await expect(page.getByText(`Services found: ${total}`)).toBeVisible();
  expect(errors).toEqual([]);
});

for (const [language, query] of [['en', 'cleaning'], ['ar', 'تنظيف']]) {
  test(`a search narrows the list (${language}: "${query}")`, async ({ page, request }) => {
    await openIn(page, language, '/services?view=list');
    await expectRendered(page, language);
    await expect(page).toHaveTitle(language === 'ar' ? 'خدماتنا · خدمة' : 'Our Services · Khidma');
    const all = await apiServices(request, '');
    await expect(cards(page)).toHaveCount(all.services.length);
    await page.getByRole('searchbox', { name: T[language].search }).fill(query);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(query);
    const { total } = await expectListOf(page, request, `search=${encodeURIComponent(query)}`, language);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(all.total);
    await expect(page.getByRole('searchbox', { name: T[language].search })).toHaveValue(query);
  });
}

for (const language of ['en', 'ar']) {
  test(`a card opens the real service, and Book Now opens its booking form (${language})`, async ({ page, request }) => {
    const errors = trackPageErrors(page);
    await openIn(page, language, '/services?category=cleaning&view=list');
    const { services } = await expectListOf(page, request, 'category=cleaning', language);
    const first = services[0];
    await cards(page).first().getByRole('link', { name: new RegExp(`^${T[language].details}`) }).click();
    await expect(page).toHaveURL(`/service/${first.id}`);

    const detail = await (await request.get(`/api/services/${first.id}`)).json();
    const title = language === 'ar' ? detail.titleAr : detail.title;
    await expect(page.locator('main h1')).toHaveText(title);
    // The tab and search results name the service, in the page's language.
    await expect(page).toHaveTitle(`${title} · ${language === 'ar' ? 'خدمة' : 'Khidma'}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', language === 'ar' ? detail.descriptionAr : detail.description);
    await expect(page.getByRole('tab')).toHaveCount(3);
    await expect(page.locator('.kc-provider h2')).toContainText(language === 'ar' ? detail.provider.nameAr || detail.provider.name : detail.provider.name);
    // Call dials the provider's own number.
    expect(detail.provider.phone).toBeTruthy();
    await expect(page.locator('.kc-provider a[href^="tel:"]')).toHaveAttribute('href', `tel:${detail.provider.phone.replace(/\s+/g, '')}`);

    await page.locator('.kc-provider').getByRole('link', { name: T[language].book }).click();
    await expect(page).toHaveURL(`/booking?service=${first.id}`);
    await expectRendered(page, language);
    expect(errors).toEqual([]);
  });
}

test('back and forward restore the filters', async ({ page, request }) => {
  await openIn(page, 'en', '/services');
  await expectRendered(page, 'en');
  await page.getByRole('combobox', { name: T.en.category, exact: true }).selectOption({ label: 'Electrical' });
  await expect(page).toHaveURL(/\/services\?category=electrical$/);
  await page.getByRole('combobox', { name: T.en.sort, exact: true }).selectOption({ label: T.en.byPriceLow });
  await expect(page).toHaveURL(/\/services\?category=electrical&sortBy=price-low$/);
  await page.getByRole('radio', { name: T.en.list }).check();
  await expect(page).toHaveURL(/\/services\?category=electrical&sortBy=price-low&view=list$/);
  await expectListOf(page, request, 'category=electrical&sortBy=price-low', 'en');

  await page.goBack();
  await expect(page).toHaveURL(/\/services\?category=electrical&sortBy=price-low$/);
  await expect(page.locator('main section.kc-group h2')).toHaveText(['Electrical']);
  await page.goBack();
  await expect(page).toHaveURL(/\/services\?category=electrical$/);
  await expectListOf(page, request, 'category=electrical', 'en');
  await expect(page.getByRole('combobox', { name: T.en.sort, exact: true })).toHaveValue('rating');
  await page.goForward();
  await expect(page).toHaveURL(/\/services\?category=electrical&sortBy=price-low$/);
  await expectListOf(page, request, 'category=electrical&sortBy=price-low', 'en');
});

/**
 * Whether any app's Module Federation share scope has fetched antd: the shared singleton is the only
 * way antd reaches a page (docs/frontend/antd-sharing.md), whatever its chunk is named in a build.
 */
const antdLoaded = (page) =>
  page.evaluate(() =>
    Object.values(globalThis.__FEDERATION__?.__SHARE__ ?? {}).some((scopes) =>
      Object.values(scopes).some((scope) => Object.values(scope.antd ?? {}).some((shared) => Boolean(shared.loaded || shared.loading))),
    ),
  );

// Issue 15: the list and the service's page are drawn with light controls, so their first paint does
// not wait for antd (346 KB brotli). A page that uses antd (the booking form) still loads it, which
// shows the probe can see it.
for (const language of ['en', 'ar']) {
  test(`the list and a service's page paint without antd; the booking form still loads it (${language})`, async ({ page, request }) => {
    const scripts = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await openIn(page, language, '/services?view=list&page=2');
    await expect(cards(page).first()).toBeVisible();
    expect(await antdLoaded(page), 'antd fetched before the cards showed').toBe(false);
    // Nothing on the list needs it later either: paging, filtering and the view switch are light.
    await page.waitForLoadState('networkidle');
    await page.getByRole('navigation', { name: language === 'ar' ? 'صفحات النتائج' : 'Pages of results' }).getByRole('link', { name: '3', exact: true }).click();
    await expect(page).toHaveURL(/page=3/);
    await page.getByRole('combobox', { name: T[language].sort, exact: true }).selectOption('price-low');
    await expectListOf(page, request, 'sortBy=price-low', language);
    await page.getByRole('radio', { name: language === 'ar' ? 'حسب الفئة' : 'By category' }).check();
    await expect(page.locator('main section.kc-group').first()).toBeVisible();
    expect(await antdLoaded(page), 'antd fetched while using the list').toBe(false);
    const listScripts = new Set(scripts);

    // The service's page is light too; its booking form uses antd.
    await cards(page).first().getByRole('link', { name: new RegExp(`^${T[language].details}`) }).click();
    await expect(page.getByRole('tab').first()).toBeVisible();
    expect(await antdLoaded(page), 'antd fetched on the service page').toBe(false);
    await page.locator('.kc-provider').getByRole('link', { name: T[language].book }).click();
    await expect(page).toHaveURL(/\/booking\?service=/);
    await expectRendered(page, language);
    expect(await antdLoaded(page), 'antd on the booking form').toBe(true);
    expect(scripts.filter((url) => !listScripts.has(url)).length, 'scripts the booking form added').toBeGreaterThan(0);
  });
}

test('an unknown service shows Service not found with a way back', async ({ page }) => {
  await openIn(page, 'en', '/service/no-such-service-here');
  await expect(page.getByRole('heading', { level: 1, name: 'Service not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse all services' }).click();
  await expect(page).toHaveURL('/services');
});

// a11y.e2e.mjs covers /services in its default view; these are the catalogue's other screens. One test
// per page: a catalogue page brings about 2.2 MB of uncompressed JavaScript, 1.4 MB of it the shared antd
// chunk (docs/frontend/antd-sharing.md), and axe then walks antd's large DOM. On a loaded 2-core machine
// one detail page took 8.4 s to load, 13 s more to show its title and over 6 s of axe: two pages could
// not fit one 30 s budget. Each page waits for its own content (the API's cards, the service's title),
// never for an idle network, and has the hang guard of a11y.e2e's page scans.
for (const language of ['en', 'ar']) {
  test(`no serious or critical axe violations on the list view (${language})`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await openIn(page, language, '/services?view=list&category=cleaning');
    await expectRendered(page, language);
    await expectListOf(page, request, 'category=cleaning', language);
    expect(await severeViolations(page)).toEqual([]);
  });

  test(`no serious or critical axe violations on a service detail page (${language})`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const [service] = (await apiServices(request, 'category=cleaning')).services;
    await openIn(page, language, `/service/${service.id}`);
    await expect(page.getByRole('heading', { level: 1, name: language === 'ar' ? service.titleAr || service.title : service.title })).toBeVisible();
    await expectRendered(page, language);
    await expect(page.locator(PLACEHOLDERS)).toHaveCount(0);
    expect(await severeViolations(page)).toEqual([]);
  });
}

// Screenshots for review (attached to the report and kept in test-results/artifacts).
for (const language of ['en', 'ar']) {
  test(`screenshots of the list (grouped, list) and a detail page (${language})`, async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    const { services } = await apiServices(request, 'category=cleaning');
    const shots = [
      ['services-grouped', '/services'],
      ['services-list', '/services?view=list'],
      ['service-detail', `/service/${services[0].id}`],
    ];
    await openIn(page, language, '/services');
    for (const [name, path] of shots) {
      await page.goto(path);
      await expectRendered(page, language);
      await expect(page.locator(PLACEHOLDERS)).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      const file = testInfo.outputPath(`${name}-${language}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${name}-${language}`, { path: file, contentType: 'image/png' });
    }
  });
}
