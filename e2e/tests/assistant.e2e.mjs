// The assistant that acts, on the assembled app in English and Arabic (issue 12): an anonymous visitor
// is asked to sign in; a fresh client books by chat one of the demo provider's services (from a list,
// a day, a free hour from the chips, address, phone), sees the proposal card, confirms, and finds the
// booking in My Bookings and behind the payment link, while the provider sees it on his dashboard;
// then moves and cancels it by chat (the refund stated first). Answers arrive streamed. The chat page
// stays axe clean with a proposal on it.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PROVIDERS, DEMO_SERVICES } from '@khidma/demo-data';
import { escapeRegExp, expectRendered, openIn } from '../support/app.mjs';
import { fill, LOCALES, signUpByApi } from '../support/booking.mjs';

const WORDS = {
  en: { move: (n, day) => `move ${n} to ${day}`, cancel: (n) => `cancel ${n}`, moved: /^Moved KH-/, cancelled: /^Cancelled KH-[A-Z0-9-]+\. Nothing was paid, so there is no refund\.$/, refund: 'Nothing has been paid, so there is nothing to refund.', signIn: 'Please sign in to proceed with booking actions.', book: 'book the cheapest handyman', which: 'Which one would you like?', askDate: 'Which day would you like?', freeTimes: 'Free times:', address: 'What is the address', phone: 'Which phone number', proposal: 'Proposed action', confirm: 'Confirm', booked: /^Booked: (KH-[A-Z0-9]{4}-[A-Z0-9]{4})/, pay: 'Pay now', view: 'View booking' },
  ar: { move: (n, day) => `انقل ${n} إلى ${day}`, cancel: (n) => `ألغِ ${n}`, moved: /^تم نقل KH-/, cancelled: /^تم إلغاء KH-[A-Z0-9-]+\. لم يُدفع شيء، فلا يوجد استرداد\.$/, refund: 'لم يُدفع شيء، لذلك لا يوجد مبلغ لاسترداده.', signIn: 'يرجى تسجيل الدخول لمتابعة إجراءات الحجز.', book: 'احجز أرخص فني صيانة', which: 'أي واحدة تريد؟', askDate: 'أي يوم تفضّل؟', freeTimes: 'الأوقات المتاحة:', address: 'ما هو العنوان', phone: 'ما رقم الهاتف', proposal: 'الإجراء المقترح', confirm: 'تأكيد', booked: /^تم الحجز: (KH-[A-Z0-9]{4}-[A-Z0-9]{4})/, pay: 'ادفع الآن', view: 'عرض الحجز' },
};

/** `D/M` of the marketplace's today plus `days` (the assistant reads day first, as written in the region). */
async function dayAhead(request, days) {
  const probe = await request.get(`/api/bookings/availability?serviceId=${DEMO_SERVICES[0].id}&date=${new Date().toISOString().slice(0, 10)}`);
  expect(probe.status(), 'GET /api/bookings/availability').toBe(200);
  const { today } = await probe.json();
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return `${date.getUTCDate()}/${date.getUTCMonth() + 1}`;
}

/** The demo provider's business as listings name it. */
const demoProvider = DEMO_PROVIDERS.find((provider) => provider.userId === DEMO_ACCOUNTS.provider.id);
const businessName = { en: demoProvider.businessName, ar: demoProvider.businessNameAr };

/** The demo provider, signed in in a browser of his own, finds booking `number` among his dashboard's bookings. */
async function expectOnProviderDashboard(browser, origin, language, number, title) {
  const context = await browser.newContext({ baseURL: origin });
  try {
    const page = await context.newPage();
    const login = await page.request.post('/api/auth/login', { data: { email: DEMO_ACCOUNTS.provider.email, password: DEMO_ACCOUNTS.provider.password } });
    expect(login.status(), 'sign-in of the demo provider').toBe(200);
    await openIn(page, language, '/provider-dashboard');
    const section = page.locator('section[aria-labelledby="kp-bookings-heading"]');
    await expect(section.locator('.ant-table-row').first()).toBeVisible();
    const row = section.locator('.ant-table-row').filter({ hasText: number });
    // The list is paged; the booking is on one of its pages.
    for (let turns = 0; !(await row.count()); turns++) {
      const next = section.locator('.ant-pagination-next');
      expect(turns < 40 && (await next.count()) && (await next.getAttribute('aria-disabled')) !== 'true', `booking ${number} on the dashboard`).toBeTruthy();
      await next.click();
    }
    await expect(row).toContainText(title);
  } finally {
    await context.close();
  }
}

const log = (page) => page.getByRole('log');
const lastBot = (page) => log(page).locator('.kh-chat-bot').last();

async function say(page, text) {
  const input = page.getByRole('textbox', { name: LOCALES.en.shell.chat.inputLabel }).or(page.getByRole('textbox', { name: LOCALES.ar.shell.chat.inputLabel }));
  await expect(input).toBeEnabled();
  await input.fill(text);
  await input.press('Enter');
  // Answered: neither the typing indicator nor a half-streamed draft is left.
  await expect(log(page).locator('.kh-chat-typing, .kh-chat-streaming')).toHaveCount(0);
  await expect(input).toBeEnabled();
}

