// `npm run bench:signin -w bench`: e-mail sign-in throughput through the gateway on the real profile
// (MariaDB + Redis), argon2id verification included. Starts the production build on ports +400 with
// throwaway databases and queue keys, signs the demo client in over and over with autocannon, and
// prints a table (also bench/results/signin.md). Measurements only, no pass/fail.
//   --no-build  reuse the current build
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import mysql from 'mysql2/promise';
import { DEMO_ACCOUNTS } from '@khidma/demo-data';
import { startStack } from '../scripts/lib/stack.mjs';

const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DURATION_S = 10;
const run = crypto.randomBytes(3).toString('hex');
const prefix = `khidma_bench_signin_${run}_`;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'khidma-bench-signin-'));
const resultsDir = path.join(import.meta.dirname, 'results');
fs.mkdirSync(resultsDir, { recursive: true });
const log = fs.createWriteStream(path.join(resultsDir, 'signin-stack.log'));
console.log('Starting the stack (MariaDB + Redis, PORT_OFFSET=400)…');
const stack = await startStack({
  build: !process.argv.includes('--no-build'),
  portOffset: 400,
  env: {
    ...process.env,
    DATA_DIR: path.join(tmp, 'data'),
    DATABASE_URL: MYSQL_URL,
    DATABASE_NAME_PREFIX: prefix,
    REDIS_URL,
    QUEUE_PREFIX: `bench-signin-${run}`,
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  write: (text) => log.write(text),
});

const { client } = DEMO_ACCOUNTS;
const body = JSON.stringify({ email: client.email, password: client.password });
const rows = [];
try {
  for (const connections of [1, 4, 10]) {
    const result = await autocannon({
      url: `${stack.url}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections,
      duration: DURATION_S,
    });
    rows.push(
      `| ${connections} | ${result.requests.average.toFixed(1)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors + result.timeouts} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  await stack.stop();
  const connection = await mysql.createConnection(MYSQL_URL);
  const [databases] = await connection.query('SHOW DATABASES LIKE ?', [`${prefix}%`]);
  for (const row of databases) await connection.query(`DROP DATABASE \`${Object.values(row)[0]}\``);
  await connection.end();
  fs.rmSync(tmp, { recursive: true, force: true });
}

const table = [
  `# Sign-in throughput — ${new Date().toISOString()}`,
  '',
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; MariaDB + Redis, production build.`,
  `POST /api/auth/login through the gateway (demo client; argon2id m=19456 KiB, t=2, p=1), ${DURATION_S} s per row.`,
  '',
  '| connections | sign-ins/s | p50 ms | p99 ms | non-2xx / errors |',
  '|---:|---:|---:|---:|---:|',
  ...rows,
].join('\n');
console.log(`\n${table}`);
fs.writeFileSync(path.join(resultsDir, 'signin.md'), `${table}\n`);
