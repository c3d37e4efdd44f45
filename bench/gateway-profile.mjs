// `npm run bench:gateway-profile -w bench [-- --no-build]`: the gateway's production build under
// `node --cpu-prof` while autocannon sends GET /api/service-categories at 50 connections
// (BENCH_CONNECTIONS), then its busy CPU by the package that called it (a syscall or Node internal
// counts for the nearest package above it). Writes the profile and the table to bench/results/.
// Ports +3100 unless BENCH_PORT_OFFSET.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startProcess } from '../scripts/lib/stack.mjs';
import { RESULTS_DIR, startBenchStack, writeResults } from './lib/bench-stack.mjs';

const ENDPOINT = '/api/service-categories';
const WARM_UP_S = 3;
const DURATION_S = 10;
// At 1 connection every request pays the per-request work that many concurrent ones share (event-loop turns, timers).
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const ROWS = 25;

const profileDir = fs.mkdtempSync(path.join(RESULTS_DIR, 'gateway-profile-'));
const { stack, stop } = await startBenchStack({ name: 'gateway_profile', portOffset: 3100, profile: 'embedded' });
let gateway;
/** The load window on the monotonic clock in µs, the clock V8 stamps profile samples with. */
const window = {};
let requests;
try {
  await stack.stopOne('gateway');
  const spec = stack.processes.find((s) => s.name === 'gateway');
  gateway = await startProcess({ ...spec, command: ['node', '--cpu-prof', `--cpu-prof-dir=${profileDir}`, 'dist/main.js'] }, stack.env);
  const url = `http://127.0.0.1:${stack.ports.gateway}${ENDPOINT}`;
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S });
  console.log(`autocannon ${url} (${DURATION_S} s, ${CONNECTIONS} connections)…`);
  window.fromUs = Number(process.hrtime.bigint() / 1000n);
  const run = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  requests = run.requests.total;
  window.toUs = Number(process.hrtime.bigint() / 1000n);
} finally {
  // The profile is written when the process exits.
  await gateway?.stop(15_000);
  await stop();
}

const file = fs.readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`the gateway wrote no profile into ${profileDir}`);
const shares = busyByPackage(JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')), window);
writeResults('gateway-profile.md', [
  `# Gateway CPU profile — ${new Date().toISOString()}`,
  '',
  `GET ${ENDPOINT} at ${CONNECTIONS} connections for ${DURATION_S} s: ${requests} requests, busy CPU ${(shares.busyUs / 1000).toFixed(0)} ms (${(shares.busyUs / requests).toFixed(0)} µs a request). Profile: ${path.relative(process.cwd(), path.join(profileDir, file))}`,
  '',
  '| share of busy CPU | caller |',
  '|---:|---|',
  ...shares.rows.slice(0, ROWS).map(([name, us]) => `| ${((100 * us) / shares.busyUs).toFixed(1)} % | ${name} |`),
]);

/** Busy samples of the load window, each counted for the nearest frame with a package (or our file) on its stack. */
function busyByPackage(profile, { fromUs, toUs }) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const owner = ({ url, functionName }) => {
    if (!url || url.startsWith('node:')) return undefined;
    // undici parses answers with llhttp compiled to WebAssembly.
    if (url.startsWith('wasm://')) return 'undici (llhttp, wasm)';
    const dependency = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    if (dependency) return dependency[1].startsWith('@opentelemetry/') ? '@opentelemetry/*' : dependency[1];
    const own = url.match(/\/(?:services|packages)\/([^/]+)\/dist\/(.+)$/);
    return own ? `${own[1]}: ${own[2]} ${functionName || '(anonymous)'}` : url;
  };
  const totals = new Map();
  let busyUs = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i];
    at += delta;
    if (at < fromUs || at > toUs) continue;
    let id = profile.samples[i];
    const leaf = nodes.get(id).callFrame.functionName;
    if (leaf === '(idle)') continue;
    let name = leaf === '(garbage collector)' || leaf === '(program)' ? leaf : undefined;
    while (!name && id !== undefined) {
      name = owner(nodes.get(id).callFrame);
      id = parent.get(id);
    }
    name ??= 'Node internals (HTTP server, sockets, timers)';
    totals.set(name, (totals.get(name) ?? 0) + delta);
    busyUs += delta;
  }
  if (!busyUs) throw new Error('no profile samples fall in the load window');
  return { busyUs, rows: [...totals].sort((a, b) => b[1] - a[1]) };
}
