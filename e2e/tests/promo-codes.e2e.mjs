// Promo codes at checkout on the assembled app, in English and Arabic (issue 17): a new client books,
// tries a wrong code (told why, the typed code stays), applies the seeded WELCOME10, sees subtotal,
// discount and total in the order summary, and pays the discounted total. The checkout summary is
// kept as a screenshot per language (E2E_RESULTS_DIR/promo-checkout-<language>.png).
import path from 'node:path';
/* global window */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_SERVICES, WELCOME_PROMO_CODE } from '@khidma/demo-data';
import { readJson } from '../support/booking.mjs';
import { openIn } from '../support/app.mjs';
import { LOCALES, bookByApi, expectToastShown, fill, payWith, recordToasts, signUpByApi } from '../support/booking.mjs';
import { RESULTS_DIR } from '../support/stack-state.mjs';

// A $40 per-job service: WELCOME10 takes $4.00 off.
const SERVICE = DEMO_SERVICES.find((s) => s.slug === 'door-lock-repair');
/** What a page shows, without the bidi isolation marks around amounts. */
const shown = (text) => text.replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();

for (const language of ['en', 'ar']) {
  const b = LOCALES[language].booking;
  const a = readJson(`../../mfe-admin/src/locales/${language}/admin.json`);

  test.describe(`promo codes at checkout (${language})`, () => {
    test('a wrong code is refused at the field; WELCOME10 shows its discount and the client pays the discounted total', async ({ page }) => {
      test.setTimeout(90_000);
      await recordToasts(page);
      const { accessToken } = await signUpByApi(page.request, language, `promo-${language}`);
      const booking = await bookByApi(page.request, accessToken, SERVICE.id, language === 'en' ? 9 : 10, language);
      expect(booking.totalAmount).toBe('40.00');
      await openIn(page, language, `/payment?booking_id=${booking.id}&amount=${booking.totalAmount}&service=${encodeURIComponent(SERVICE.title)}`);

      const code = page.getByLabel(b.payment.promoLabel);
      const apply = page.getByRole('button', { name: b.payment.promoApply, exact: true });
      await code.fill('NOSUCHCODE');
      await apply.click();
      const refusal = page.locator('.kb-promo').getByRole('alert');
      await expect(refusal).toHaveText(b.errors.codes.promo_not_found);
      await expect(code).toHaveValue('NOSUCHCODE');
      await expect(code).toHaveAttribute('aria-invalid', 'true');

      // Any case will do; Enter applies it (and does not pay).
      await code.fill(WELCOME_PROMO_CODE.toLowerCase());
      await code.press('Enter');
      await expect(page.locator('.kb-promo-applied')).toBeVisible();
      expect(shown(await page.locator('.kb-promo-applied').innerText())).toBe(shown(fill(b.payment.promoApplied, { code: WELCOME_PROMO_CODE, discount: '$4.00' })));
      const summary = page.getByRole('region', { name: b.payment.summary });
      await expect(summary.locator('.kb-discount dt')).toHaveText(fill(b.payment.discount, { code: WELCOME_PROMO_CODE }));
      expect(shown(await summary.locator('.kb-discount dd').innerText())).toBe('−$4.00');
      expect(shown(await summary.locator('div', { hasText: b.payment.subtotal }).locator('dd').first().innerText())).toBe('$40.00');
      expect(shown(await summary.locator('.kb-total dd').innerText())).toBe('$36.00');
      const submit = page.getByRole('button', { name: fill(b.payment.submit, { amount: '' }).trim() });
      expect(shown(await submit.innerText())).toBe(shown(fill(b.payment.submit, { amount: '$36.00' })));
      await page.screenshot({ path: path.join(RESULTS_DIR, `promo-checkout-${language}.png`), fullPage: true });

      await payWith(page, language, '4242424242424242');
      await expectToastShown(page, b.payment.successTitle);
      // The success message names the amount the server charged (its answer), the discounted total.
      const paidText = shown(fill(b.payment.successText, { amount: '$36.00' }));
      await expect.poll(async () => (await page.evaluate(() => window.__toasts ?? [])).some((text) => shown(text).includes(paidText))).toBe(true);
      await expect(page).toHaveURL(/\/my-bookings$/);

      // The server charged $36.00 (the payment's stored answer) and the code is spent for this client.
      const read = await page.request.get(`/api/bookings/${booking.id}`, { headers: { Authorization: `Bearer ${accessToken}` } });
      expect((await read.json()).paymentStatus).toBe('paid');
      const again = await bookByApi(page.request, accessToken, SERVICE.id, language === 'en' ? 11 : 12, language);
      const check = await page.request.post('/api/promotions/check', {
        headers: { Authorization: `Bearer ${accessToken}` },
        data: { bookingId: again.id, code: WELCOME_PROMO_CODE },
      });
      expect(check.status()).toBe(422);
      expect((await check.json()).code).toBe('promo_first_order_only');
    });

    test('the admin creates a code in the promo codes tab, sees it listed and deactivates it', async ({ page }) => {
      test.setTimeout(60_000);
      const { admin } = DEMO_ACCOUNTS;
      const login = await page.request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } });
      expect(login.status(), 'admin sign-in').toBe(200);
      await openIn(page, language, '/admin?tab=promos');
      const form = page.getByRole('form', { name: a.promos.newTitle });
      const code = `E2E${language.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
      // Nothing typed: the form says what is missing and sends nothing.
      await form.getByRole('button', { name: a.promos.create }).click();
      await expect(form.getByText(a.promos.errors.code)).toBeVisible();
      await form.getByLabel(a.promos.code).fill(code.toLowerCase());
      await form.getByLabel(a.promos.valuePercent).fill('20');
      await form.getByLabel(a.promos.maxRedemptions).fill('5');
      await form.getByRole('checkbox', { name: a.promos.firstOrderOnly }).check();
      await form.getByRole('button', { name: a.promos.create }).click();
      const row = page.getByRole('region', { name: a.tabs.promos }).locator('tr', { hasText: code });
      await expect(row).toContainText(a.promos.ruleFirst);
      await expect(row).toContainText(a.promos.states.active);
      await page.screenshot({ path: path.join(RESULTS_DIR, `promo-admin-${language}.png`), fullPage: true });
      await row.getByRole('button', { name: fill(a.promos.deactivateOf, { code }) }).click();
      await expect(row).toContainText(a.promos.states.inactive);
      // The same name again, in another case, is refused at the field.
      await form.getByLabel(a.promos.code).fill(code.toLowerCase());
      await form.getByLabel(a.promos.valuePercent).fill('10');
      await form.getByRole('button', { name: a.promos.create }).click();
      await expect(form.getByText(a.promos.errors.taken)).toBeVisible();
    });
  });
}
