/* global document -- the evaluate() callback runs in the page */
// Screenshots of the main screens in English and Arabic, for checking layout and RTL by eye.
// Usage: node shell/scripts/screenshots.mjs [baseUrl=http://localhost:3000] [outDir=var/screenshots]
// Needs the assembled app running (gateway or `npm run serve` of every frontend behind it).
// With SCREENSHOT_ACCOUNT=<email>:<password> it also signs in and shoots the signed-in screens.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [baseUrl = 'http://localhost:3000', outDir = 'var/screenshots'] = process.argv.slice(2);
const ROUTES = ['/', '/login', '/signup', '/services', '/about', '/contact', '/terms', '/faq', '/chat', '/my-bookings/123', '/no-such-page'];
const SIGNED_IN_ROUTES = ['/profile'];
const account = process.env.SCREENSHOT_ACCOUNT?.match(/^([^:]+):(.+)$/);

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const language of ['en', 'ar']) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((l) => localStorage.setItem('preferred-language', l), language);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[${language}] ${page.url()}: ${error.message}`));
  let signedIn = false;
  for (const route of [...ROUTES, ...(account ? SIGNED_IN_ROUTES : [])]) {
    if (route === SIGNED_IN_ROUTES[0]) {
      signedIn = true;
      // The sign-in answer sets the refresh cookie in this context; the app restores the session from it.
      const res = await context.request.post(new URL('/api/auth/login', baseUrl).href, { data: { email: account[1], password: account[2] } });
      if (!res.ok()) throw new Error(`sign-in as ${account[1]} failed: ${res.status()}`);
    }
    // Signed in, the notification stream stays open, so the network never goes idle.
    await page.goto(new URL(route, baseUrl).href, { waitUntil: signedIn ? 'load' : 'networkidle' });
    if (signedIn) await page.locator('.kh-notif-toggle').waitFor();
    const name = `${language}-${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: true });
    const { lang, dir } = await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
    console.log(`${name}  lang=${lang} dir=${dir}  h1="${await page.locator('h1').first().textContent()}"`);
  }
  await context.close();
}
await browser.close();
