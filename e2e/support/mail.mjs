// Reads the e-mails the stack sent (outbox .eml files, or the local SMTP inbox of the Redis profile)
// as plain text, so tests can follow the links in them.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { readStackState } from './stack-state.mjs';

/** Splits a MIME entity into its headers (lower-cased names) and body. */
function parseEntity(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body: rest.join('\n\n') };
}

/** The decoded text of an entity, walking into multipart bodies. */
function textOf({ headers, body }) {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => textOf(parseEntity(part.replace(/^\r?\n/, ''))))
      .join('\n');
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Every e-mail to `address` (envelope or To:) written since `since` (epoch ms), decoded. */
export function mailsTo(address, since) {
  const { mailDir } = readStackState();
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir, { recursive: true })
    .map((name) => path.join(mailDir, String(name)))
    .filter((file) => file.endsWith('.eml') && fs.statSync(file).mtimeMs >= since)
    .map((file) => parseEntity(fs.readFileSync(file, 'utf8')))
    .filter(({ headers }) => `${headers.to ?? ''} ${headers['x-envelope-to'] ?? ''}`.toLowerCase().includes(address.toLowerCase()))
    .map((entity) => textOf(entity));
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
      () => {
        link = mailsTo(address, since).map((text) => pattern.exec(text)?.[0]).find(Boolean);
        return Boolean(link);
      },
      { message: `an e-mail to ${address} with a ${pathname} link`, timeout: 20_000 },
    )
    .toBe(true);
  const url = new URL(link);
  return url.pathname + url.search;
}
