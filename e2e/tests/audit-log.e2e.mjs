// The admin action audit log on the assembled app, in English and Arabic (issue 16 §5): the demo admin
// hides a review on the Reviews tab with a reason, finds that decision (who, what, on which review,
// why) on the Audit log tab, and shows the review again, which is logged too; an account deactivated
// on the Users tab (identity's account, changed through booking's moderation) is logged the same way.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_SERVICES } from '@khidma/demo-data';
import { chooseOption, openDialog, openIn, severeViolations } from '../support/app.mjs';
import { fill, signInThroughPage, signUpByApi } from '../support/booking.mjs';
import { RESULTS_DIR } from '../support/stack-state.mjs';
import { SUPPLY_LOCALES } from '../support/supply.mjs';

const { admin: adminAccount } = DEMO_ACCOUNTS;
// A service per language that no other test rates, so hiding one of its reviews for a moment disturbs nothing.
const SLUGS = { en: 'sofa-carpet-shampoo', ar: 'villa-cleaning-team' };

for (const language of ['en', 'ar']) {
  const { admin: a } = SUPPLY_LOCALES[language];
  const service = DEMO_SERVICES.find((s) => s.slug === SLUGS[language]);
  const title = language === 'ar' ? service.titleAr : service.title;

  test(`the admin hides a review and sees it in the audit log (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await openIn(page, language, '/login');
    await signInThroughPage(page, language, adminAccount.email, adminAccount.password);
    await expect(page).toHaveURL(/\/admin$/);

    // The newest review of the service, hidden with a reason only this run wrote.
    const reason = language === 'ar' ? `إساءة للمزوّد ${Date.now()}` : `Insults the provider ${Date.now()}`;
    const searchReviews = async () => {
      await page.goto('/admin?tab=reviews');
      const reviews = page.getByRole('region', { name: a.tabs.reviews });
      await page.getByRole('searchbox', { name: a.list.search }).fill(service.title);
      await expect(reviews.getByRole('row').nth(1)).toContainText(title);
      return reviews;
    };
    let reviews = await searchReviews();
    const row = reviews.getByRole('row').nth(1);
    const hideButton = row.getByRole('button', { name: new RegExp(`^${fill(a.reviews.hideOf, { name: '(.+)' })}$`) });
    const authorName = new RegExp(`^${fill(a.reviews.hideOf, { name: '(.+)' })}$`).exec(await hideButton.getAttribute('aria-label'))[1];
    const dialog = await openDialog(hideButton, page.getByRole('dialog'));
    await dialog.getByLabel(a.reviews.reason).fill(reason);
    await dialog.getByRole('button', { name: a.reviews.confirmHide }).click();
    await expect(dialog).toBeHidden();

    // The audit log: the decision is there with who, what, which review and why.
    await page.getByRole('tab', { name: a.tabs.audit }).click();
    await expect(page).toHaveURL(/tab=audit/);
    const log = page.getByRole('region', { name: a.tabs.audit });
    await chooseOption(page, page.getByRole('combobox', { name: a.audit.action }), a.audit.actions.review.hidden);
    await page.getByRole('searchbox', { name: a.list.search }).fill(reason);
    await expect(log.getByRole('row')).toHaveCount(2);
    const entry = log.getByRole('row').nth(1);
    await expect(entry).toContainText(adminAccount.email);
    await expect(entry).toContainText(a.audit.actions.review.hidden);
    await expect(entry).toContainText(a.audit.targets.review);
    await expect(entry).toContainText(`${authorName}: ${title}`);
    await expect(entry).toContainText(reason);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    expect(await severeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(RESULTS_DIR, `audit-log-${language}.png`), fullPage: true });

    // Shown again: the review is back and that decision is logged as well.
    reviews = await searchReviews();
    await reviews.getByRole('button', { name: fill(a.reviews.showOf, { name: authorName }) }).first().click();
    await expect(reviews.getByRole('button', { name: fill(a.reviews.showOf, { name: authorName }) })).toHaveCount(0);
    await page.goto('/admin?tab=audit');
    await chooseOption(page, page.getByRole('combobox', { name: a.audit.action }), a.audit.actions.review.shown);
    await expect(page.getByRole('region', { name: a.tabs.audit }).getByRole('row').nth(1)).toContainText(`${authorName}: ${title}`);
  });

  test(`the admin deactivates an account and finds it in the audit log (${language})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { email, password } = await signUpByApi(request, language, 'audited');
    await openIn(page, language, '/login');
    await signInThroughPage(page, language, adminAccount.email, adminAccount.password);
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto('/admin?tab=users');
    await page.getByRole('searchbox', { name: a.list.search }).fill(email);
    const confirming = await openDialog(page.getByRole('button', { name: `${a.users.deactivate}: ${email}` }), page.getByRole('dialog'));
    await confirming.getByRole('button', { name: a.users.confirm }).click();
    await expect(page.getByRole('button', { name: `${a.users.activate}: ${email}`, exact: true })).toBeVisible();
    // Identity has really disabled it: the account can no longer sign in.
    const signIn = await request.post('/api/auth/login', { data: { email, password } });
    expect([signIn.status(), (await signIn.json()).code]).toEqual([403, 'account_disabled']);

    await page.goto('/admin?tab=audit');
    const log = page.getByRole('region', { name: a.tabs.audit });
    await chooseOption(page, page.getByRole('combobox', { name: a.audit.action }), a.audit.actions.account.deactivated);
    await page.getByRole('searchbox', { name: a.list.search }).fill(email);
    await expect(log.getByRole('row')).toHaveCount(2);
    const entry = log.getByRole('row').nth(1);
    await expect(entry).toContainText(adminAccount.email);
    await expect(entry).toContainText(a.audit.targets.account);
    await expect(entry).toContainText(email);
  });
}
