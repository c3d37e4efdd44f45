// What the booking tests share: the apps' own texts (locale files), fresh accounts and bookings made
// through the API when a test is about something else, and the slot picker and the login page as a
// user works them.
import fs from 'node:fs';
import { expect } from '@playwright/test';
import { escapeRegExp } from './app.mjs';

/** A JSON file, by its path relative to this folder. */
export const readJson = (relative) => JSON.parse(fs.readFileSync(new URL(relative, import.meta.url), 'utf8'));

/** The locale files of the shell, the catalogue and the booking remote, per language. */
export const LOCALES = Object.fromEntries(
  ['en', 'ar'].map((language) => [
    language,
    {
      shell: readJson(`../../shell/src/locales/${language}/common.json`),
      catalogue: readJson(`../../mfe-catalogue/src/locales/${language}/catalogue.json`),
      booking: readJson(`../../mfe-booking/src/locales/${language}/booking.json`),
    },
  ]),
);

/**
 * The control labelled `label` within `scope`. Required fields' labels end in an asterisk that
 * screen readers skip (aria-hidden) but the label's text contains.
 */
export const field = (scope, label) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`));

/** i18next's {{name}} interpolation, for texts with values. */
export const fill = (text, values) => text.replace(/{{(\w+)}}/g, (_, name) => String(values[name]));

export const uniqueEmail = (tag) => `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/**
 * A fresh client signed up through the API with `request` (a page's request shares the browser's
 * cookies, so the page is signed in too once it loads). Returns its e-mail, password and access token.
 */
export async function signUpByApi(request, language, tag = 'booking') {
  const email = uniqueEmail(tag);
  const password = `Khidma-${Date.now()}`;
  const res = await request.post('/api/auth/signup', { data: { email, password, language } });
  expect(res.status(), 'sign-up through the API').toBe(201);
  const { accessToken } = await res.json();
  expect(accessToken, 'the sign-up answers a session').toBeTruthy();
  return { email, password, accessToken };
}

/** `YYYY-MM-DD` plus `days` calendar days. */
const addDays = (date, days) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
};

/** The public availability of `serviceId` on `date`: its slots and the marketplace's `today`. */
export async function availabilityByApi(request, serviceId, date) {
  const res = await request.get(`/api/bookings/availability?serviceId=${encodeURIComponent(serviceId)}&date=${date}`);
  expect(res.status(), 'GET /api/bookings/availability').toBe(200);
  return res.json();
}

/**
 * The stack's own today in its marketplace zone, never this machine's: every availability answer
 * carries it, whatever (valid) date is asked about.
 */
export async function marketplaceToday(request, serviceId) {
  return (await availabilityByApi(request, serviceId, '2000-01-01')).today;
}

/** A free start time of `serviceId` at least `daysAhead` days after the server's today. */
export async function freeSlotByApi(request, serviceId, daysAhead) {
  const today = await marketplaceToday(request, serviceId);
  for (let day = daysAhead; day < daysAhead + 14; day++) {
    const date = addDays(today, day);
    const free = (await availabilityByApi(request, serviceId, date)).slots.find((slot) => slot.available);
    if (free) return { date, time: free.time };
  }
  throw new Error(`no free slot for ${serviceId} within two weeks of day ${daysAhead}`);
}

/** A booking of `serviceId` by the holder of `accessToken`, made through the API. */
export async function bookByApi(request, accessToken, serviceId, daysAhead, language = 'en') {
  const { date, time } = await freeSlotByApi(request, serviceId, daysAhead);
  const res = await request.post('/api/bookings/create', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      serviceId,
      scheduledDate: date,
      scheduledTime: time,
      clientAddress: '12 Rainbow Street, Amman',
      clientPhone: '+962 79 123 4567',
      clientName: 'E2E Client',
      language,
    },
  });
  expect(res.status(), 'POST /api/bookings/create').toBe(201);
  return res.json();
}

/**
 * Picks a day of the slot picker's two-week strip (within `scope`, the page or a dialog) from the
 * `from`-th open day on, and its first free time other than `not`. Days without a free time are
 * skipped. Returns the stored values and what the page shows for them.
 */
