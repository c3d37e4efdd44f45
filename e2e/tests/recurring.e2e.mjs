// "Book again" and recurring bookings on the assembled app, in English and Arabic (issue 17, part 1):
// the demo client re-books a finished job from My Bookings with the keyboard and finds the form
// filled in; then books it weekly, 4 times, choosing an alternative for any date the plan reports as
// taken, and finds the 4 bookings marked "Weekly · n of 4" in My Bookings.
/* global window */ // page.evaluate callbacks run in the page.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addCalendarDays } from '@khidma/contracts';
import { DEMO_ACCOUNTS } from '@khidma/demo-data';
import { chooseOption, openIn, severeViolations } from '../support/app.mjs';
import { LOCALES, field, fill, pickFreeSlot, readJson, signUpByApi } from '../support/booking.mjs';
import { RESULTS_DIR } from '../support/stack-state.mjs';

const { client, provider } = DEMO_ACCOUNTS;
const PROVIDER_TEXT = {
  en: readJson('../../mfe-provider/src/locales/en/provider.json'),
  ar: readJson('../../mfe-provider/src/locales/ar/provider.json'),
};
const UPCOMING = ['pending', 'accepted', 'in_progress'];

/** Every booking of the demo client through the API, tab by tab and page by page (the page's request carries the session's token). */
async function myBookings(request, accessToken) {
  const all = [];
  for (const tab of ['upcoming', 'completed', 'cancelled']) {
    let after = null;
    do {
      const res = await request.get(`/api/bookings/client/${client.id}?tab=${tab}&limit=50${after ? `&after=${after}` : ''}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      expect(res.status(), 'GET /api/bookings/client/:id').toBe(200);
      const page = await res.json();
      all.push(...page.bookings);
      after = page.nextCursor;
    } while (after);
  }
  return all;
}

for (const language of ['en', 'ar']) {
  const { booking: b } = LOCALES[language];
  const badge = (index) => fill(b.series.badge, { frequency: b.series.frequency.weekly, index, size: 4 });

  test(`book again pre-fills the form; a weekly series of 4 is booked and shows in My Bookings (${language})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const login = await page.request.post('/api/auth/login', { data: { email: client.email, password: client.password } });
    expect(login.status(), 'sign-in of the demo client').toBe(200);
    const { accessToken } = await login.json();
    const before = await myBookings(page.request, accessToken);

    // Book again, from the Completed tab, with the keyboard.
    await openIn(page, language, '/my-bookings?tab=completed');
    const again = page.getByRole('link', { name: new RegExp(`^${fill(b.list.bookAgainOf, { service: '.+' })}$`) }).first();
    await expect(again).toBeVisible();
    const href = new URL((await again.getAttribute('href')) ?? '', 'http://x');
    const source = before.find(
      (one) =>
        one.status === 'completed' &&
        one.serviceId === href.searchParams.get('service') &&
        one.scheduledTime === href.searchParams.get('time') &&
        one.clientAddress === href.searchParams.get('location'),
    );
    expect(source, 'the link names a completed booking of the client').toBeTruthy();
    await again.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/booking\?/);
    await expect(page.getByRole('region', { name: language === 'ar' ? source.service.titleAr : source.service.title })).toBeVisible();
    await expect(field(page, b.form.location)).toHaveValue(source.clientAddress);
    await expect(field(page, b.form.phone)).toHaveValue(source.clientPhone);
    await expect(field(page, b.form.name)).toHaveValue(source.clientName);
    await expect(field(page, b.form.details)).toHaveValue(source.specialInstructions ?? '');
    await expect(field(page, b.form.date)).toHaveValue('');

    // The client picks a new date and repeats it weekly, 4 times.
    const first = await pickFreeSlot(page, language, { from: 1 });
    await field(page, b.series.frequencyLabel).selectOption('weekly');
    await page.getByRole('combobox', { name: b.series.count }).selectOption('4');
    await expect(page.getByRole('radio', { name: b.series.endAfter })).toBeChecked();
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(RESULTS_DIR, `recurring-form-${language}.png`), fullPage: true });
    expect(await severeViolations(page, `${language} recurring form: `)).toEqual([]);

    // Someone else holds the second week's hour (or it was not free anyway): the plan must report
    // that date, never skip it, and offer the nearest free slots.
    const other = await signUpByApi(request, language, `recurring-${language}`);
    const taken = await request.post('/api/bookings/create', {
      headers: { Authorization: `Bearer ${other.accessToken}` },
      data: { serviceId: source.serviceId, scheduledDate: addCalendarDays(first.date, 7), scheduledTime: first.time, clientAddress: 'Abdoun, Amman', clientPhone: '+962 79 123 4567', clientName: 'E2E Other', language },
    });
    expect([201, 409], 'the second week is taken by another client').toContain(taken.status());

    await page.getByRole('button', { name: b.series.submit }).click();
    const plan = page.locator('#kb-series-plan');
    await expect(plan.getByRole('listitem')).toHaveCount(4);
    const conflict = plan.locator('fieldset.kb-conflict');
    await expect(conflict).toHaveCount(1);
    await expect(conflict.getByRole('radio')).not.toHaveCount(1); // at least one alternative besides skipping
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(RESULTS_DIR, `recurring-plan-${language}.png`), fullPage: true });
    expect(await severeViolations(page, `${language} recurring plan: `)).toEqual([]);
    // Keyboard: the first alternative is chosen with Space.
    await conflict.getByRole('radio').first().focus();
    await page.keyboard.press('Space');
    await expect(conflict.getByRole('radio').first()).toBeChecked();
    const alternative = (await conflict.getByRole('radio').first().getAttribute('value')).split('|');
    await page.getByRole('button', { name: b.series.submit }).click();
    const myBookingsTitle = page.getByRole('heading', { level: 1, name: b.myBookings.title });
    await expect(page).toHaveURL(/\/my-bookings/);
    await expect(myBookingsTitle).toBeVisible();

    // Four new bookings of one new series, each marked with its place in it.
    const after = await myBookings(page.request, accessToken);
    const known = new Set(before.map((one) => one.id));
    const added = after.filter((one) => !known.has(one.id));
    expect(added).toHaveLength(4);
    expect(new Set(added.map((one) => one.series?.id)).size).toBe(1);
    expect(added.map((one) => one.series.index).sort()).toEqual([1, 2, 3, 4]);
    expect(added.find((one) => one.series.index === 2)).toMatchObject({ scheduledDate: alternative[0], scheduledTime: alternative[1] });
    expect(added.every((one) => one.serviceId === source.serviceId && one.clientAddress === source.clientAddress && one.status === 'pending')).toBe(true);

    // My Bookings (Upcoming) shows each of them with its badge, beside any series the client had.
    // Every page of the tab, Load more pressed from the keyboard until the last.
    const more = page.getByRole('button', { name: b.list.loadMore });
    const cards = page.locator('article');
    while (await more.count()) {
      const shown = await cards.count();
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(cards).not.toHaveCount(shown);
    }
    const upcomingBefore = (index) => before.filter((one) => UPCOMING.includes(one.status) && one.series?.frequency === 'weekly' && one.series.size === 4 && one.series.index === index).length;
    for (const index of [1, 2, 3, 4]) {
      await expect(page.locator('article .kb-series', { hasText: badge(index) })).toHaveCount(upcomingBefore(index) + 1);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(RESULTS_DIR, `recurring-my-bookings-${language}.png`), fullPage: true });
  });

  test(`the provider's dashboard marks series bookings (${language})`, async ({ page }) => {
    test.setTimeout(90_000);
    const p = PROVIDER_TEXT[language];
    const login = await page.request.post('/api/auth/login', { data: { email: provider.email, password: provider.password } });
    expect(login.status(), 'sign-in of the demo provider').toBe(200);
    await openIn(page, language, '/provider-dashboard');
    const bookings = page.locator('section[aria-labelledby="kp-bookings-heading"]');
    await chooseOption(page, bookings.getByRole('combobox', { name: p.dashboard.bookings.period }), p.periods.all);
    // The demo client's weekly series with the demo provider is among the soonest open bookings.
    const first = fill(p.series.badge, { frequency: p.series.frequency.weekly, index: 1, size: 4 });
    await expect(bookings.locator('.kp-series', { hasText: first }).first()).toBeVisible();
    await bookings.screenshot({ path: path.join(RESULTS_DIR, `recurring-provider-${language}.png`) });
  });
}
