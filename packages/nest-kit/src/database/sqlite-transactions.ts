import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, QueryRunner } from 'typeorm';

/** The connection turns the current async call chain holds (one per SQLite DataSource at most). */
const heldTurns = new AsyncLocalStorage<ReadonlySet<object>>();

/**
 * Runs `work` as if outside every transaction: background work started from inside one (e.g. the
 * outbox relay woken by an insert) must wait for that transaction to end, not run inside it.
 */
export const outsideTransactions = <T>(work: () => T): T => heldTurns.exit(work);

/**
 * Who may use a SQLite connection right now. TypeORM's better-sqlite3 driver has one connection, so
 * a transaction is that connection's state: without turns, two requests' transactions nest as
 * savepoints of each other (one's rollback undoes the other's committed work) and any query in
 * between joins whichever transaction is open.
 */
class ConnectionTurns {
  private holder?: object;
  /** The holder is a transaction begun on the query runner itself (migrations), not in a turn. */
  private direct = false;
  private readonly waiting: Array<() => void> = [];

  /** This call chain has the connection (or a direct transaction does, whose calls carry no turn). */
  mine() {
    return this.holder !== undefined && (heldTurns.getStore()?.has(this.holder) ?? false);
  }

  heldDirectly() {
    return this.holder !== undefined && this.direct;
  }

  private acquire(): Promise<object> {
    const token = {};
    if (!this.holder) {
      this.holder = token;
      return Promise.resolve(token);
    }
    return new Promise((resolve) =>
      this.waiting.push(() => {
        this.holder = token;
        resolve(token);
      }),
    );
  }

  private release(token: object) {
    if (this.holder !== token) return;
    this.holder = undefined;
    this.direct = false;
    this.waiting.shift()?.();
  }

  /** Runs `work` with the connection to itself; inline when this call chain already has it. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.mine()) return work();
    const token = await this.acquire();
    try {
      return await heldTurns.run(new Set([...(heldTurns.getStore() ?? []), token]), work);
    } finally {
      this.release(token);
    }
  }

  /** A transaction begun on the runner outside any turn waits for one and keeps it until it ends. */
  async beginDirect() {
    await this.acquire();
    this.direct = true;
  }

  endDirect() {
    if (this.direct) this.release(this.holder!);
  }
}

type TransactionRunner = QueryRunner & { transactionDepth: number };

function serializeRunner(runner: TransactionRunner, turns: ConnectionTurns) {
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  const start = runner.startTransaction.bind(runner);
  const commit = runner.commitTransaction.bind(runner);
  const rollback = runner.rollbackTransaction.bind(runner);
  const passes = () => turns.mine() || turns.heldDirectly();

  // A query outside any transaction takes a turn of its own, so it never lands inside another's.
  runner.query = ((...args: unknown[]) => (passes() ? query(...args) : turns.run(() => query(...args)))) as QueryRunner['query'];
  runner.startTransaction = async (isolation) => {
    if (!passes()) await turns.beginDirect();
    try {
      await start(isolation);
    } catch (error) {
      if (runner.transactionDepth === 0) turns.endDirect();
      throw error;
    }
  };
  const ending = (end: () => Promise<void>) => async () => {
    try {
      await end();
    } finally {
      if (runner.transactionDepth === 0) turns.endDirect();
    }
  };
  runner.commitTransaction = ending(commit);
  runner.rollbackTransaction = ending(rollback);
}

/** Entity-manager methods that open a transaction of their own when none is active. */
const SELF_TRANSACTING = ['transaction', 'save', 'remove', 'softRemove', 'recover'] as const;

/**
 * SQLite profile: one transaction at a time on the connection, in arrival order. A transaction
 * started inside another one's callback (same async call chain) runs inline as a savepoint instead
 * of waiting for itself. No-op for MySQL/MariaDB, whose pool gives each transaction its own
 * connection. Call before `initialize()`.
 */
export function serializeSqliteTransactions(dataSource: DataSource): DataSource {
  if (dataSource.options.type !== 'better-sqlite3') return dataSource;
  const turns = new ConnectionTurns();
  const driver = dataSource.driver as { createQueryRunner: (mode: 'master' | 'slave') => QueryRunner };
  const createQueryRunner = driver.createQueryRunner.bind(driver);
  const serialized = new WeakSet<QueryRunner>();
  driver.createQueryRunner = (mode) => {
    const runner = createQueryRunner(mode);
    if (!serialized.has(runner)) {
      serializeRunner(runner as TransactionRunner, turns);
      serialized.add(runner);
    }
    return runner;
  };
  const manager = dataSource.manager as unknown as Record<(typeof SELF_TRANSACTING)[number], (...args: unknown[]) => Promise<unknown>>;
  for (const method of SELF_TRANSACTING) {
    const original = manager[method].bind(manager);
    manager[method] = (...args: unknown[]) => turns.run(() => original(...args));
  }
  return dataSource;
}
