// Khidma credit on the assembled app, in English and Arabic (issue 17 part 3): an admin grants a new
// client goodwill credit from the Users tab; the client pays a $40 booking with $15 of it and $25 by
// card, and My Bookings shows what was paid and the credit's history. Screenshots of the checkout and
// of My Bookings per language (E2E_RESULTS_DIR/credit-*.png).
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CREDIT_RULES, formatMoney } from '@khidma/contracts';
import { DEMO_ACCOUNTS, DEMO_SERVICES } from '@khidma/demo-data';
import { openDialog, openIn, severeViolations } from '../support/app.mjs';
import { LOCALES, bookByApi, fill, payWith, readJson, signInThroughPage, signUpByApi } from '../support/booking.mjs';
import { RESULTS_DIR } from '../support/stack-state.mjs';

const SERVICE = DEMO_SERVICES.find((s) => s.slug === 'door-lock-repair'); // $40 per job
/** What a page shows, without the bidi isolation marks around amounts. */
const shown = (text) => text.replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();

for (const language of ['en', 'ar']) {
  const b = LOCALES[language].booking;
  const a = readJson(`../../mfe-admin/src/locales/${language}/admin.json`);

  test(`an admin grants goodwill credit; the client pays part of a booking with it (${language})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const { email, accessToken } = await signUpByApi(page.request, language, `credit-${language}`);
    const booking = await bookByApi(page.request, accessToken, SERVICE.id, language === 'en' ? 13 : 14, language);
    expect(booking.totalAmount).toBe('40.00');

    // The admin finds the client on the Users tab and grants $15 with a note.
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await openIn(admin, language, '/login');
      await signInThroughPage(admin, language, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      await expect(admin).toHaveURL(/\/admin$/);
      await admin.goto('/admin?tab=users');
      await admin.getByRole('searchbox', { name: a.list.search }).fill(email);
      const dialog = await openDialog(admin.getByRole('button', { name: fill(a.users.creditOf, { name: email }) }), admin.getByRole('dialog'));
      // Out of bounds is refused in the form, nothing sent.
      await dialog.getByLabel(a.credit.amount).fill('9999');
      await dialog.getByLabel(a.credit.note).fill(language === 'ar' ? 'تأخر الفني عن الموعد.' : 'The technician arrived late.');
      await dialog.getByRole('button', { name: a.credit.grant }).click();
      await expect(dialog.getByText(fill(a.credit.errors.amount, { min: formatMoney(CREDIT_RULES.grantMin, language), max: formatMoney(CREDIT_RULES.grantMax, language) }))).toBeVisible();
      await expect(dialog.getByLabel(a.credit.amount)).toHaveAttribute('aria-invalid', 'true');
      await dialog.getByLabel(a.credit.amount).fill('15');
      await dialog.getByRole('button', { name: a.credit.grant }).click();
      await expect(dialog.locator('li', { hasText: a.credit.reasons.goodwill })).toBeVisible();
      // The admin's amounts drop zero cents ($15), the client's pages keep them ($15.00).
      expect(shown(await dialog.locator('.ka-credit-balance').innerText())).toMatch(/\$15(\.00)?$/);
    } finally {
      await adminContext.close();
    }

    // The client uses it at checkout: $15 from credit, the card pays $25.
    await openIn(page, language, `/payment?booking_id=${booking.id}&amount=${booking.totalAmount}&service=${encodeURIComponent(SERVICE.title)}`);
    await page.getByRole('checkbox', { name: new RegExp(b.payment.creditLabel.split('(')[0].trim()) }).check();
    const summary = page.getByRole('region', { name: b.payment.summary });
    await expect(summary.getByText(b.payment.creditLine)).toBeVisible();
    expect(shown(await summary.locator('.kb-total', { hasText: b.payment.toPayByCard }).locator('dd').innerText())).toBe('$25.00');
    await page.screenshot({ path: path.join(RESULTS_DIR, `credit-checkout-${language}.png`), fullPage: true });
    await payWith(page, language, '4242424242424242');
    await expect(page).toHaveURL(/\/my-bookings$/);

    // My Bookings: what was paid (with the credit part) and the credit's history, balance now $0.00.
    const credit = page.locator('section.kb-credit');
    await expect(credit.getByText(b.credit.reasons.spent)).toBeVisible();
    expect(shown(await credit.locator('.kb-credit-balance').innerText())).toContain('$0.00');
    await expect(page.locator('.kb-paid').first()).toBeVisible();
    expect(shown(await page.locator('.kb-paid').first().innerText())).toContain(shown(fill(b.paid.credit, { amount: '$15.00' })));
    await page.screenshot({ path: path.join(RESULTS_DIR, `credit-my-bookings-${language}.png`), fullPage: true });
    expect(await severeViolations(page, 'my bookings with credit ')).toEqual([]);

    const read = await page.request.get(`/api/bookings/${booking.id}`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect((await read.json()).paid).toMatchObject({ amount: '40.00', credit: '15.00', card: '25.00' });
  });
}
