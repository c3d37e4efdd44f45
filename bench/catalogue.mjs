// `npm run bench:catalogue` (in bench/): GET /api/services through the gateway over a 10,000-service
// catalogue on MariaDB/MySQL. Seeds a database of its own (khidma_bench_booking, recreated each run),
// starts booking and the gateway from their production builds, runs autocannon per scenario (filters,
// sorts, English and Arabic searches), then EXPLAINs the exact statements booking sent for each
// scenario (captured from the server's general log). Prints a table and writes it to
// bench/results/catalogue.md. Measurements only, no pass/fail.
//   --no-build            reuse the current build
//   BENCH_MYSQL_URL       server to use (default mysql://root@127.0.0.1:3306)
//   BENCH_SERVICES        catalogue size (default 10000)
//   BENCH_DURATION_S      seconds per scenario (default 10)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import mysql from 'mysql2/promise';
import { portIsFree, ROOT, run } from '../scripts/lib/stack.mjs';
import { capturedStatements, deploymentServerSettings, explainTables, processGroup } from './lib/catalogue-harness.mjs';

const MYSQL_URL = (process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
const SERVICES = Number(process.env.BENCH_SERVICES || 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const CONNECTIONS = 50;
const PREFIX = 'khidma_bench_';
const DATABASE = `${PREFIX}booking`;
/** Away from `npm start` (offset 0), `npm run bench` (200) and the e2e stack. */
const PORT_OFFSET = 700;
const AIM = { rps: 1000, p99Ms: 50 };

const SCENARIOS = [
  ['default (best rated)', ''],
  ['category slug', '?category=plumbing'],
  ['category (Arabic name), price-low', `?category=${encodeURIComponent('التنظيف')}&sortBy=price-low`],
  ['price 50-100, newest', '?priceRange=50-100&sortBy=newest'],
  ['category + price 25-50, price-high', '?category=Tutoring&priceRange=25-50&sortBy=price-high'],
  ['page 40 of the default list', '?page=40'],
  ['search "cleaning"', '?search=cleaning'],
  ['search "deep clean"', `?search=${encodeURIComponent('deep clean')}`],
  ['search "تنظيف"', `?search=${encodeURIComponent('تنظيف')}`],
  ['search "صيانه مكيفات" (variant ه)', `?search=${encodeURIComponent('صيانه مكيفات')}`],
  ['search "premium" + category + 100+', '?search=premium&category=electrical&priceRange=100%2B'],
];

const url = new URL(MYSQL_URL);
const admin = await mysql.createConnection({
  host: url.hostname,
  port: Number(url.port || 3306),
  user: decodeURIComponent(url.username || 'root'),
  password: decodeURIComponent(url.password),
});
const version = (await admin.query('SELECT VERSION() AS v'))[0][0].v;

const resultsDir = path.join(import.meta.dirname, 'results');
fs.mkdirSync(resultsDir, { recursive: true });
const log = fs.createWriteStream(path.join(resultsDir, 'catalogue-stack.log'));
const env = {
  ...process.env,
  DATABASE_URL: MYSQL_URL,
  DATABASE_NAME_PREFIX: PREFIX,
  REDIS_URL: '',
  SMTP_URL: '',
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'khidma-bench-catalogue-')),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
};

if (!process.argv.includes('--no-build')) {
  run(['npx', 'nx', 'run-many', '-t', 'build', '--projects=@khidma/booking,@khidma/gateway', '--outputStyle=static'], { env });
}
// Imported after the build, like the process table: ports come from contracts' compiled output.
const { DEFAULT_PORTS } = await import('@khidma/contracts');
const PORTS = { booking: DEFAULT_PORTS.booking + PORT_OFFSET, gateway: DEFAULT_PORTS.gateway + PORT_OFFSET };
console.log(`Seeding ${SERVICES} services into ${DATABASE} on ${version}…`);
await admin.query(`DROP DATABASE IF EXISTS \`${DATABASE}\``);
const seedStart = Date.now();
run(['npm', 'run', '--silent', 'seed', '--', `--bulk-services=${SERVICES}`], { env, cwd: path.join(ROOT, 'services/booking') });
console.log(`Seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
const counts = (
  await admin.query(
    `SELECT (SELECT COUNT(*) FROM \`${DATABASE}\`.services) AS services, (SELECT COUNT(*) FROM \`${DATABASE}\`.providers) AS providers,
            (SELECT COUNT(*) FROM \`${DATABASE}\`.reviews) AS reviews, (SELECT COUNT(*) FROM \`${DATABASE}\`.service_search_terms) AS terms`,
  )
)[0][0];

const { start: startNode, stopAll, waitFor } = processGroup(log, 'catalogue-stack.log');
const start = (name, cwd, extra) => startNode(name, ['dist/main.js'], path.join(ROOT, cwd), { ...env, ...extra });


