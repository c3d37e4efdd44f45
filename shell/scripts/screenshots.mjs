/* global document -- the evaluate() callback runs in the page */
// Screenshots of the main screens in English and Arabic, for checking layout and RTL by eye.
// Usage: node shell/scripts/screenshots.mjs [baseUrl=http://localhost:3000] [outDir=var/screenshots]
// Needs the assembled app running with the demo data (`npm start`): it then also signs in as each demo
// account and shoots that role's screens.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_ACCOUNTS } from '@khidma/demo-data';

const [baseUrl = 'http://localhost:3000', outDir = 'var/screenshots'] = process.argv.slice(2);
const ROUTES = ['/', '/login', '/signup', '/services', '/about', '/contact', '/terms', '/faq', '/chat', '/my-bookings/123', '/no-such-page'];
// `{service}`: a seeded service's id, read from the catalogue.
const SIGNED_IN_ROUTES = {
  client: ['/profile', '/booking?service={service}', '/my-bookings', '/notifications'],
  provider: ['/provider-dashboard'],
  admin: ['/admin'],
};
const catalogue = await fetch(new URL('/api/services?limit=1', baseUrl)).then((res) => res.json());
const serviceId = catalogue.services[0].id;

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
  const shoot = async (route, signedIn) => {
    // Signed in, the notification stream stays open, so the network never goes idle.
    await page.goto(new URL(route.replace('{service}', serviceId), baseUrl).href, { waitUntil: signedIn ? 'load' : 'networkidle' });
    if (signedIn) await page.locator('.kh-notif-toggle').waitFor();
    await page.locator('h1').first().waitFor();
    // Sections load their data after the page shows: shoot them loaded, not as skeletons.
    await page.locator('.ant-skeleton, .ant-spin-spinning, [aria-busy="true"]').first().waitFor({ state: 'detached' });
    const name = `${language}-${signedIn ? `${signedIn}-` : ''}${route.split('?')[0].replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: true });
    const { lang, dir } = await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
    console.log(`${name}  lang=${lang} dir=${dir}  h1="${await page.locator('h1').first().textContent()}"`);
  };
  for (const route of ROUTES) await shoot(route, null);
  for (const [role, routes] of Object.entries(SIGNED_IN_ROUTES)) {
    const { email, password } = DEMO_ACCOUNTS[role];
    // The sign-in answer sets the refresh cookie in this context; the app restores the session from it.
    const res = await context.request.post(new URL('/api/auth/login', baseUrl).href, { data: { email, password } });
    if (!res.ok()) throw new Error(`sign-in as ${email} failed: ${res.status()}`);
    for (const route of routes) await shoot(route, role);
    await context.clearCookies();
  }
  await context.close();
}
await browser.close();
