import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { CreateOutbox1763700000000, OutboxTraceparent1765000000000, OUTBOX_ENTITIES, ProcessedMessage, serializeSqliteTransactions } from '../src/index.js';

/** Resolves when `release` is called: holds a transaction open at a chosen point. */
const gate = () => {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
};

/** Lets whatever could run meanwhile run (a serialized transaction cannot: it waits for its turn). */
const meanwhile = (promise: Promise<unknown>) =>
  Promise.race([promise.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 100))]);

describe('SQLite transactions take turns on the one connection', () => {
  let dir: string;
  let dataSource: DataSource;
  const rows = () => dataSource.getRepository(ProcessedMessage);
  const ids = async () => (await rows().find({ order: { messageId: 'ASC' } })).map((row) => row.messageId);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'khidma-sqlite-turns-'));
    dataSource = serializeSqliteTransactions(
      new DataSource({
        type: 'better-sqlite3',
        database: join(dir, 'turns.sqlite'),
        entities: OUTBOX_ENTITIES,
        migrations: [CreateOutbox1763700000000, OutboxTraceparent1765000000000],
        migrationsRun: true,
      }),
    );
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => rows().clear());

  /**
   * A transaction that has written a row and stays open until `rollBack()`, which makes it fail and
   * waits for its rollback. Resolves once the row is written.
   */
  const openFailingTransaction = async () => {
    const held = gate();
    const wrote = gate();
    const failing = dataSource.transaction(async (manager) => {
      await manager.insert(ProcessedMessage, { messageId: 'a-rolled-back', consumer: 't' });
      wrote.release();
      await held.opened;
      throw new Error('rollback');
    });
    await wrote.opened;
    return {
      rollBack: async () => {
        held.release();
        await expect(failing).rejects.toThrow('rollback');
      },
    };
  };

  it("keeps a committed transaction's rows when an overlapping one rolls back", async () => {
    const first = await openFailingTransaction();
    // Starts while the first is open; unserialized it would be a savepoint inside it.
    const committed = dataSource.transaction((manager) => manager.insert(ProcessedMessage, { messageId: 'b-committed', consumer: 't' }));
    await meanwhile(committed);
    await first.rollBack();
    await committed;
    expect(await ids()).toEqual(['b-committed']);
  });

  it('runs a query outside any transaction after the open one, not inside it', async () => {
    const first = await openFailingTransaction();
    const seen = rows().count();
    const written = rows().insert({ messageId: 'c-alone', consumer: 't' });
    const saved = rows().save({ messageId: 'd-saved', consumer: 't' });
    await meanwhile(Promise.all([seen, written, saved]));
    await first.rollBack();
    // The count did not see the uncommitted row; the insert and save were not undone with it.
    expect(await seen).toBe(0);
    await Promise.all([written, saved]);
    expect(await ids()).toEqual(['c-alone', 'd-saved']);
  });

  it('runs a transaction started inside another one inline, as a savepoint', async () => {
    await dataSource.transaction(async (manager) => {
      await manager.insert(ProcessedMessage, { messageId: 'outer', consumer: 't' });
      // Through the data source, not the manager: still this call chain's transaction, no deadlock.
      await expect(
        dataSource.transaction(async (inner) => {
          await inner.insert(ProcessedMessage, { messageId: 'inner-undone', consumer: 't' });
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      await dataSource.transaction((inner) => inner.insert(ProcessedMessage, { messageId: 'inner-kept', consumer: 't' }));
      expect(await rows().count()).toBe(2);
    });
    expect(await ids()).toEqual(['inner-kept', 'outer']);
  });

  it('leaves a MySQL data source as it is', () => {
    const mysql = new DataSource({ type: 'mysql', entities: OUTBOX_ENTITIES });
    const transaction = mysql.manager.transaction;
    expect(serializeSqliteTransactions(mysql).manager.transaction).toBe(transaction);
  });
});