for (const language of ['en', 'ar']) {
  const w = WORDS[language];

  test(`anonymous visitors are asked to sign in before the assistant acts (${language})`, async ({ page }) => {
    await openIn(page, language, '/chat');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/ai/chat'));
    await say(page, language === 'en' ? 'book a plumber tomorrow at 10' : 'احجز سباك بكرة الساعة 10');
    await expect(lastBot(page)).toContainText(w.signIn);
    // The browser read the answer as a stream of events, through the gateway.
    const response = await answered;
    expect(response.headers()['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(await response.text()).toMatch(/^event: delta\n[\s\S]*event: message\n[\s\S]*event: done\n/);
  });

  test(`a fresh client books the demo provider by chat (proposal card, Confirm, payment link, My Bookings, his dashboard), then reschedules and cancels it by chat (${language})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signUpByApi(page.request, language, `chat-${language}`);
    await openIn(page, language, '/chat');

    await say(page, w.book);
    await expect(lastBot(page)).toContainText(w.which);
    // One of the demo provider's services, by its number in the list.
    const listed = (await lastBot(page).locator('.kh-chat-text').textContent()).split('\n');
    const line = listed.find((text) => /^\d+\. /.test(text) && text.includes(businessName[language]));
    expect(line, `a service of ${businessName[language]} in the list`).toBeTruthy();
    await say(page, line.slice(0, line.indexOf('.')));
    await expect(lastBot(page)).toContainText(w.askDate);
    // A day a few days ahead that has a free hour: the assistant offers the free hours as chips.
    for (let days = 3; ; days++) {
      expect(days, 'a day with a free hour within two weeks').toBeLessThan(17);
      await say(page, await dayAhead(page.request, days));
      if ((await lastBot(page).textContent()).includes(w.freeTimes)) break;
    }
    const chips = page.getByRole('group', { name: LOCALES[language].shell.chat.suggestions });
    const hour = (await chips.getByRole('button').first().textContent()).trim();
    await chips.getByRole('button', { name: hour }).click();
    await expect(lastBot(page)).toContainText(w.address);
    await say(page, '12 Rainbow Street, Amman');
    await expect(lastBot(page)).toContainText(w.phone);
    await say(page, '+962 79 123 4567');

    const card = page.getByRole('group', { name: w.proposal });
    await expect(card).toBeVisible();
    await expect(lastBot(page)).toContainText(hour);
    await expect(lastBot(page)).toContainText('$');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    const proposed = await lastBot(page).locator('.kh-chat-text').textContent();
    const [, quoted, guillemets] = /"([^"]+)"|«([^»]+)»/.exec(proposed);
    const title = quoted ?? guillemets;
    await card.getByRole('button', { name: w.confirm }).click();
    await expect(lastBot(page).locator('.kh-chat-text')).toHaveText(w.booked);
    const number = w.booked.exec((await lastBot(page).locator('.kh-chat-text').textContent()).trim())[1];

    // The conversation survives a reload of the same session.
    await page.reload();
    await expect(log(page)).toContainText(number);

    // The demo provider sees it on his dashboard.
    await expectOnProviderDashboard(browser, new URL(page.url()).origin, language, number, title);

    // The payment link opens the payment step of this very booking.
    const bookingId = (await lastBot(page).getByRole('link', { name: w.view }).getAttribute('href')).split('/').at(-1);
    await lastBot(page).getByRole('link', { name: w.pay }).click();
    await expect(page).toHaveURL(/\/payment\?booking_id=/);
    expect(new URL(page.url()).searchParams.get('booking_id')).toBe(bookingId);
    await expectRendered(page, language);
    await expect(page.getByRole('button', { name: new RegExp(escapeRegExp(fill(LOCALES[language].booking.payment.submit, { amount: '' }).trim())) })).toBeVisible();

    // My Bookings lists it: the service the proposal named, at the address given in the chat.
    await page.goto('/my-bookings');
    await expect(page.locator('main')).toContainText(title);
    await expect(page.locator('main')).toContainText('12 Rainbow Street, Amman');

    // Reschedule it by chat: a later day, a free hour from the chips, the card, Confirm.
    await page.goto('/chat');
    for (let days = 5; ; days++) {
      expect(days, 'a later day with a free hour').toBeLessThan(19);
      await say(page, w.move(number, await dayAhead(page.request, days)));
      if ((await lastBot(page).textContent()).includes(w.freeTimes)) break;
    }
    await page.getByRole('group', { name: LOCALES[language].shell.chat.suggestions }).getByRole('button').first().click();
    await page.getByRole('group', { name: w.proposal }).last().getByRole('button', { name: w.confirm }).click();
    await expect(lastBot(page).locator('.kh-chat-text')).toHaveText(w.moved);

    // Cancel it by chat: the proposal states the refund before asking.
    await say(page, w.cancel(number));
    await expect(lastBot(page)).toContainText(w.refund);
    await page.getByRole('group', { name: w.proposal }).last().getByRole('button', { name: w.confirm }).click();
    await expect(lastBot(page).locator('.kh-chat-text')).toHaveText(w.cancelled);
  });
}