export async function pickFreeSlot(scope, language, { from = 0, not = null } = {}) {
  const text = LOCALES[language].booking;
  const openDays = scope.getByRole('group', { name: text.slots.strip }).locator('button:enabled');
  await expect(openDays.first()).toBeVisible();
  const count = await openDays.count();
  const dateInput = field(scope, text.form.date);
  for (let i = from; i < count; i++) {
    const day = openDays.nth(i);
    const dayLabel = await day.getAttribute('aria-label');
    await day.click();
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    const radios = scope.getByRole('radio');
    await expect(radios.first().or(scope.getByText(text.slots.none))).toBeVisible();
    const times = await radios.evaluateAll((inputs) => inputs.map((input) => input.value));
    const index = times.findIndex((time) => time !== not);
    if (index < 0) continue;
    const radio = radios.nth(index);
    const timeLabel = await radio.evaluate((input) => input.closest('label').textContent);
    // The input is visually hidden: a user clicks the time's label.
    await radio.locator('xpath=ancestor::label[1]').click();
    await expect(radio).toBeChecked();
    return { date: await dateInput.inputValue(), time: times[index], dayLabel, timeLabel };
  }
  throw new Error('no open day with a free time in the strip');
}

/**
 * Records the text of every toast the page shows. One toast shows at a time (spec §9), so a live
 * notification's toast can replace an action's own within a moment; the record still has both.
 * It also records what each click reached (the nearest button's or link's text), so a missing toast
 * tells whether the click that should raise it landed.
 */
export async function recordToasts(page) {
  // Runs in the page.
  /* global window, document, MutationObserver, Element */
  await page.addInitScript(() => {
    const seen = new Set();
    window.__toasts = [];
    window.__clicks = [];
    new MutationObserver(() => {
      for (const notice of document.querySelectorAll('.ant-message-notice')) {
        const text = notice.textContent ?? '';
        if (text && !seen.has(text)) {
          seen.add(text);
          window.__toasts.push(text);
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
    document.addEventListener(
      'click',
      (event) => {
        const target = event.target instanceof Element ? (event.target.closest('button, a, [role="button"]') ?? event.target) : null;
        window.__clicks.push(target ? `${target.tagName.toLowerCase()}: ${(target.textContent ?? '').trim().slice(0, 40)}` : 'outside the document');
      },
      true,
    );
  });
}

/** Waits until the page has shown a toast containing `text` (see recordToasts); a failure shows the toasts seen and the last clicks. */
export async function expectToastShown(page, text) {
  await expect
    .poll(() => page.evaluate(() => ({ toasts: window.__toasts ?? [], lastClicks: (window.__clicks ?? []).slice(-3) })), {
      message: `a toast with "${text}"`,
    })
    .toEqual(expect.objectContaining({ toasts: expect.arrayContaining([expect.stringContaining(text)]) }));
}

/** The header bell, by the label it has with `unread` unread notifications. */
export function bell(page, language, unread) {
  const { shell } = LOCALES[language];
  const name = unread ? fill(shell.notifications.bellUnread, { unread }) : shell.notifications.bell;
  return page.getByRole('button', { name, exact: true });
}

/** Fills what the booking form does not prefill and confirms; answers the booking id from the payment URL. */
export async function confirmBooking(page, language, name = 'Layla Haddad') {
  const { booking } = LOCALES[language];
  await field(page, booking.form.location).fill('12 Rainbow Street, Amman');
  await field(page, booking.form.name).fill(name);
  await field(page, booking.form.phone).fill('+962 79 123 4567');
  await page.getByRole('button', { name: booking.form.submit }).click();
  await expect(page).toHaveURL(/\/payment\?booking_id=/);
  return new URL(page.url()).searchParams.get('booking_id');
}

/** Pays with `card` on the payment page (any future expiry, any CVV). */
export async function payWith(page, language, card) {
  const { booking } = LOCALES[language];
  await field(page, booking.payment.cardNumber).fill(card);
  await field(page, booking.payment.cardHolder).fill('Layla Haddad');
  await field(page, booking.payment.expiry).fill('12/35');
  await field(page, booking.payment.cvv).fill('123');
  await page.getByRole('button', { name: fill(booking.payment.submit, { amount: '' }).trim() }).click();
}

/** Signs in through the login page (disclaimer ticked, Enter in the password field). */
export async function signInThroughPage(page, language, email, password) {
  const { shell } = LOCALES[language];
  await page.getByRole('checkbox').check();
  await field(page, shell.auth.email).fill(email);
  await field(page, shell.auth.password).fill(password);
  await field(page, shell.auth.password).press('Enter');
}
