// Reads the e-mails the stack sent (outbox .eml files, or the local SMTP inbox of the Redis profile)
// as plain text, so tests can follow the links in them.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import PostalMime from 'postal-mime';
import { readStackState } from './stack-state.mjs';

/** The text of every e-mail to `address` (envelope or To:) written since `since` (epoch ms). */
export async function mailsTo(address, since) {
  const { mailDir } = readStackState();
  if (!fs.existsSync(mailDir)) return [];
  const files = fs
    .readdirSync(mailDir, { recursive: true })
    .map((name) => path.join(mailDir, String(name)))
    .filter((file) => file.endsWith('.eml') && fs.statSync(file).mtimeMs >= since);
  const mails = await Promise.all(files.map((file) => PostalMime.parse(fs.readFileSync(file))));
  const wanted = address.toLowerCase();
  return mails
    .filter((mail) => {
      const envelope = mail.headers.find((header) => header.key === 'x-envelope-to')?.value ?? '';
      return [...(mail.to ?? []).map((to) => to.address ?? ''), envelope].some((to) => to.toLowerCase().includes(wanted));
    })
    .map((mail) => mail.text ?? '');
}

/**
 * Waits for an e-mail to `address` with a link to `pathname` (e.g. '/reset-password') and returns
 * the link's path and query, to open against the test's base URL.
 */
export async function linkFromMail(address, pathname, since) {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${pathname.replace(/[/-]/g, '\\$&')}\\?token=[^\\s"'<>]+`);
  let link;
  // Delivery is asynchronous (outbox -> job -> mail), so poll.
  await expect
    .poll(
      async () => {
        link = (await mailsTo(address, since)).map((text) => pattern.exec(text)?.[0]).find(Boolean);
        return Boolean(link);
      },
      { message: `an e-mail to ${address} with a ${pathname} link`, timeout: 20_000 },
    )
    .toBe(true);
  const url = new URL(link);
  return url.pathname + url.search;
}
