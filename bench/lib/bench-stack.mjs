// The assembled app for a benchmark: the production build on its own ports, a throwaway data folder,
// and (real profile) throwaway MariaDB databases and Redis keys that are dropped afterwards.
// Its log goes to bench/results/<name>-stack.log so the tables stay readable.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { startStack } from '../../scripts/lib/stack.mjs';

export const RESULTS_DIR = path.resolve(import.meta.dirname, '../results');

/**
 * The stack's port offset: `--port-offset=N` on the command line, else the script's own default, so
 * two engineers' benches (or a bench beside an e2e run) can share a machine.
 */
export function portOffsetArg(fallback) {
  const arg = process.argv.find((a) => a.startsWith('--port-offset='));
  if (!arg) return fallback;
  const offset = Number(arg.slice('--port-offset='.length));
  if (!Number.isInteger(offset) || offset < 0) throw new Error(`${arg}: expected a whole number of ports`);
  return offset;
}

/** `profile`: 'embedded' (SQLite, inline jobs) or 'real' (MariaDB + Redis from BENCH_* or the defaults). */
export async function startBenchStack({ name, portOffset, profile }) {
  const mysqlUrl = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const run = crypto.randomBytes(3).toString('hex');
  const prefix = `khidma_bench_${name}_${run}_`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `khidma-bench-${name}-`));
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const log = fs.createWriteStream(path.join(RESULTS_DIR, `${name}-stack.log`));
  const real = profile === 'real';
  console.log(`Starting the stack (${real ? 'MariaDB + Redis' : 'embedded profile'}, PORT_OFFSET=${portOffset})…`);
  const stack = await startStack({
    build: !process.argv.includes('--no-build'),
    portOffset,
    // Request logs at warn so every path logs alike (not at all).
    env: {
      ...process.env,
      DATA_DIR: path.join(tmp, 'data'),
      DATABASE_URL: real ? mysqlUrl : '',
      DATABASE_NAME_PREFIX: prefix,
      REDIS_URL: real ? redisUrl : '',
      QUEUE_PREFIX: `bench-${name}-${run}`,
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A benchmark is one client at full speed: the abuse limits would measure their own 429s.
      RATE_LIMIT_SCALE: '1000000',
    },
    write: (text) => log.write(text),
  });

  const stop = async () => {
    await stack.stop();
    if (real) {
      const connection = await mysql.createConnection(mysqlUrl);
      const [databases] = await connection.query('SHOW DATABASES LIKE ?', [`${prefix}%`]);
      for (const row of databases) await connection.query(`DROP DATABASE \`${Object.values(row)[0]}\``);
      await connection.end();
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  return { stack, stop };
}

/** The machine line every results table starts with. */
export const machineLine = (profile) =>
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ${profile}, production build.`;

/** Prints a results table and writes it to bench/results/<file>. */
export function writeResults(file, lines) {
  const table = lines.join('\n');
  console.log(`\n${table}`);
  fs.writeFileSync(path.join(RESULTS_DIR, file), `${table}\n`);
}
