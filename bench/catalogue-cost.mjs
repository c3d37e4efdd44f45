// `npm run bench:catalogue-cost` (in bench/): what each catalogue question costs MariaDB, with the
// answer cache off, at 10,000 and 100,000 services, beside a bare anchor. Per size: seeds its own
// database (khidma_cat10k_booking, khidma_cat100k_booking; --reuse keeps one already seeded), starts booking
// (CATALOGUE_CACHE_MS=0) and the gateway, captures the statements booking sends per scenario from the
// general log, starts bench/catalogue-anchor.mjs on those statements, then per scenario runs
// autocannon at 50 connections against booking through the gateway and against the anchor, reading
// MariaDB's CPU time for that side's own account (the server's user statistics) around each run.
// Writes bench/results/catalogue-cost.md: req/s, p99, MariaDB CPU ms (under load, and serial on an idle server) and rows
// read per request, project/anchor ratios, the 10k -> 100k ratios, and EXPLAIN of every statement at each size.
//   --no-build --reuse   BENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306)
//   BENCH_SIZES (default 10000,100000)   BENCH_DURATION_S (default 5)   BENCH_PORT_OFFSET (default 1100)
//   BENCH_SERIAL_REPEATS (default 200)   BENCH_SERIAL_ROUNDS (default 5)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import mysql from 'mysql2/promise';
import { portIsFree, ROOT, run } from '../scripts/lib/stack.mjs';
import { processCpuSeconds } from './lib/proc.mjs';
import { capturedStatements, deploymentServerSettings, explainTables, processGroup, rowsRead, untilIdle } from './lib/catalogue-harness.mjs';

const MYSQL_URL = (process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
const SIZES = (process.env.BENCH_SIZES || '10000,100000').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION_S || 5);
const CONNECTIONS = 50;
/**
 * Away from `npm start` (0), `npm run bench` (200) and bench:catalogue (700); BENCH_PORT_OFFSET moves it
 * beside other stacks on the same machine (e2e runs use E2E_PORT_OFFSET). The port check below catches the rest.
 */
const PORT_OFFSET = Number(process.env.BENCH_PORT_OFFSET || 1100);
const q = encodeURIComponent;

const SCENARIOS = [
  ['list: default (best rated)', ''],
  ['list: category', '?category=plumbing'],
  ['list: price bucket 50-100', '?priceRange=50-100'],
  ['list: sort price-low', '?sortBy=price-low'],
  ['list: sort price-high', '?sortBy=price-high'],
  ['list: sort newest', '?sortBy=newest'],
  ['list: category + price + sort', '?category=Tutoring&priceRange=25-50&sortBy=price-high'],
  ['list: page 5', '?page=5'],
  ['search EN: first letters "cl"', '?search=cl'],
  ['search EN: prefix "clea"', '?search=clea'],
  ['search EN: one word "cleaning"', '?search=cleaning'],
  ['search EN: two words "deep clean"', `?search=${q('deep clean')}`],
  ['search EN: typo "claening"', '?search=claening'],
  ['search AR: first letters "تن"', `?search=${q('تن')}`],
  ['search AR: "تنظيف"', `?search=${q('تنظيف')}`],
  ['search AR: diacritics "تَنْظِيف"', `?search=${q('تَنْظِيف')}`],
  ['search AR: hamza "إصلاح"', `?search=${q('إصلاح')}`],
  ['search AR: taa marbuta "صيانة"', `?search=${q('صيانة')}`],
  ['search AR: two words "صيانه مكيفات"', `?search=${q('صيانه مكيفات')}`],
];

const admin = await mysql.createConnection({ uri: MYSQL_URL, multipleStatements: false });
const version = (await admin.query('SELECT VERSION() AS v'))[0][0].v;
/**
 * The project and the anchor each reach MariaDB as their own account, and the server's user statistics
 * (`userstat`, CPU_TIME per account, updated after every statement) charge each one only its own
 * statements: other work on the same server (tests, other benches) does not count.
 */
