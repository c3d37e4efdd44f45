import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SUPPORT_EMAIL, readStackState } from '../support/stack-state.mjs';

/** .eml files (outbox or the local SMTP inbox) written after `since` that mention `text`. */
function mailsMentioning(dir, text, since) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => file.endsWith('.eml') && fs.statSync(file).mtimeMs >= since)
    .filter((file) => fs.readFileSync(file, 'utf8').includes(text));
}

test('the contact form sends, thanks the visitor and e-mails the support address', async ({ page }) => {
  const { mailDir } = readStackState();
  const since = Date.now() - 1_000;
  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact us · Khidma');
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Playwright Visitor');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('visitor@example.com');
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill(`E2E contact ${since}`);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello from the end-to-end tests: please ignore this message.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
  // Delivery is asynchronous (outbox -> job -> mail), so poll for the file.
  await expect.poll(() => mailsMentioning(mailDir, SUPPORT_EMAIL, since).length, { timeout: 20_000 }).toBeGreaterThan(0);
});
