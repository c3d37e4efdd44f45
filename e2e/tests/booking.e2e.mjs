// Booking, payment and notifications on the assembled app, in English and Arabic (issue 5): the whole
// path a client clicks (sign-up → catalogue → book → pay → reschedule → cancel), the notifications it
// raises (live bell, /notifications, the provider's side, e-mail), a declined card, two clients racing
// for one slot, and another client's booking staying private.
import { expect, test } from '@playwright/test';
import { formatCalendarDay, formatMoney } from '@khidma/contracts';
import { DEMO_ACCOUNTS, DEMO_SERVICES } from '@khidma/demo-data';
// The words every booking notification and e-mail is written from (one source, both languages).
import { BOOKING_EVENT_RULES } from '../../services/booking/src/notifications/handlers/booking-messages.ts';
import { openDialog, openIn } from '../support/app.mjs';
import {
  LOCALES,
  bell,
  bookByApi,
  confirmBooking,
  expectToastShown,
  field,
  fill,
  payWith,
  pickFreeSlot,
  recordToasts,
  signInThroughPage,
  signUpByApi,
  uniqueEmail,
} from '../support/booking.mjs';
import { mailsTo } from '../support/mail.mjs';

const { provider: providerAccount } = DEMO_ACCOUNTS;
const serviceBySlug = (slug) => DEMO_SERVICES.find((s) => s.slug === slug);
// A one-hour per-job service of the demo provider account, so its owner is told of the booking.
const OMARS_SERVICE = serviceBySlug('door-lock-repair');
// Other providers' services for the tests that need no provider side (their slots stay apart).
const DECLINE_SERVICE = serviceBySlug('standard-home-cleaning');

const toast = (page, message) => page.locator('.ant-message').getByText(message);
const titleIn = (service, language) => (language === 'ar' ? service.titleAr : service.title);
/** The title a notification of `event` carries for `recipient` in `language` (facts do not change titles). */
const notificationTitle = (event, recipient, language) => BOOKING_EVENT_RULES[`booking.${event}`].texts[recipient][language]({}).title;

function texts(language) {
  const { shell, catalogue, booking } = LOCALES[language];
  return { shell, catalogue, booking };
}