const ACCOUNTS = { project: 'khidma_bench_project', anchor: 'khidma_bench_anchor', serial: 'khidma_bench_serial' };
/** Times each scenario's statements are replayed per round on one idle connection for the serial CPU figure. */
const SERIAL_REPEATS = Number(process.env.BENCH_SERIAL_REPEATS || 200);
/** Rounds of those replays; the serial figure is a scenario's median round. */
const SERIAL_ROUNDS = Number(process.env.BENCH_SERIAL_ROUNDS || 5);
await admin.query('SET GLOBAL userstat = ON');
for (const account of Object.values(ACCOUNTS)) {
  await admin.query(`CREATE USER IF NOT EXISTS '${account}'@'%'`);
  await admin.query(`CREATE USER IF NOT EXISTS '${account}'@'localhost'`);
  for (const host of ['%', 'localhost']) await admin.query(`GRANT ALL ON \`khidma\\_cat%\`.* TO '${account}'@'${host}'`);
}
/** CPU time MariaDB has spent on `account`'s statements so far, in ms. */
const serverCpuMs = async (account) => {
  const [[row]] = await admin.query('SELECT CPU_TIME AS cpu FROM information_schema.USER_STATISTICS WHERE USER = ?', [account]);
  return Number(row?.cpu ?? 0) * 1000;
};
/** MYSQL_URL signed in as `account` (no password: the accounts exist for the bench only, on loopback). */
const urlAs = (account) => {
  const url = new URL(MYSQL_URL);
  url.username = account;
  url.password = '';
  return url.toString().replace(/\/+$/, '');
};

const resultsDir = path.join(import.meta.dirname, 'results');
fs.mkdirSync(resultsDir, { recursive: true });
const log = fs.createWriteStream(path.join(resultsDir, 'catalogue-cost-stack.log'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'khidma-bench-catalogue-cost-'));

if (!process.argv.includes('--no-build')) {
  run(['npx', 'nx', 'run-many', '-t', 'build', '--projects=@khidma/booking,@khidma/gateway', '--outputStyle=static']);
}
const { DEFAULT_PORTS } = await import('@khidma/contracts');
const PORTS = { booking: DEFAULT_PORTS.booking + PORT_OFFSET, gateway: DEFAULT_PORTS.gateway + PORT_OFFSET, anchor: DEFAULT_PORTS.booking + PORT_OFFSET + 1 };
// Another process on a port would answer the probes and be measured instead.
for (const port of Object.values(PORTS)) if (!(await portIsFree(port))) throw new Error(`Port ${port} is in use; stop what listens there`);

const { start, stopAll, waitFor } = processGroup(log, 'catalogue-cost-stack.log');
const idle = (database) => untilIdle(admin, database);

/**
 * Loads `target` and reports MariaDB's CPU for `account` per request, and the busy CPU per request of each
 * Node process in `processes` ({ name: pid }): where the rest of a request's cost goes.
 */
async function load(target, account, processes) {
  await autocannon({ url: target, connections: CONNECTIONS, duration: 1 });
  const before = await serverCpuMs(account);
  const processBefore = Object.values(processes).map(processCpuSeconds);
  const r = await autocannon({ url: target, connections: CONNECTIONS, duration: DURATION_S });
  const cpu = (await serverCpuMs(account)) - before;
  const requests = r.requests.total;
  const perRequestUs = (seconds) => (requests ? (seconds * 1e6) / requests : NaN);
  const nodeUs = Object.fromEntries(
    Object.entries(processes).map(([name, pid], i) => [name, perRequestUs(processCpuSeconds(pid) - processBefore[i])]),
  );
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts, cpuPerRequest: requests ? cpu / requests : NaN, nodeUs };
}

