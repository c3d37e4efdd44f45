// What the supply-side tests share: the provider and admin remotes' texts and pictures made at test
// time.
import { expect } from '@playwright/test';
import { readJson } from './booking.mjs';

/** The locale files of the provider and admin remotes, per language. */
export const SUPPLY_LOCALES = Object.fromEntries(
  ['en', 'ar'].map((language) => [
    language,
    {
      provider: readJson(`../../mfe-provider/src/locales/${language}/provider.json`),
      admin: readJson(`../../mfe-admin/src/locales/${language}/admin.json`),
    },
  ]),
);

/**
 * A real picture file for an <input type=file>: drawn on a canvas of the open page and encoded by the
 * browser (`type` image/png or image/jpeg), so nothing binary is committed.
 */
export async function pictureFile(page, { name, type, width, height, colour }) {
  const dataUrl = await page.evaluate(
    ([type, width, height, colour]) => {
      /* global document */
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      context.fillStyle = colour;
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#ffffff';
      context.fillRect(width / 10, height / 4, width / 2, height / 8);
      return canvas.toDataURL(type, 0.9);
    },
    [type, width, height, colour],
  );
  expect(dataUrl.startsWith(`data:${type};base64,`), `the browser encodes ${type}`).toBe(true);
  return { name, mimeType: type, buffer: Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64') };
}
