// Backup and restore of every service's database on MariaDB (docs/operations/backup.md): the built
// stack runs on throwaway databases, a fresh client signs up and books (data only the databases hold,
// no seed recreates it), `npm run db:backup` dumps identity, booking and assistant while the stack
// runs, the stack stops, every database is dropped, `npm run db:restore` loads the dumps, the stack
// starts again, and the same client signs in with the same password and is served the same bookings.
// Needs TEST_MYSQL_URL and a build (npx nx run-many -t build).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { DEMO_SERVICES } from '@khidma/demo-data';
import mysql from 'mysql2/promise';
import { ROOT, startStack } from '../../scripts/lib/stack.mjs';
import { processTable } from '../../scripts/lib/processes.mjs';

const PORT_OFFSET = Number(process.env.BACKUP_PORT_OFFSET ?? 1900);
const MYSQL_URL = (process.env.TEST_MYSQL_URL ?? '').replace(/\/+$/, '');
const runId = crypto.randomBytes(3).toString('hex');
const prefix = `khidma_backup_${runId}_`;
// Made by beforeAll, so a skipped run (no MySQL) leaves no folder behind.
const tmp = path.join(os.tmpdir(), `khidma-backup-${runId}`);
const dumps = path.join(tmp, 'dumps');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: path.join(tmp, 'data'),
  DATABASE_URL: MYSQL_URL,
  DATABASE_NAME_PREFIX: prefix,
  REDIS_URL: '',
  SMTP_URL: '',
  RATE_LIMIT_SCALE: '1000',
};
const api = `${processTable({ portOffset: PORT_OFFSET }).url}/api`;
let log;
const start = () => startStack({ build: false, portOffset: PORT_OFFSET, env, write: (text) => log.write(text) });

async function call(method, pathname, { token, json } = {}) {
  const res = await fetch(`${api}${pathname}`, {
    method,
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

const npm = (script) => execFileSync('npm', ['run', '--silent', script, '--', dumps], { cwd: ROOT, env, stdio: 'pipe' }).toString();

async function databases() {
  const connection = await mysql.createConnection(MYSQL_URL);
  try {
    const [rows] = await connection.query('SHOW DATABASES LIKE ?', [`${prefix}%`]);
    return rows.map((row) => Object.values(row)[0]).sort();
  } finally {
    await connection.end();
  }
}

// Like cluster-faults: mariadb-dump needs a server (TEST_MYSQL_URL, which CI sets); without one (a
// newcomer's npm test, the shifted-clock pass) it does not run. The SQLite path is covered by db-backup's own spec.
const describeWithMysql = MYSQL_URL ? describe : describe.skip;

describeWithMysql('database backup and restore', () => {
  let stack;
  beforeAll(async () => {
    fs.mkdirSync(tmp, { recursive: true });
    log = fs.createWriteStream(path.join(tmp, 'stack.log'));
    stack = await start();
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    const connection = await mysql.createConnection(MYSQL_URL);
    for (const name of await databases()) await connection.query(`DROP DATABASE \`${name}\``);
    await connection.end();
    fs.rmSync(tmp, { recursive: true, force: true });
  }, 120_000);

  test('dump while running, drop every database, restore, restart: the same account and bookings are served', async () => {
    const email = `backup-${runId}@example.com`;
    const password = `Khidma-${runId}-secret`;
    const signedUp = await call('POST', '/auth/signup', { json: { email, password, language: 'ar' } });
    expect(signedUp.status).toBe(201);
    const token = signedUp.body.accessToken;
    const me = (await call('GET', '/auth/me', { token })).body.user;
    const service = DEMO_SERVICES.find((s) => s.slug === 'sofa-carpet-shampoo');
    const { today } = (await call('GET', `/bookings/availability?serviceId=${service.id}&date=2000-01-01`)).body;
    let made;
    for (let day = 2; !made && day < 16; day++) {
      const date = new Date(Date.parse(`${today}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
      const free = (await call('GET', `/bookings/availability?serviceId=${service.id}&date=${date}`)).body.slots.find((slot) => slot.available);
      if (!free) continue;
      made = await call('POST', '/bookings/create', {
        token,
        json: { serviceId: service.id, scheduledDate: date, scheduledTime: free.time, clientAddress: '12 Rainbow Street, Amman', clientPhone: '+962 79 123 4567', clientName: 'Backup Client', language: 'ar' },
      });
    }
    expect(made.status).toBe(201);
    const before = (await call('GET', `/bookings/client/${me.id}?tab=upcoming`, { token })).body;
    expect(before.bookings.map((b) => b.id)).toEqual([made.body.id]);

    const dumped = npm('db:backup');
    for (const name of ['identity', 'booking', 'assistant']) {
      expect(dumped).toContain(`${name}: ${prefix}${name}`);
      expect(fs.statSync(path.join(dumps, `${name}.sql`)).size).toBeGreaterThan(0);
    }

    // Wipe: the stack stops and every service's database is dropped.
    await stack.stop();
    stack = undefined;
    const connection = await mysql.createConnection(MYSQL_URL);
    for (const name of await databases()) await connection.query(`DROP DATABASE \`${name}\``);
    await connection.end();
    expect(await databases()).toEqual([]);

    npm('db:restore');
    expect(await databases()).toEqual(['assistant', 'booking', 'identity'].map((name) => `${prefix}${name}`));
    stack = await start();

    // The account came back (its password hash with it) and so did its bookings, unchanged.
    const signedIn = await call('POST', '/auth/login', { json: { email, password } });
    expect(signedIn.status).toBe(200);
    const after = (await call('GET', `/bookings/client/${me.id}?tab=upcoming`, { token: signedIn.body.accessToken })).body;
    expect(after).toEqual(before);
  }, 600_000);
});
