// Hijri dates on the assembled app, in English and Arabic (issue 17 §5, regional calendar): a client
// sees a booking day on My Bookings; the header's "Show Hijri dates" switch (off by default in English,
// on in Arabic) adds its Umm al-Qura date, the choice survives a reload, and turning it off removes it.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { INTL_LOCALES } from '@khidma/contracts';
import { openIn, seededServiceId, severeViolations } from '../support/app.mjs';
import { LOCALES, bookByApi, signUpByApi } from '../support/booking.mjs';
import { RESULTS_DIR } from '../support/stack-state.mjs';

/** The booking day's Umm al-Qura date as the page formats it (Chromium and Node share ICU's calendar data). */
function hijriOf(date, language) {
  const locale = new Intl.Locale(INTL_LOCALES[language], { calendar: 'islamic-umalqura' }).toString();
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

for (const language of ['en', 'ar']) {
  const { shell } = LOCALES[language];

  test(`a booking day shows its Hijri date when the preference is on (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    // A fresh client with one booking a few days after the stack's today (never this machine's).
    const { accessToken } = await signUpByApi(page.request, language, 'hijri');
    const booking = await bookByApi(page.request, accessToken, await seededServiceId(page.request), 3, language);
    const hijri = hijriOf(booking.scheduledDate, language);
    const year = booking.scheduledDate.slice(0, 4);

    await openIn(page, language, '/my-bookings');
    const card = page.locator('article.kb-card').first();
    await expect(card).toContainText(year);
    const toggle = page.getByRole('switch', { name: shell.calendar.showHijri });

    if (language === 'en') {
      // Off by default in English: the Gregorian date alone.
      await expect(toggle).not.toBeChecked();
      await expect(card).not.toContainText(hijri);
      // Keyboard: focus the switch and press Space.
      await toggle.focus();
      await page.keyboard.press('Space');
    }
    // On (by default in Arabic): the day with its Hijri date after a middle dot.
    await expect(toggle).toBeChecked();
    await expect(card).toContainText(`· \u2068${hijri}\u2069`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    expect(await severeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(RESULTS_DIR, `hijri-my-bookings-${language}.png`) });

    // Remembered across a reload (the explicit choice in English; the default in Arabic).
    await page.reload();
    await expect(toggle).toBeChecked();
    await expect(card).toContainText(hijri);

    // Off: the Hijri date goes, and the explicit "off" wins over the Arabic default after a reload.
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(card).toContainText(year);
    await expect(card).not.toContainText(hijri);
    await page.reload();
    await expect(toggle).not.toBeChecked();
    await expect(card).not.toContainText(hijri);
  });
}
