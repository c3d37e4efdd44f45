// Favourites on the assembled app, in English and Arabic (issue 17, part 2): a signed-out visitor's
// heart leads to sign-in and back; the client hearts a service on /services and its provider on the
// service's page, finds both on the Favourites page (from the account menu) with "available this
// week", and removes them there.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PROVIDERS, DEMO_SERVICES } from '@khidma/demo-data';
import { escapeRegExp, openIn, severeViolations } from '../support/app.mjs';
import { LOCALES, fill, signInThroughPage, uniqueEmail } from '../support/booking.mjs';
import { RESULTS_DIR } from '../support/stack-state.mjs';

const SERVICE = DEMO_SERVICES.find((s) => s.slug === 'door-lock-repair');
const PROVIDER = DEMO_PROVIDERS.find((p) => p.id === SERVICE.providerId);
// By price, so the card stays on the first page whatever ratings other tests change.
const MAINTENANCE_BY_PRICE = '/services?category=maintenance&sortBy=price-low&view=list';

for (const language of ['en', 'ar']) {
  const { shell, catalogue } = LOCALES[language];
  const fav = catalogue.favourites;
  const title = language === 'ar' ? SERVICE.titleAr : SERVICE.title;
  const providerName = language === 'ar' ? PROVIDER.businessNameAr : PROVIDER.businessName;

  test(`a client hearts a service, sees it on the Favourites page and removes it (${language})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    // A fresh client account (its own list, not the demo client's seeded one), made outside the page.
    const email = uniqueEmail(`fav-${language}`);
    const password = `Khidma-${Date.now()}`;
    const signup = await request.post('/api/auth/signup', { data: { email, password, language } });
    expect(signup.status(), 'sign-up through the API').toBe(201);

    // Signed out, the heart leads to sign-in, which comes back to the list.
    await openIn(page, language, MAINTENANCE_BY_PRICE);
    const card = page.locator('main article.kc-card').filter({ has: page.locator('.kc-card-title', { hasText: title }) });
    const heart = card.getByRole('button', { name: fill(fav.saveService, { name: title }) });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signInThroughPage(page, language, email, password);
    await expect(page).toHaveURL(/\/services\?category=maintenance/);

    // Signed in: the heart saves the service.
    await expect(heart).toBeEnabled();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(fill(fav.added, { name: title }))).toBeVisible();
    await page.screenshot({ path: path.join(RESULTS_DIR, `favourites-heart-${language}.png`) });

    // On the service's page its heart is pressed too, and the provider card's heart saves the provider.
    await card.getByRole('link', { name: new RegExp(escapeRegExp(title)) }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: fill(fav.saveService, { name: title }) })).toHaveAttribute('aria-pressed', 'true');
    const providerHeart = page.getByRole('button', { name: fill(fav.saveProvider, { name: providerName }) });
    await expect(providerHeart).toHaveAttribute('aria-pressed', 'false');
    await providerHeart.click();
    await expect(providerHeart).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: path.join(RESULTS_DIR, `favourites-service-page-${language}.png`) });

    // The account menu leads to the Favourites page, which lists it with its week availability.
    await page.getByRole('button', { name: new RegExp(fill(shell.account.menu, { name: '' }).trim()) }).click();
    await page.getByRole('link', { name: shell.account.favourites }).click();
    await expect(page).toHaveURL(/\/favourites$/);
    await expect(page.getByRole('heading', { level: 1, name: fav.title })).toBeVisible();
    const saved = page.getByRole('article', { name: title });
    await expect(saved).toBeVisible();
    await expect(saved.getByText(new RegExp(`^(${fav.availableThisWeek}|${fav.notThisWeek})$`))).toBeVisible();
    await expect(saved.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/service/${SERVICE.id}`);
    const savedProvider = page.getByRole('article', { name: providerName });
    await expect(savedProvider.getByText(new RegExp(`^(${fav.availableThisWeek}|${fav.notThisWeek})$`))).toBeVisible();
    await expect(savedProvider.getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    expect(await severeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(RESULTS_DIR, `favourites-${language}.png`), fullPage: true });

    // Removed there: gone from the page and from the server, and the card's heart is empty again.
    await saved.getByRole('button', { name: fill(fav.removeOf, { name: title }) }).click();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    await savedProvider.getByRole('button', { name: fill(fav.removeOf, { name: providerName }) }).click();
    await expect(page.getByRole('article', { name: providerName })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: fav.emptyTitle })).toBeVisible();
    await page.screenshot({ path: path.join(RESULTS_DIR, `favourites-empty-${language}.png`), fullPage: true });
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: fav.emptyTitle })).toBeVisible();
    await page.getByRole('link', { name: fav.browse }).click();
    await expect(page).toHaveURL(/\/services$/);
    await page.goto(MAINTENANCE_BY_PRICE);
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
  });
}
