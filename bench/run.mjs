// `npm run bench`: starts the production build (embedded profile, ports +200) with the shared stack
// module and measures (1) what the gateway adds to a request and (2) the first-load JavaScript of the
// landing page, the catalogue and a service's page. Prints a table and writes it to
// bench/results/latest.md. Measurements only, no pass/fail.
//   --no-build          reuse the current build
//   --port-offset=N     run the stack at ports +N instead of +200
// The catalogue's list and search over 10,000 services on MariaDB is `npm run bench:catalogue -w bench`.
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { assertChromium, chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { machineLine, portOffsetArg, startBenchStack, writeResults } from './lib/bench-stack.mjs';

const ENDPOINT = '/api/service-categories';
const DURATION_S = 10;
const CONNECTIONS = 50;
/** Issue 15's aims: JavaScript as transferred (compressed on the wire) before the page is usable. */
const AIM = { gatewayP50Ms: 1, landingJsKb: 150, servicesJsKb: 300 };

assertChromium();
const { stack, stop } = await startBenchStack({ name: 'gateway', portOffset: portOffsetArg(200), profile: 'embedded' });

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

  const landing = await pageJavaScript(stack.url, '/', 'main h1');
  const services = await pageJavaScript(stack.url, '/services', 'main article.kc-card');
  const [firstService] = (await (await fetch(`${stack.url}/api/services?limit=1`)).json()).services;
  const servicePage = await pageJavaScript(stack.url, `/service/${firstService.id}`, 'main h1');

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
    ...jsSection('Landing page `/`', landing, AIM.landingJsKb),
    ...jsSection('Catalogue `/services`', services, AIM.servicesJsKb),
    ...jsSection("A service's page `/service/:id`", servicePage),
  ];
  writeResults('latest.md', lines);
} finally {
  await stop();
}

function jsSection(title, js, aimKb) {
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  return [
    `## ${title}: first-load JavaScript as transferred (every script fetched until the network is idle)`,
    '',
    `Total: **${kb(js.transferred)} KB** over the wire in ${js.files.length} files (${kb(js.raw)} KB uncompressed).${aimKb === undefined ? '' : ` Aim ≤ ${aimKb} KB → ${js.transferred / 1024 <= aimKb ? 'met' : 'NOT met'}.`}`,
    '',
    '| file | encoding | KB transferred | KB raw |',
    '|---|---|---:|---:|',
    ...js.files.slice(0, 12).map((f) => `| ${f.path} | ${f.encoding} | ${kb(f.transferred)} | ${kb(f.raw)} |`),
    '',
  ];
}

/**
 * Loads a page in Chromium (which asks for br/gzip like any browser) and sums, per script it fetched
 * before the network went idle, the body bytes that crossed the wire and the decoded size.
 */
async function pageJavaScript(origin, path, readySelector) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request);
    });
    const res = await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    // A failed page would measure nothing and look like a win.
    if (!res?.ok()) throw new Error(`GET ${path} answered ${res?.status()}: is the shell's server up?`);
    await page.locator(readySelector).first().waitFor();
    const files = [];
    for (const request of scripts) {
      const response = await request.response();
      const { responseBodySize } = await request.sizes();
      files.push({
        path: new URL(request.url()).pathname,
        encoding: (await response?.headerValue('content-encoding')) ?? 'none',
        transferred: responseBodySize,
        raw: (await response?.body())?.length ?? 0,
      });
    }
    files.sort((a, b) => b.transferred - a.transferred);
    const sum = (key) => files.reduce((total, f) => total + f[key], 0);
    return { files, transferred: sum('transferred'), raw: sum('raw') };
  } finally {
    await browser.close();
  }
}
