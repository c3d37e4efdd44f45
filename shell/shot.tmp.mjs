import { chromium } from 'playwright-core';
import zlib from 'node:zlib';
const [,, url = 'http://localhost:3000/', out = '/tmp/shot.png', lang = 'en', extra = ''] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await ctx.addInitScript((l) => localStorage.setItem('preferred-language', l), lang);
const page = await ctx.newPage();
const js = [];
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console.' + m.type(), m.text().slice(0, 300)); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('response', async (r) => { if (r.url().endsWith('.js')) { try { const b = await r.body(); js.push([r.url().replace(/^https?:\/\/[^/]+/, ''), zlib.gzipSync(b).length]); } catch {} } });
await page.goto(url, { waitUntil: 'networkidle' });
if (extra === 'widget') { await page.click('.kh-widget-toggle'); await page.fill('#kh-widget-chat-input', 'hello'); await page.keyboard.press('Enter'); await page.waitForTimeout(1200); }
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: extra === 'full' });
console.log('html', await page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`), 'h1:', await page.locator('h1').first().textContent().catch(() => 'none'));
console.log('JS gzip total', (js.reduce((a, [, n]) => a + n, 0) / 1024).toFixed(1), 'KB in', js.length, 'files');
if (process.env.LIST) for (const [u, n] of js) console.log((n / 1024).toFixed(1).padStart(7), u);
await browser.close();
