import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { CreateOutbox1763700000000, OutboxTraceparent1765000000000, millisecondSqliteDates, OUTBOX_ENTITIES, OutboxMessage } from '../src/index.js';

describe('SQLite creation times', () => {
  let dir: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'khidma-sqlite-dates-'));
    dataSource = millisecondSqliteDates(
      new DataSource({ type: 'better-sqlite3', database: join(dir, 'dates.sqlite'), entities: OUTBOX_ENTITIES, migrations: [CreateOutbox1763700000000, OutboxTraceparent1765000000000], migrationsRun: true }),
    );
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keep their milliseconds, so two rows of one second still sort by when they were made', async () => {
    // Both rows fall in one second: at whole seconds they would tie.
    while (new Date().getMilliseconds() > 800) await sleep(5);
    const insert = (id: string) => dataSource.getRepository(OutboxMessage).insert({ id, queue: 'q', name: 'n', payload: {}, publishedAt: null, attempts: 0 });
    await insert('z-first');
    await sleep(20);
    await insert('a-second');
    const rows = await dataSource.getRepository(OutboxMessage).find({ order: { createdAt: 'DESC', id: 'DESC' } });
    expect(rows.map((row) => row.id)).toEqual(['a-second', 'z-first']);
    expect(rows[0]!.createdAt.getTime() - rows[1]!.createdAt.getTime()).toBeGreaterThanOrEqual(20);
  });
});
