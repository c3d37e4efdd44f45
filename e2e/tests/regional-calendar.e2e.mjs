// The regional calendar on the assembled app, in English and Arabic (issue 17 §5): the demo provider
// declares Ramadan-style evening hours 20:00–02:00 in the dashboard; a client (who lives in another
// region) books the 01:00 slot of that evening, which falls on the next calendar date, and sees the
// provider's zone named. The booking is stored on its real date; the slot is then taken.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addCalendarDays, REGIONS } from '@khidma/contracts';
import { DEMO_ACCOUNTS } from '@khidma/demo-data';
import { openIn, severeViolations } from '../support/app.mjs';
import { availabilityByApi, confirmBooking, field, fill, LOCALES, marketplaceToday, readJson, signUpByApi } from '../support/booking.mjs';
import { RESULTS_DIR } from '../support/stack-state.mjs';

const { provider } = DEMO_ACCOUNTS;
const PROVIDER_TEXT = {
  en: readJson('../../mfe-provider/src/locales/en/provider.json'),
  ar: readJson('../../mfe-provider/src/locales/ar/provider.json'),
};
const weekday = (date) => new Date(`${date}T00:00:00Z`).getUTCDay();

for (const [index, language] of ['en', 'ar'].entries()) {
  const { booking: b, shell } = LOCALES[language];
  const sh = PROVIDER_TEXT[language].dashboard.specialHours;

  test(`a provider declares evening hours past midnight; a client books the 01:00 slot (${language})`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const providerContext = await browser.newContext({ baseURL });
    const clientContext = await browser.newContext({ baseURL });
    try {
      const page = await providerContext.newPage();
      const login = await page.request.post('/api/auth/login', { data: { email: provider.email, password: provider.password } });
      expect(login.status(), 'sign-in of the demo provider').toBe(200);
      const { accessToken } = await login.json();
      const auth = { Authorization: `Bearer ${accessToken}` };
      const service = await (await page.request.get('/api/services/door-lock-repair')).json();
      const today = await marketplaceToday(page.request, service.id);
      // A working day (not the provider's Friday off) a few days ahead; each language its own days.
      let day = addCalendarDays(today, 2 + index * 3);
      while (weekday(day) === 5 || weekday(addCalendarDays(day, 1)) === 5) day = addCalendarDays(day, 1);
      const next = addCalendarDays(day, 1);
      // Declarations left by an earlier run over these days would refuse ours as an overlap.
      const declared = (await (await page.request.get('/api/provider/special-hours', { headers: auth })).json()).specialHours;
      for (const old of declared.filter((one) => one.startDate <= next && one.endDate >= day)) {
        expect((await page.request.delete(`/api/provider/special-hours/${old.id}`, { headers: auth })).status()).toBe(204);
      }

      // The provider declares the evenings in the dashboard: 20:00–02:00 is the form's default.
      await openIn(page, language, '/provider-dashboard');
      const panel = page.locator('section[aria-labelledby="kp-special-hours-heading"]');
      // The dashboard is a remote: on a busy machine it may take a while to arrive.
      await expect(panel.getByRole('heading', { name: sh.title })).toBeVisible({ timeout: 60_000 });
      await expect(panel.getByLabel(sh.label, { exact: true })).toBeVisible({ timeout: 30_000 });
      const label = `${language === 'ar' ? 'رمضان' : 'Ramadan'} e2e ${Date.now()}`;
      await panel.getByLabel(sh.label, { exact: true }).fill(label);
      await panel.getByLabel(sh.startDate, { exact: true }).fill(next);
      await panel.getByLabel(sh.endDate, { exact: true }).fill(day);
      await panel.getByRole('button', { name: sh.add }).click();
      // First the last day before the first: named, nothing sent.
      await expect(panel.getByText(sh.errors.order)).toBeVisible();
      await panel.getByLabel(sh.startDate, { exact: true }).fill(day);
      await panel.getByLabel(sh.endDate, { exact: true }).fill(next);
      await expect(panel.getByText(sh.overnightHelp)).toBeVisible();
      await panel.getByRole('button', { name: sh.add }).click();
      const row = panel.getByTestId('special-hours').filter({ hasText: label });
      await expect(row).toContainText(fill(sh.hoursOvernight, { from: '20:00', to: '02:00' }));
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: path.join(RESULTS_DIR, `regional-provider-${language}.png`) });
      expect(await severeViolations(page, `${language} special hours: `)).toEqual([]);

      // A client living in Saudi Arabia books the evening's 01:00, on the next calendar date.
      // They say so with "Your region" in the footer; the choice is kept across pages.
      const client = await clientContext.newPage();
      const signedUp = await signUpByApi(client.request, language, `regional-${language}`);
      await openIn(client, language, '/');
      const regionChoice = client.getByRole('combobox', { name: shell.calendar.region });
      await regionChoice.selectOption(language === 'ar' ? REGIONS.SA.nameAr : REGIONS.SA.name);
      await regionChoice.scrollIntoViewIfNeeded();
      await client.locator('footer').screenshot({ path: path.join(RESULTS_DIR, `regional-footer-${language}.png`) });
      await client.goto(`/booking?service=${service.id}`);
      await expect(field(client, b.form.date)).toBeVisible({ timeout: 60_000 });
      await field(client, b.form.date).fill(day);
      const overnight = client.locator('input[type="radio"][value="01:00+1"]');
      await expect(overnight).toHaveCount(1, { timeout: 30_000 });
      await overnight.locator('xpath=ancestor::label[1]').click();
      await expect(overnight).toBeChecked();
      const answer = await availabilityByApi(client.request, service.id, day);
      const region = REGIONS[answer.region];
      const zone = answer.timeZone;
      expect(zone).toBe(region.timeZone);
      await expect(client.getByText(fill(b.slots.providerZone, { zone: `${language === 'ar' ? region.nameAr : region.name} (${zone})` }))).toBeVisible();
      await client.screenshot({ path: path.join(RESULTS_DIR, `regional-booking-${language}.png`), fullPage: true });
      const bookingId = await confirmBooking(client, language);

      const stored = await (await client.request.get(`/api/bookings/${bookingId}`, { headers: { Authorization: `Bearer ${signedUp.accessToken}` } })).json();
      expect(stored).toMatchObject({ scheduledDate: next, scheduledTime: '01:00' });
      const after = await availabilityByApi(client.request, service.id, day);
      expect(after.slots.find((slot) => slot.date === next && slot.time === '01:00')).toMatchObject({ available: false, reason: 'taken' });
    } finally {
      await providerContext.close();
      await clientContext.close();
    }
  });
}