const results = [];
// Set just before the try whose finally puts it back: a step that fails earlier leaves the server unchanged.
const serverSettings = await deploymentServerSettings(admin);
try {
  for (const size of SIZES) {
    const prefix = `khidma_cat${size % 1000 ? size : `${size / 1000}k`}_`;
    const database = `${prefix}booking`;
    const env = {
      DATABASE_URL: urlAs(ACCOUNTS.project),
      DATABASE_NAME_PREFIX: prefix,
      REDIS_URL: '',
      SMTP_URL: '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
    };
    const [existing] = await admin.query('SHOW DATABASES LIKE ?', [database]);
    if (!process.argv.includes('--reuse') || existing.length === 0) {
      console.log(`Seeding ${size} services into ${database} on ${version}…`);
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      run(['node', 'dist/seed.main.js', `--bulk-services=${size}`], { env: { ...process.env, ...env, DATABASE_URL: MYSQL_URL }, cwd: path.join(ROOT, 'services/booking') });
    }
    const booking = start('booking', ['dist/main.js'], path.join(ROOT, 'services/booking'), { ...env, PORT: String(PORTS.booking), CATALOGUE_CACHE_MS: '0' });
    await waitFor(`http://127.0.0.1:${PORTS.booking}/readyz`, booking);
    const gateway = start('gateway', ['dist/main.js'], path.join(ROOT, 'services/gateway'), {
      ...env,
      PORT: String(PORTS.gateway),
      BOOKING_URL: `http://127.0.0.1:${PORTS.booking}`,
    });
    await waitFor(`http://127.0.0.1:${PORTS.gateway}/healthz`, gateway);
    const base = `http://127.0.0.1:${PORTS.gateway}/api/services`;
    const statements = await capturedStatements(admin, database, base, SCENARIOS, ACCOUNTS.project);
    const file = path.join(dataDir, `statements-${size}.json`);
    fs.writeFileSync(file, JSON.stringify(statements));
    const anchor = start('anchor', [path.join(import.meta.dirname, 'catalogue-anchor.mjs'), String(PORTS.anchor), `${urlAs(ACCOUNTS.anchor)}/${database}`, file], import.meta.dirname, {});
    await waitFor(`http://127.0.0.1:${PORTS.anchor}/s/0`, anchor);
    const [[{ services }]] = await admin.query(`SELECT COUNT(*) AS services FROM \`${database}\`.services`);
    const reader = await mysql.createConnection(`${MYSQL_URL}/${database}`);
    const reads = [];
    for (const sqls of statements) reads.push(await rowsRead(reader, sqls));
    await reader.end();
    // The same statements one request at a time on an idle server: the database's own cost, without the
    // contention of 50 connections on 2 cores that the loaded figure includes (and that varies by machine).
    // In rounds that take the scenarios in turn: a burst of noise from the shared machine lands in one
    // round of a few scenarios, and each scenario's median round leaves it out.
    const serial = await mysql.createConnection(`${urlAs(ACCOUNTS.serial)}/${database}`);
    const serialRounds = statements.map(() => []);
    await idle(database);
    for (let round = 0; round < SERIAL_ROUNDS; round++) {
      for (const [index, sqls] of statements.entries()) {
        const before = await serverCpuMs(ACCOUNTS.serial);
        for (let i = 0; i < SERIAL_REPEATS; i++) for (const sql of sqls) await serial.query(sql);
        serialRounds[index].push(((await serverCpuMs(ACCOUNTS.serial)) - before) / SERIAL_REPEATS);
      }
    }
    const serialCpu = serialRounds.map((rounds) => rounds.sort((a, b) => a - b)[Math.floor(rounds.length / 2)]);
    await serial.end();
    // Freshly started processes compile their hot paths during their first seconds of load: without this
    // the first scenario alone paid for it (booking 1,125 µs a request against 550–650 for the next lists).
    for (const target of [...SCENARIOS.map(([, query]) => base + query), ...SCENARIOS.map((_, index) => `http://127.0.0.1:${PORTS.anchor}/s/${index}`)]) {
      await autocannon({ url: target, connections: CONNECTIONS, duration: 0.5 });
    }
    const rows = [];
    for (const [index, [name, query]] of SCENARIOS.entries()) {
      console.log(`${size}: ${name}`);
      const matches = (await (await fetch(base + query)).json()).total;
      await idle(database);
      const project = await load(base + query, ACCOUNTS.project, { gateway: gateway.pid, booking: booking.pid });
      await idle(database);
      const bare = await load(`http://127.0.0.1:${PORTS.anchor}/s/${index}`, ACCOUNTS.anchor, { anchor: anchor.pid });
      rows.push({ name, query, matches, reads: reads[index], serialCpu: serialCpu[index], project, bare });
    }
    await admin.query(`USE \`${database}\``);
    const plans = [];
    for (const [index, sqls] of statements.entries()) {
      for (const sql of sqls) {
        const [plan] = await admin.query(`EXPLAIN ${sql.replace(/^SET STATEMENT .*? FOR /, '')}`);
        plans.push({ name: SCENARIOS[index][0], kind: /OVER \(\)/.test(sql) ? 'page with its count' : /COUNT\(/.test(sql) ? 'count' : 'page', plan });
      }
    }
    results.push({ size, services, rows, plans });
    await stopAll();
  }

  const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
  const lines = [
    `# Khidma catalogue cost bench — ${new Date().toISOString()}`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ${version} (${serverSettings.described}); production build, answer cache off.`,
    `autocannon ${DURATION_S} s per row at ${CONNECTIONS} connections after 1 s of warm-up; project = booking through the gateway,`,
    'anchor = bench/catalogue-anchor.mjs (Fastify + mysql2, the same statements, no gateway). MariaDB CPU = the server\'s own',
    'CPU_TIME of the account each one signs in as (user statistics) over the run, divided by the requests answered;',
    `serial = the project's statements replayed ${SERIAL_REPEATS} times per round on one connection of an idle server, same counter; the median of ${SERIAL_ROUNDS} rounds that take the scenarios in turn.`,
    '',
    ...results.flatMap(({ size, services, rows }) => [
      `## ${services} services (${size} generated + the demo ones)`,
      '',
      '| scenario | matches | rows read/req | serial MariaDB ms/req | project req/s | p99 ms | MariaDB ms/req | anchor req/s | anchor p99 | anchor MariaDB ms/req | project/anchor req/s | errors |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.matches} | ${r.reads} | ${fmt(r.serialCpu, 2)} | ${fmt(r.project.rps)} | ${r.project.p99} | ${fmt(r.project.cpuPerRequest, 2)} | ${fmt(r.bare.rps)} | ${r.bare.p99} | ${fmt(r.bare.cpuPerRequest, 2)} | ${fmt(r.project.rps / r.bare.rps, 2)} | ${r.project.bad}/${r.bare.bad} |`,
      ),
      '',
    ]),
    ...(results.length > 1
      ? [
          `## Growth: MariaDB CPU and rows read per request, ${results[0].size} -> ${results.at(-1).size} services`,
          '',
          '| scenario | ms/req small | ms/req large | ratio | serial ms/req small | serial ms/req large | ratio | rows read small | rows read large | ratio |',
          '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
          ...results[0].rows.map((r, i) => {
            const large = results.at(-1).rows[i];
            return `| ${r.name} | ${fmt(r.project.cpuPerRequest, 2)} | ${fmt(large.project.cpuPerRequest, 2)} | ${fmt(large.project.cpuPerRequest / r.project.cpuPerRequest, 2)} | ${fmt(r.serialCpu, 2)} | ${fmt(large.serialCpu, 2)} | ${fmt(large.serialCpu / r.serialCpu, 2)} | ${r.reads} | ${large.reads} | ${fmt(large.reads / r.reads, 2)} |`;
          }),
          '',
        ]
      : []),
    ...results.flatMap(({ size, rows }) => [
      `## Node CPU per request at ${size} generated services (busy µs of each process over the loaded run, from /proc)`,
      '',
      '| scenario | gateway µs/req | booking µs/req | project Node µs/req | anchor µs/req | project / anchor Node CPU |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map((r) => {
        const projectUs = r.project.nodeUs.gateway + r.project.nodeUs.booking;
        return `| ${r.name} | ${fmt(r.project.nodeUs.gateway)} | ${fmt(r.project.nodeUs.booking)} | ${fmt(projectUs)} | ${fmt(r.bare.nodeUs.anchor)} | ${fmt(projectUs / r.bare.nodeUs.anchor, 2)} |`;
      }),
      '',
    ]),
    ...results.flatMap(({ size, plans }) => [
      `## EXPLAIN at ${size} generated services`,
      '',
      ...explainTables(plans),
    ]),
  ];
  const table = lines.join('\n');
  console.log(`\n${table}`);
  fs.writeFileSync(path.join(resultsDir, 'catalogue-cost.md'), `${table}\n`);
} finally {
  await stopAll();
  await serverSettings.restore();
  await admin.end();
  log.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
