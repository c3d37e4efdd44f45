// scripts/db-backup.mjs on the embedded profile: each service's SQLite file (WAL mode, held open and
// written to by its "service" meanwhile) is copied through SQLite's online backup, the files are
// wiped, and a restore brings back exactly what was committed when the backup ran.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import Database from 'better-sqlite3';
import { backup, restore, serviceDatabases } from '../../scripts/db-backup.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'khidma-sqlite-backup-'));
const env = { DATA_DIR: path.join(tmp, 'var'), DATABASE_NAME_PREFIX: 'khidma_t_' };
const dumps = path.join(tmp, 'dumps');
const rows = (file) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT id, text FROM notes ORDER BY id').all();
  } finally {
    db.close();
  }
};

describe('db-backup on SQLite', () => {
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  test('backs up each open WAL database online and restores exactly it after a wipe', async () => {
    const open = serviceDatabases(env).map(({ service, type, database }) => {
      expect(type).toBe('better-sqlite3');
      expect(database).toBe(path.join(env.DATA_DIR, 'data', `khidma_t_${service}.sqlite`));
      fs.mkdirSync(path.dirname(database), { recursive: true });
      const db = new Database(database);
      db.pragma('journal_mode = WAL');
      db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
      const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
      for (let i = 0; i < 50; i++) insert.run(`${service} ${i} — ملاحظة`);
      return { service, database, db, insert };
    });
    // Checkpointed, then one more row: that row is committed but only in the WAL, not in the main file
    // (a plain file copy would miss it; the backup API must not).
    for (const { db } of open) db.pragma('wal_checkpoint(TRUNCATE)');
    for (const { service, insert } of open) insert.run(`${service} in the WAL`);

    await backup(dumps, env);
    const expected = Object.fromEntries(open.map(({ service }) => [service, rows(path.join(dumps, `${service}.sqlite`))]));
    for (const { service } of open) {
      expect(expected[service]).toHaveLength(51);
      expect(expected[service].at(-1).text).toBe(`${service} in the WAL`);
    }
    // Written after the backup: gone after the restore.
    for (const { service, insert, db } of open) {
      insert.run(`${service} after the backup`);
      db.close();
    }

    for (const { database } of open) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });
    await restore(dumps, env);
    for (const { service, database } of open) expect(rows(database)).toEqual(expected[service]);
  });
});
