// Reviews after the job on the assembled app, in English and Arabic (issue 13, part 2): the provider
// completes a booking on its dashboard, the client rates it on the booking's page, the provider replies
// once, and the service's rating on its catalogue card and its detail page's Reviews tab follow.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_SERVICES } from '@khidma/demo-data';
import { chooseOption, openIn, severeViolations } from '../support/app.mjs';
import { LOCALES, bookByApi, fill, readJson, signInThroughPage, signUpByApi } from '../support/booking.mjs';
import { RESULTS_DIR } from '../support/stack-state.mjs';

const { provider: providerAccount } = DEMO_ACCOUNTS;
// A service of the demo provider account, so the provider signed in below owns the booking.
const SERVICE = DEMO_SERVICES.find((s) => s.slug === 'door-lock-repair');
// By price, so the card keeps its place on the first page however its rating moves (the category has
// more services than a page, and a one-star review sends it down the default best-rated order).
const MAINTENANCE_BY_PRICE = '/services?category=maintenance&sortBy=price-low&view=list';
const PROVIDER_TEXT = {
  en: readJson('../../mfe-provider/src/locales/en/provider.json'),
  ar: readJson('../../mfe-provider/src/locales/ar/provider.json'),
};

/** The rating a catalogue card shows, from its "Rated 4.7 out of 5" label. */
async function cardRating(page, catalogue, title) {
  const card = page.locator('main article.kc-card').filter({ has: page.locator('.kc-card-title', { hasText: title }) });
  const label = await card.getByRole('img', { name: new RegExp(fill(catalogue.rating.label, { rating: '.+' })) }).first().getAttribute('aria-label');
  // With many reviews one more may not move the rounded stars: the count always moves.
  return `${label} ${await card.locator('.kc-card-reviews').innerText()}`;
}

for (const language of ['en', 'ar']) {
  const { shell, catalogue, booking: b } = LOCALES[language];
  const provider = PROVIDER_TEXT[language];
  const title = language === 'ar' ? SERVICE.titleAr : SERVICE.title;
  const comment = language === 'ar' ? 'وصل متأخرًا ولم يُكمل العمل كما ينبغي.' : 'Came late and left the lock loose.';
  const reply = language === 'ar' ? 'نعتذر، سنعود لإصلاحه مجانًا.' : 'Sorry about that, we will come back and fix it for free.';

  test(`the provider completes a booking, the client reviews it, the provider replies and the card's rating changes (${language})`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    // The client: a fresh account (the page's request shares its cookies) with a booking of the service.
    const { accessToken } = await signUpByApi(page.request, language, `review-${language}`);
    const booking = await bookByApi(page.request, accessToken, SERVICE.id, 1, language);

    // The card's rating before the review.
    await openIn(page, language, MAINTENANCE_BY_PRICE);
    const before = await cardRating(page, catalogue, title);
    expect(before).toBeTruthy();

    // The provider accepts, starts and completes it on the dashboard.
    const providerContext = await browser.newContext();
    try {
      const providerPage = await providerContext.newPage();
      await openIn(providerPage, language, '/login');
      await signInThroughPage(providerPage, language, providerAccount.email, providerAccount.password);
      await expect(providerPage.getByRole('button', { name: new RegExp(fill(shell.account.menu, { name: '' }).trim()) })).toBeVisible();
      await providerPage.goto('/provider-dashboard');
      const bookings = providerPage.locator('section[aria-labelledby="kp-bookings-heading"]');
      await chooseOption(providerPage, bookings.getByRole('combobox', { name: provider.dashboard.bookings.period }), provider.periods.all);
      for (const move of ['accept', 'start', 'complete']) {
        const button = bookings.getByRole('button', { name: fill(provider.dashboard.bookings.actionLabels[move], { booking: booking.bookingNumber }) });
        await button.click();
        await expect(button).toHaveCount(0);
      }

      // The client leaves a review on the booking's page: stars first, then the text.
      await page.goto(`/my-bookings/${booking.id}`);
      const leave = page.getByRole('region', { name: b.review.leave });
      await leave.getByRole('button', { name: b.review.submit }).click();
      await expect(leave.getByRole('alert')).toHaveText(b.review.chooseStars);
      // The radio is visually hidden behind its star: a user clicks the star.
      await leave.locator('label', { has: page.getByRole('radio', { name: b.review.stars['1'] }) }).click();
      await leave.getByLabel(b.review.comment).fill(comment);
      await leave.getByRole('button', { name: b.review.submit }).click();
      const mine = page.getByRole('region', { name: b.review.title });
      await expect(mine.getByRole('img', { name: fill(b.review.rated, { rating: 1 }) })).toBeVisible();
      await expect(mine.getByText(comment)).toHaveAttribute('lang', language);
      await expect(mine.getByRole('button', { name: b.review.edit })).toBeVisible();
      expect(await severeViolations(page, `${language} booking review: `)).toEqual([]);

      // The provider sees it on the dashboard and replies once.
      await providerPage.reload();
      const reviews = providerPage.locator('section[aria-labelledby="kp-reviews-heading"]');
      const review = reviews.getByRole('article', { name: fill(provider.dashboard.reviews.reviewBy, { name: 'E2E Client', service: title }) }).first();
      await review.getByRole('button', { name: provider.dashboard.reviews.reply, exact: true }).click();
      await review.getByLabel(fill(provider.dashboard.reviews.replyLabel, { name: 'E2E Client' })).fill(reply);
      await review.getByRole('button', { name: provider.dashboard.reviews.send }).click();
      await expect(review.getByText(reply)).toBeVisible();
      await expect(review.getByRole('button', { name: provider.dashboard.reviews.send })).toHaveCount(0);
    } finally {
      await providerContext.close();
    }

    // The client sees the reply; the card's rating changed (lists are cached for a few seconds).
    await page.reload();
    await expect(page.getByRole('region', { name: b.review.title }).getByText(reply)).toBeVisible();
    await expect(async () => {
      await page.goto(MAINTENANCE_BY_PRICE);
      expect(await cardRating(page, catalogue, title)).not.toBe(before);
    }).toPass({ timeout: 30_000 });

    // The detail page's Reviews tab: newest first, so this review leads, with its reply and the histogram.
    await page.goto(`/service/${SERVICE.id}`);
    await page.getByRole('tab', { name: new RegExp(`^${fill(catalogue.detail.tabs.reviews, { reviews: '.+' })}$`) }).click();
    const summary = page.getByRole('region', { name: catalogue.reviews.summary });
    await expect(summary.getByRole('list', { name: catalogue.reviews.histogram }).getByRole('listitem')).toHaveCount(5);
    const newest = page.locator('.kc-reviews > li').first();
    await expect(newest).toContainText(comment);
    await expect(newest).toContainText(catalogue.reviews.reply);
    await expect(newest).toContainText(reply);
    expect(await severeViolations(page, `${language} reviews tab: `)).toEqual([]);
    await page.screenshot({ path: path.join(RESULTS_DIR, `reviews-tab-${language}.png`), fullPage: true });
  });
}