for (const language of ['en', 'ar']) {
  const { shell, catalogue, booking: b } = texts(language);
  const serviceTitle = titleIn(OMARS_SERVICE, language);

  test.describe(`booking and payment (${language})`, () => {
    test('sign up, book from the catalogue, pay, reschedule and cancel; notifications arrive live, on /notifications, for the provider and by e-mail', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      const since = Date.now() - 1_000;
      await recordToasts(page);

      // Sign up as a user would.
      const email = uniqueEmail(`book-${language}`);
      await openIn(page, language, '/signup');
      await page.getByRole('checkbox').check();
      await field(page, shell.auth.email).fill(email);
      await field(page, shell.auth.password).fill(`Khidma-${Date.now()}`);
      await page.getByRole('button', { name: shell.auth.signupPage.submit }).click();
      await expect(toast(page, shell.auth.messages.accountCreated)).toBeVisible();
      await expect(bell(page, language, 0)).toBeVisible();

      // Catalogue → the provider's service → Book Now → the form, prefilled with that service.
      await page.goto('/services?category=maintenance&view=list');
      const card = page.locator('main article.kc-card').filter({ has: page.locator('.kc-card-title', { hasText: serviceTitle }) });
      await card.getByRole('link', { name: new RegExp(`^${catalogue.card.details}`) }).click();
      await expect(page).toHaveURL(`/service/${OMARS_SERVICE.id}`);
      await expect(page.locator('main h1')).toHaveText(serviceTitle);
      await page.locator('.kc-provider').getByRole('link', { name: catalogue.card.book }).click();
      await expect(page).toHaveURL(`/booking?service=${OMARS_SERVICE.id}`);
      await expect(page.locator('#kb-service-title')).toHaveText(serviceTitle);
      await expect(field(page, b.form.serviceType)).toHaveValue('maintenance');
      await expect(field(page, b.form.email)).toHaveValue(email);

      // A day a few days ahead that the provider works, and a free time on it.
      const first = await pickFreeSlot(page, language, { from: 3 });
      const bookingId = await confirmBooking(page, language);
      // The booking's first notification reaches the bell live (no reload since the form).
      await expect(bell(page, language, 1)).toBeVisible();

      // Pay: success toast, then My Bookings after 2 s.
      const bookingNumber = await page.locator('.kb-summary div', { hasText: b.payment.bookingId }).locator('dd').innerText();
      expect(bookingNumber).toMatch(/\S/);
      await payWith(page, language, '4242424242424242');
      await expect(page.getByRole('status').filter({ hasText: b.payment.successTitle })).toBeVisible();
      await expectToastShown(page, b.payment.successTitle);
      await expect(page).toHaveURL(/\/my-bookings$/);
      await expect(bell(page, language, 2)).toBeVisible();

      const upcoming = page.getByRole('tabpanel');
      await expect(page.getByRole('tab', { selected: true })).toContainText(fill(b.list.tabs.upcoming, { n: '' }).replace(/\s*\(\)$/, ''));
      const listed = upcoming.locator('article.kb-card', { hasText: serviceTitle });
      await expect(listed).toContainText(b.paymentStatus.paid);
      await expect(listed).toContainText(b.status.pending);

      // Its detail page.
      const details = await openDialog(listed.getByRole('button', { name: fill(b.list.detailsOf, { service: serviceTitle }) }), page.getByRole('dialog'));
      await details.getByRole('link', { name: b.list.openPage }).click();
      await expect(page).toHaveURL(`/my-bookings/${bookingId}`);
      await expect(page.locator('main h1')).toHaveText(serviceTitle);
      const when = page.locator('.kb-fact', { hasText: b.facts.when }).locator('dd');
      await expect(when).toHaveText(fill(b.facts.dateAtTime, { date: first.dayLabel, time: first.timeLabel }));

      // Reschedule to another free slot: the detail shows the new date and time.
      const moving = await openDialog(page.getByRole('button', { name: b.detail.reschedule }), page.getByRole('dialog', { name: b.reschedule.title }));
      const moved = await pickFreeSlot(moving, language, { from: 4 });
      expect(`${moved.date} ${moved.time}`).not.toBe(`${first.date} ${first.time}`);
      await moving.getByRole('button', { name: b.reschedule.confirm }).click();
      await expect(moving).toBeHidden();
      await expect(when).toHaveText(fill(b.facts.dateAtTime, { date: moved.dayLabel, time: moved.timeLabel }));
      await expect(bell(page, language, 3)).toBeVisible();

      // Cancel: a short reason shows the rule, a long enough one cancels and refunds.
      const cancelling = await openDialog(page.getByRole('button', { name: b.detail.cancel }), page.getByRole('dialog', { name: b.cancel.title }));
      const rule = fill(b.cancel.rule, { min: 10 });
      await field(cancelling, b.cancel.reason).fill('too soon');
      await cancelling.getByRole('button', { name: b.cancel.confirm }).click();
      await expect(cancelling.getByRole('alert').filter({ hasText: rule })).toBeVisible();
      await expectToastShown(page, b.cancel.invalidTitle);
      const reason = language === 'ar' ? 'تغيّرت خططي لهذا الأسبوع' : 'My plans changed this week';
      await field(cancelling, b.cancel.reason).fill(reason);
      await cancelling.getByRole('button', { name: b.cancel.confirm }).click();
      await expectToastShown(page, b.cancel.successText);
      await expect(page.locator('.kb-header-badges')).toContainText(b.status.cancelled);
      await expect(page.locator('.kb-header-badges')).toContainText(b.paymentStatus.refunded);
      await expect(bell(page, language, 4)).toBeVisible();
      // Receipts of the client's own actions were counted but never toasted over the pages' own messages.
      const toasts = await page.evaluate(() => globalThis.__toasts);
      for (const event of ['created', 'paid', 'rescheduled', 'cancelled']) {
        expect(toasts).not.toContain(notificationTitle(event, 'client', language));
      }

      await page.getByRole('link', { name: b.detail.back }).click();
      await page.getByRole('tab', { name: new RegExp(`^${b.list.tabs.cancelled.split(' ')[0]}`) }).click();
      const cancelled = page.getByRole('tabpanel').locator('article.kb-card', { hasText: serviceTitle });
      await expect(cancelled).toContainText(reason);
      await expect(cancelled).toContainText(b.paymentStatus.refunded);
      await expect(page.getByRole('tabpanel').locator('article.kb-card')).toHaveCount(1);

      // The bell's panel lists the four, in the page's language; one opens the booking.
      await bell(page, language, 4).click();
      const panel = page.getByRole('region', { name: shell.notifications.panel });
      for (const event of ['created', 'paid', 'rescheduled', 'cancelled']) {
        await expect(panel.getByRole('link', { name: new RegExp(notificationTitle(event, 'client', language)) })).toBeVisible();
      }
      await panel.getByRole('link', { name: new RegExp(notificationTitle('paid', 'client', language)) }).click();
      await expect(page).toHaveURL(`/my-bookings/${bookingId}`);
      await expect(bell(page, language, 3)).toBeVisible();

      // /notifications lists them too.
      await page.goto('/notifications');
      const rows = page.locator('main .kh-notif-row');
      await expect(rows).toHaveCount(4);
      for (const event of ['created', 'paid', 'rescheduled', 'cancelled']) {
        await expect(rows.filter({ hasText: notificationTitle(event, 'client', language) })).toContainText(bookingNumber);
      }

      // The confirmation e-mail (payment received) came in the page's language.
      const paidMail = BOOKING_EVENT_RULES['booking.paid'].texts.client[language]({
        number: bookingNumber,
        service: serviceTitle,
        date: formatCalendarDay(first.date, language),
        time: first.time,
        amount: formatMoney(OMARS_SERVICE.price, language, 'amount'),
      }).message;
      await expect
        .poll(async () => (await mailsTo(email, since)).some((text) => text.includes(paidMail)), { message: `the confirmation e-mail to ${email}`, timeout: 20_000 })
        .toBe(true);

      // The provider reads the booking request in the page's language, whichever language their account has.
      const providerContext = await browser.newContext();
      try {
        const providerPage = await providerContext.newPage();
        await openIn(providerPage, language, '/login');
        await signInThroughPage(providerPage, language, providerAccount.email, providerAccount.password);
        await expect(providerPage.getByRole('button', { name: new RegExp(fill(shell.account.menu, { name: '' }).trim()) })).toBeVisible();
        await providerPage.goto('/notifications');
        const request = providerPage.locator('main .kh-notif-row').filter({ hasText: bookingNumber });
        await expect(request.filter({ hasText: notificationTitle('created', 'provider', language) })).toHaveCount(1);
        await expect(request.filter({ hasText: notificationTitle('cancelled', 'provider', language) })).toHaveCount(1);
      } finally {
        await providerContext.close();
      }
    });

    test('a declined card shows the reason and keeps the form; another card then pays', async ({ page }) => {
      test.setTimeout(60_000);
      await recordToasts(page);
      await signUpByApi(page.request, language, `decline-${language}`);
      await openIn(page, language, `/booking?service=${DECLINE_SERVICE.id}`);
      await expect(page.locator('#kb-service-title')).toHaveText(titleIn(DECLINE_SERVICE, language));
      await pickFreeSlot(page, language, { from: 2 });
      await confirmBooking(page, language);

      await payWith(page, language, '4000000000009995');
      const declined = page.locator('.kb-live').getByRole('alert');
      await expect(declined).toContainText(b.payment.declinedTitle);
      await expect(declined).toContainText(b.errors.codes.insufficient_funds);
      // The form stays as typed, ready for another card.
      await expect(field(page, b.payment.cardNumber)).toHaveValue('4000 0000 0000 9995');
      await expect(field(page, b.payment.cardHolder)).toHaveValue('Layla Haddad');

      await field(page, b.payment.cardNumber).fill('4242424242424242');
      await page.getByRole('button', { name: fill(b.payment.submit, { amount: '' }).trim() }).click();
      await expectToastShown(page, b.payment.successTitle);
      await expect(page).toHaveURL(/\/my-bookings$/);
      await expect(page.getByRole('tabpanel').locator('article.kb-card', { hasText: titleIn(DECLINE_SERVICE, language) })).toContainText(b.paymentStatus.paid);
    });

    test('two clients race for one slot: one books it, the other is told and picks another time', async ({ browser }) => {
      test.setTimeout(90_000);
      const service = serviceBySlug(language === 'en' ? 'leak-repair' : 'drain-unblocking');
      const contexts = [await browser.newContext(), await browser.newContext()];
      try {
        const pages = await Promise.all(contexts.map((context) => context.newPage()));
        const slots = [];
        for (const [i, page] of pages.entries()) {
          await signUpByApi(page.request, language, `race-${i}-${language}`);
          await openIn(page, language, `/booking?service=${service.id}`);
          await expect(page.locator('#kb-service-title')).toHaveText(titleIn(service, language));
          slots.push(await pickFreeSlot(page, language, { from: 5 }));
          await field(page, b.form.location).fill('12 Rainbow Street, Amman');
          await field(page, b.form.name).fill(`Racer ${i + 1}`);
          await field(page, b.form.phone).fill('+962 79 123 4567');
        }
        expect(slots[1].date).toBe(slots[0].date);
        expect(slots[1].time).toBe(slots[0].time);

        await Promise.all(pages.map((page) => page.getByRole('button', { name: b.form.submit }).click()));
        const taken = b.errors.codes.slot_taken;
        // Exactly one reaches the payment page; the other stays with the clear message.
        await expect
          .poll(async () => (await Promise.all(pages.map((page) => page.getByText(taken).count()))).join(), { timeout: 15_000 })
          .toMatch(/^(1,0|0,1)$/);
        const loser = (await pages[0].getByText(taken).count()) ? pages[0] : pages[1];
        const winner = loser === pages[0] ? pages[1] : pages[0];
        await expect(winner).toHaveURL(/\/payment\?booking_id=/);
        await expect(loser).toHaveURL(/\/booking\?/);

        // The taken time is no longer offered; another one books.
        await expect(loser.getByRole('radio', { name: slots[0].timeLabel, exact: true })).toHaveCount(0);
        await expect(loser.getByRole('radio').first()).toBeVisible();
        await loser.locator('label.kb-slot').first().click();
        await expect(loser.getByText(taken)).toHaveCount(0);
        await loser.getByRole('button', { name: b.form.submit }).click();
        await expect(loser).toHaveURL(/\/payment\?booking_id=/);
      } finally {
        await Promise.all(contexts.map((context) => context.close()));
      }
    });

    test("another client opening someone's booking sees Booking Not Found", async ({ page, request }) => {
      const owner = await signUpByApi(request, language, `owner-${language}`);
      const booking = await bookByApi(request, owner.accessToken, serviceBySlug('standard-home-cleaning').id, 8, language);
      await signUpByApi(page.request, language, `other-${language}`);
      await openIn(page, language, `/my-bookings/${booking.id}`);
      await expect(page.getByRole('heading', { level: 1, name: b.detail.notFoundTitle })).toBeVisible();
      await expect(page.getByText(booking.clientAddress)).toHaveCount(0);
    });
  });
}