/** Starts booking (with the given answer cache) and the gateway; resolves to the list URL. */
async function startPair(cacheMs) {
  // Another process on a port would answer the readiness probes and be measured instead.
  for (const port of Object.values(PORTS)) if (!(await portIsFree(port))) throw new Error(`Port ${port} is in use; stop what listens there`);
  const booking = start('booking', 'services/booking', { PORT: String(PORTS.booking), CATALOGUE_CACHE_MS: String(cacheMs) });
  await waitFor(`http://127.0.0.1:${PORTS.booking}/readyz`, booking);
  // The gateway's /readyz waits for every service; only booking is behind it here, so /healthz it is.
  const gateway = start('gateway', 'services/gateway', { PORT: String(PORTS.gateway), BOOKING_URL: `http://127.0.0.1:${PORTS.booking}` });
  await waitFor(`http://127.0.0.1:${PORTS.gateway}/healthz`, gateway);
  return `http://127.0.0.1:${PORTS.gateway}/api/services`;
}

/**
 * The scenarios, after a control: the categories, which booking answers from memory. The control is
 * the ceiling of this machine at this moment (it shares its two cores with MariaDB, both Node
 * processes and autocannon, and with whatever else runs), so a list row can be read against it.
 */
async function measure(base, label) {
  const control = ['control: categories (from memory)', base.replace(/\/services$/, '/service-categories'), ''];
  const rows = [];
  for (const [name, target, query] of [control, ...SCENARIOS.map(([n, q]) => [n, base + q, q])]) {
    const probe = await fetch(target);
    const body = await probe.json();
    if (!probe.ok) throw new Error(`${name}: ${probe.status} ${JSON.stringify(body)}`);
    await autocannon({ url: target, connections: CONNECTIONS, duration: 2 });
    console.log(`autocannon ${name}, ${label} (${DURATION_S} s, ${CONNECTIONS} connections)…`);
    const r = await autocannon({ url: target, connections: CONNECTIONS, duration: DURATION_S });
    const matches = Array.isArray(body) ? body.length : body.total;
    rows.push({ name, query, matches, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts });
  }
  return rows;
}

/**
 * One request per scenario with the server's general log on, each after a marker statement, then
 * EXPLAIN of what booking actually sent (TypeORM's MySQL driver inlines parameters, so it runs as
 * logged). Needs the answer cache off, or the requests would not reach the database.
 */
async function explain(base) {
  const statements = (await capturedStatements(admin, DATABASE, base, SCENARIOS)).map((sqls, index) => ({ name: SCENARIOS[index][0], sqls }));
  await admin.query(`USE \`${DATABASE}\``);
  const plans = [];
  for (const { name, sqls } of statements) {
    for (const sql of sqls) {
      const [plan] = await admin.query(`EXPLAIN ${sql}`);
      plans.push({ name, kind: /OVER \(\)/.test(sql) ? 'page with its count' : /COUNT\(/.test(sql) ? 'count' : 'page', plan });
    }
  }
  return plans;
}

const PASSES = [
  { label: 'answer cache on', cacheMs: 5000, title: 'answer cache on (CATALOGUE_CACHE_MS=5000, the default)' },
  { label: 'answer cache off', cacheMs: 0, title: 'answer cache off (CATALOGUE_CACHE_MS=0): every request queries MariaDB' },
];
const aimMet = (rows) => rows.slice(1).every((r) => r.rps >= AIM.rps && r.p99 < AIM.p99Ms);

// Set just before the try whose finally puts it back: a step that fails earlier leaves the server unchanged.
const serverSettings = await deploymentServerSettings(admin);
try {
  let plans = [];
  for (const pass of PASSES) {
    const base = await startPair(pass.cacheMs);
    try {
      pass.rows = await measure(base, pass.label);
      if (pass.cacheMs === 0) plans = await explain(base);
    } finally {
      await stopAll();
    }
  }

  const table = [
    `# Khidma catalogue bench — ${new Date().toISOString()}`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ${version} (${serverSettings.described}); production build of booking + gateway.`,
    `Catalogue: ${counts.services} services (${SERVICES} generated + the demo ones), ${counts.providers} providers, ${counts.reviews} reviews, ${counts.terms} search terms.`,
    '',
    ...PASSES.flatMap((pass) => [
      `## GET /api/services through the gateway, ${pass.title}`,
      '',
      `autocannon ${DURATION_S} s per row at ${CONNECTIONS} connections, after a 2 s warm-up.`,
      '',
      '| scenario | query | matches | req/s | p50 ms | p99 ms | non-2xx / errors |',
      '|---|---|---:|---:|---:|---:|---:|',
      ...pass.rows.map((r) => `| ${r.name} | \`${decodeURIComponent(r.query) || '(none)'}\` | ${r.matches} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.bad} |`),
      '',
      `Aim: ≥ ${AIM.rps} req/s with p99 < ${AIM.p99Ms} ms in every list scenario → ${aimMet(pass.rows) ? 'met' : 'NOT met'}.`,
      '',
    ]),
    '## EXPLAIN of the statements booking sent (one request per scenario, from the general log)',
    '',
    ...explainTables(plans),
  ].join('\n');
  console.log(`\n${table}`);
  fs.writeFileSync(path.join(resultsDir, 'catalogue.md'), table);
  console.log(`Written to ${path.relative(process.cwd(), path.join(resultsDir, 'catalogue.md'))}`);
} finally {
  await stopAll();
  await serverSettings.restore();
  await admin.end();
  log.end();
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
}
