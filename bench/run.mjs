// `npm run bench`: starts the production build (embedded profile, ports +200) with the shared stack
// module and measures (1) what the gateway adds to a request and (2) the landing page's first-load
// JavaScript. Prints a table and writes it to bench/results/latest.md. Measurements only, no pass/fail.
//   --no-build  reuse the current build
// The catalogue's list and search over 10,000 services on MariaDB is `npm run bench:catalogue -w bench`.
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { assertChromium, chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { machineLine, startBenchStack, writeResults } from './lib/bench-stack.mjs';

const ENDPOINT = '/api/service-categories';
const DURATION_S = 10;
const CONNECTIONS = 50;
const AIM = { gatewayP50Ms: 1, landingJsKb: 170 };

assertChromium();
const { stack, stop } = await startBenchStack({ name: 'gateway', portOffset: 200, profile: 'embedded' });

try {
  const direct = `http://127.0.0.1:${stack.ports.booking}${ENDPOINT}`;
  const viaGateway = `http://127.0.0.1:${stack.ports.gateway}${ENDPOINT}`;
  // A short warm-up per target so JIT and connection pools are not what gets measured. Under load
  // (50 connections on 2 cores) queueing dominates; one connection shows the per-request cost.
  const load = async (url, connections, duration) => {
    const r = await autocannon({ url, connections, duration });
    // autocannon's histogram counts whole milliseconds; in a closed loop the mean latency is
    // connections ÷ throughput (Little's law), which keeps sub-millisecond resolution.
    return { rps: r.requests.average, mean: (connections * 1000) / r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors + r.timeouts };
  };
  const runs = [];
  for (const connections of [CONNECTIONS, 1]) {
    for (const [name, url] of [['direct to booking', direct], ['through the gateway', viaGateway]]) {
      await load(url, connections, 2);
      console.log(`autocannon ${url} (${DURATION_S} s, ${connections} connection(s))…`);
      runs.push({ name, connections, ...(await load(url, connections, DURATION_S)) });
    }
  }

  const js = await landingJavaScript(stack.url);

  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const rows = [];
  let p50Added;
  for (const connections of [CONNECTIONS, 1]) {
    const [d, g] = runs.filter((r) => r.connections === connections);
    for (const r of [d, g]) rows.push(`| ${r.name} | ${connections} | ${r.rps.toFixed(0)} | ${r.mean.toFixed(2)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
    rows.push(`| **gateway adds** | ${connections} | ${(g.rps - d.rps).toFixed(0)} | ${(g.mean - d.mean).toFixed(2)} | **${g.p50 - d.p50}** | ${g.p99 - d.p99} | |`);
    if (connections === CONNECTIONS) p50Added = g.p50 - d.p50;
  }
  const lines = [
    `# Khidma bench — ${new Date().toISOString()}`,
    '',
    machineLine('embedded profile'),
    '',
    `## Gateway overhead: GET ${ENDPOINT}, autocannon ${DURATION_S} s per row, one run each`,
    '',
    '(p50/p99 are whole milliseconds from autocannon; mean = connections ÷ req/s, to the microsecond.)',
    '',
    '| path | connections | req/s | mean ms | p50 ms | p99 ms | non-2xx / errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Aim: gateway adds ≤ ${AIM.gatewayP50Ms} ms at p50 (${CONNECTIONS} connections) → ${p50Added <= AIM.gatewayP50Ms ? 'met' : 'NOT met'}.`,
    '',
    `## Landing page first-load JavaScript (scripts requested until network idle, each gzipped at level 9)`,
    '',
    `Total: **${kb(js.total)} KB gzip** in ${js.files.length} files (${kb(js.raw)} KB raw). Aim ≤ ${AIM.landingJsKb} KB → ${js.total / 1024 <= AIM.landingJsKb ? 'met' : 'NOT met'}.`,
    '',
    '| file | KB gzip | KB raw |',
    '|---|---:|---:|',
    ...js.files.slice(0, 12).map((f) => `| ${f.path} | ${kb(f.gzip)} | ${kb(f.raw)} |`),
    '',
  ];
  writeResults('latest.md', lines);
} finally {
  await stop();
}

/** Loads / in Chromium and sums the gzip size of every script it fetched before the network went idle. */
async function landingJavaScript(url) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const scripts = new Set();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    const res = await page.goto(url, { waitUntil: 'networkidle' });
    // A failed page would measure nothing and look like a win.
    if (!res?.ok()) throw new Error(`GET ${url} answered ${res?.status()}: is the shell's server up?`);
    await page.locator('main h1').first().waitFor();
    const files = [];
    for (const scriptUrl of scripts) {
      // Fetched again uncompressed, so the size does not depend on how the server compresses.
      const raw = Buffer.from(await (await fetch(scriptUrl, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
      files.push({ path: new URL(scriptUrl).pathname, raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length });
    }
    files.sort((a, b) => b.gzip - a.gzip);
    return { files, total: files.reduce((sum, f) => sum + f.gzip, 0), raw: files.reduce((sum, f) => sum + f.raw, 0) };
  } finally {
    await browser.close();
  }
}
