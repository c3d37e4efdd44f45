import { chromium } from 'playwright-core';
const [,, url = 'http://localhost:3000/admin'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage();
page.on('console', (m) => console.log('console.' + m.type(), m.text().slice(0, 600)));
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(3000);
console.log(await page.evaluate(() => {
  const F = globalThis.__FEDERATION__;
  const out = { instances: F.__INSTANCES__.map((i) => i.name), share: {} };
  for (const [k, scope] of Object.entries(F.__SHARE__)) for (const [pkg, versions] of Object.entries(scope.default || {})) if (pkg === 'antd') for (const [v, s] of Object.entries(versions)) out.share[k + ':' + v] = { from: s.from, loaded: s.loaded, loading: !!s.loading, ts: s.treeShaking && { status: s.treeShaking.status, mode: s.treeShaking.mode, used: (s.treeShaking.usedExports || []).length, loaded: s.treeShaking.loaded, loading: !!s.treeShaking.loading } };
  const snap = F.moduleInfo ? Object.keys(F.moduleInfo) : [];
  out.moduleInfo = snap;
  return JSON.stringify(out, null, 1);
}));
await browser.close();
