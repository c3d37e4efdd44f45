#!/usr/bin/env node
// Backup and restore of every service's own database (identity, booking, assistant), from the same
// environment the services read: DATABASE_URL (MySQL/MariaDB server) or, without it, the embedded
// SQLite files under DATA_DIR; DATABASE_NAME_PREFIX names the databases. docs/operations/backup.md.
//
//   npm run db:backup -- <dir>    one consistent dump per service: <dir>/<service>.sql or .sqlite
//   npm run db:restore -- <dir>   replaces each service's database with its dump (services stopped)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildDataSourceOptions } from '@khidma/nest-kit';

export const SERVICES = ['identity', 'booking', 'assistant'];

/** Where each service keeps its data, exactly as its DataSource would connect (nest-kit's rule). */
export function serviceDatabases(env = process.env) {
  const config = {
    DATABASE_URL: env.DATABASE_URL || undefined,
    DATA_DIR: path.resolve(env.DATA_DIR || 'var'),
    DATABASE_NAME_PREFIX: env.DATABASE_NAME_PREFIX || 'khidma_',
  };
  return SERVICES.map((service) => {
    const options = buildDataSourceOptions(config, { service, entities: [], migrations: [] });
    return { service, ...options };
  });
}

/** Runs a MariaDB/MySQL client tool with the server's credentials (password through the environment, not argv). */
function client(tool, options, args, { stdin, stdout } = {}) {
  const bin = fs.existsSync(`/usr/bin/${tool.mariadb}`) ? tool.mariadb : tool.mysql;
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [`--host=${options.host}`, `--port=${options.port}`, `--user=${options.username}`, '--default-character-set=utf8mb4', ...args], {
      env: { ...process.env, MYSQL_PWD: options.password ?? '' },
      stdio: [stdin ? 'pipe' : 'ignore', stdout ? 'pipe' : 'inherit', 'inherit'],
    });
    if (stdin) fs.createReadStream(stdin).pipe(child.stdin);
    if (stdout) child.stdout.pipe(fs.createWriteStream(stdout));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${bin} exited with ${code}`))));
  });
}
const DUMP = { mariadb: 'mariadb-dump', mysql: 'mysqldump' };
const CLIENT = { mariadb: 'mariadb', mysql: 'mysql' };

export async function backup(dir, env = process.env) {
  fs.mkdirSync(dir, { recursive: true });
  for (const db of serviceDatabases(env)) {
    if (db.type === 'mysql') {
      const file = path.join(dir, `${db.service}.sql`);
      // One transaction's snapshot (InnoDB): consistent while the service keeps writing.
      await client(DUMP, db, ['--single-transaction', '--routines', '--triggers', '--hex-blob', '--no-tablespaces', db.database], { stdout: file });
      console.log(`${db.service}: ${db.database} → ${file}`);
    } else {
      const file = path.join(dir, `${db.service}.sqlite`);
      if (!fs.existsSync(db.database)) {
        console.log(`${db.service}: no database at ${db.database}, skipped`);
        continue;
      }
      // SQLite's online backup API: a consistent copy while the service has the file open (WAL included).
      const source = new Database(db.database, { readonly: true, fileMustExist: true });
      try {
        await source.backup(file);
      } finally {
        source.close();
      }
      console.log(`${db.service}: ${db.database} → ${file}`);
    }
  }
}

export async function restore(dir, env = process.env) {
  for (const db of serviceDatabases(env)) {
    if (db.type === 'mysql') {
      const file = path.join(dir, `${db.service}.sql`);
      if (!fs.existsSync(file)) throw new Error(`No dump of ${db.service} in ${dir}`);
      const name = `\`${db.database.replace(/`/g, '``')}\``;
      // The dump has the tables, not the database: recreate it empty, then load.
      await client(CLIENT, db, ['-e', `DROP DATABASE IF EXISTS ${name}; CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`]);
      await client(CLIENT, db, [db.database], { stdin: file });
      console.log(`${db.service}: ${file} → ${db.database}`);
    } else {
      const file = path.join(dir, `${db.service}.sqlite`);
      if (!fs.existsSync(file)) {
        console.log(`${db.service}: no backup in ${dir}, skipped`);
        continue;
      }
      // The service is stopped: its old file and WAL go, the copy is written through the backup API.
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${db.database}${suffix}`, { force: true });
      fs.mkdirSync(path.dirname(db.database), { recursive: true });
      const source = new Database(file, { readonly: true, fileMustExist: true });
      try {
        await source.backup(db.database);
      } finally {
        source.close();
      }
      console.log(`${db.service}: ${file} → ${db.database}`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, dir] = process.argv.slice(2);
  if (!['backup', 'restore'].includes(command) || !dir) {
    console.error('Usage: node scripts/db-backup.mjs backup|restore <dir>');
    process.exit(2);
  }
  await (command === 'backup' ? backup : restore)(path.resolve(dir));
}
