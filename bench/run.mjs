// `npm run bench`: starts the production build (embedded profile, ports +200, or BENCH_PORT_OFFSET)
// with the shared stack module and measures (1) what the gateway adds to a request, next to what a
// bare Fastify + undici proxy (bench/lib/bare-proxy.mjs, the anchor) adds in the same run, and (2) the
// first-load JavaScript of the landing page, the catalogue and a service's page. Prints a table and
// writes it to bench/results/latest.md. Measurements only, no pass/fail.
//   --no-build       reuse the current build
//   --overhead-only  skip the pages' JavaScript (no Chromium)
// The catalogue's list and search over 10,000 services on MariaDB is `npm run bench:catalogue -w bench`.
import { spawn } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { assertChromium, chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { machineLine, startBenchStack, writeResults } from './lib/bench-stack.mjs';
import { groupCpuSeconds } from './lib/proc.mjs';

const ENDPOINT = '/api/service-categories';
const DURATION_S = 5;
/** Each target is measured this often per connection count, in rotated order; the table shows medians. */
const ROUNDS = 3;
const CONNECTIONS = 50;
/** Issue 15's aims: JavaScript as transferred (compressed on the wire) before the page is usable. */
const AIM = { gatewayP50Ms: 1, gatewayP99Ms: 5, landingJsKb: 150, servicesJsKb: 300 };
const withPages = !process.argv.includes('--overhead-only');

if (withPages) assertChromium();
const { stack, stop } = await startBenchStack({ name: 'gateway', portOffset: 200, profile: 'embedded' });
let anchor;
try {
  anchor = await startBareProxy(stack.ports.gateway + 90, `http://127.0.0.1:${stack.ports.booking}`);
  const at = (port) => `http://127.0.0.1:${port}${ENDPOINT}`;
  // Each row's CPU column is its own server's: booking's when called directly, the proxy's otherwise.
  const targets = [
    { name: 'direct to booking', url: at(stack.ports.booking), pgid: stack.children.get('booking').pid },
    { name: 'bare proxy (anchor)', url: at(anchor.port), pgid: anchor.child.pid },
    { name: 'through the gateway', url: at(stack.ports.gateway), pgid: stack.children.get('gateway').pid },
  ];
  // A short warm-up per target so JIT and connection pools are not what gets measured. Under load
  // (50 connections on 2 cores) every process on the path shares the CPU and queueing dominates; one
  // connection shows the per-request cost.
  const load = async (target, connections, duration) => {
    const cpuBefore = groupCpuSeconds(target.pgid);
    const r = await autocannon({ url: target.url, connections, duration });
    const cpuSeconds = groupCpuSeconds(target.pgid) - cpuBefore;
    // autocannon's histogram counts whole milliseconds; in a closed loop the mean latency is
    // connections ÷ throughput (Little's law), which keeps sub-millisecond resolution.
    return {
      rps: r.requests.average,
      mean: (connections * 1000) / r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      cpuUs: (cpuSeconds * 1e6) / Math.max(1, r.requests.total),
      non2xx: r.non2xx + r.errors + r.timeouts,
    };
  };
  const results = new Map();
  for (const connections of [CONNECTIONS, 1]) {
    for (const target of targets) await load(target, connections, 2);
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < targets.length; i++) {
        const target = targets[(i + round) % targets.length];
        console.log(`autocannon ${target.url} (${DURATION_S} s, ${connections} connection(s), round ${round + 1}/${ROUNDS})…`);
        const key = `${target.name}@${connections}`;
        results.set(key, [...(results.get(key) ?? []), await load(target, connections, DURATION_S)]);
      }
    }
  }
  const median = (runs, field) => runs.map((r) => r[field]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  const summary = (name, connections) => {
    const runs = results.get(`${name}@${connections}`);
    const fields = ['rps', 'mean', 'p50', 'p99', 'cpuUs'];
    return { name, ...Object.fromEntries(fields.map((field) => [field, median(runs, field)])), non2xx: runs.reduce((n, r) => n + r.non2xx, 0) };
  };

  const rows = [];
  const ratios = [];
  let atLoad;
  for (const connections of [CONNECTIONS, 1]) {
    const [direct, bare, gateway] = targets.map((t) => summary(t.name, connections));
    for (const r of [direct, bare, gateway]) {
      rows.push(`| ${r.name} | ${connections} | ${r.rps.toFixed(0)} | ${r.mean.toFixed(2)} | ${r.p50} | ${r.p99} | ${r.cpuUs.toFixed(0)} | ${r.non2xx} |`);
    }
    const added = (proxy) => ({ mean: proxy.mean - direct.mean, p50: proxy.p50 - direct.p50, p99: proxy.p99 - direct.p99 });
    const [bareAdds, gatewayAdds] = [added(bare), added(gateway)];
    rows.push(`| bare proxy adds | ${connections} | | ${bareAdds.mean.toFixed(2)} | ${bareAdds.p50} | ${bareAdds.p99} | | |`);
    rows.push(`| **gateway adds** | ${connections} | | **${gatewayAdds.mean.toFixed(2)}** | **${gatewayAdds.p50}** | **${gatewayAdds.p99}** | | |`);
    ratios.push(
      `- ${connections} connection(s): the gateway adds ${(gatewayAdds.mean / bareAdds.mean).toFixed(2)}× the bare proxy's mean latency and spends ${(gateway.cpuUs / bare.cpuUs).toFixed(2)}× its CPU per request (${gateway.cpuUs.toFixed(0)} vs ${bare.cpuUs.toFixed(0)} µs).`,
    );
    if (connections === CONNECTIONS) atLoad = gatewayAdds;
  }
  const met = atLoad.p50 <= AIM.gatewayP50Ms && atLoad.p99 <= AIM.gatewayP99Ms;
  const lines = [
    `# Khidma bench — ${new Date().toISOString()}`,
    '',
    machineLine('embedded profile'),
    `Load average at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(', ')}.`,
    '',
    `## Gateway overhead: GET ${ENDPOINT}, autocannon ${ROUNDS} × ${DURATION_S} s per row (medians), rotated order`,
    '',
    '(p50/p99 are whole milliseconds from autocannon; mean = connections ÷ req/s, to the microsecond; CPU = busy',
    'CPU of the row\'s own server process per request: booking for the direct row, the proxy for the others.)',
    '',
    '| path | connections | req/s | mean ms | p50 ms | p99 ms | CPU µs/req | non-2xx / errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    'Against the anchor measured in the same run:',
    ...ratios,
    '',
    `Aim: gateway adds ≤ ${AIM.gatewayP50Ms} ms at p50 and ≤ ${AIM.gatewayP99Ms} ms at p99 (${CONNECTIONS} connections) → ${met ? 'met' : 'NOT met'}.`,
    '',
  ];
  if (withPages) {
    const landing = await pageJavaScript(stack.url, '/', 'main h1');
    const services = await pageJavaScript(stack.url, '/services', 'main article.kc-card');
    const [firstService] = (await (await fetch(`${stack.url}/api/services?limit=1`)).json()).services;
    const servicePage = await pageJavaScript(stack.url, `/service/${firstService.id}`, 'main h1');
    lines.push(
      ...jsSection('Landing page `/`', landing, AIM.landingJsKb),
      ...jsSection('Catalogue `/services`', services, AIM.servicesJsKb),
      ...jsSection("A service's page `/service/:id`", servicePage),
    );
  }
  writeResults(withPages ? 'latest.md' : 'gateway-overhead.md', lines);
} finally {
  anchor?.child.kill('SIGTERM');
  await stop();
}

/** The anchor in its own process (it must not share the bench's event loop); resolves once it answers. */
async function startBareProxy(port, upstream) {
  const child = spawn(process.execPath, [new URL('./lib/bare-proxy.mjs', import.meta.url).pathname], {
    env: { ...process.env, PORT: String(port), UPSTREAM: upstream },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  for (let tries = 0; tries < 100; tries++) {
    if (child.exitCode !== null) throw new Error(`the bare proxy exited (${child.exitCode})`);
    try {
      await (await fetch(`http://127.0.0.1:${port}${ENDPOINT}`)).arrayBuffer();
      return { child, port };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGTERM');
  throw new Error('the bare proxy did not answer');
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
