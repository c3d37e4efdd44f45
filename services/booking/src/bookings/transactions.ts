import { setTimeout } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';

const DEADLOCK_RETRIES = 5;
/**
 * The first re-run waits a random time up to this many ms, and each later one up to twice as long as the
 * one before (5, 10, 20, 40, 80: at most 155 ms in all), so contenders spread out instead of colliding in step.
 */
const RETRY_JITTER_MS = 5;

/** A unique-key violation (MySQL/MariaDB ER_DUP_ENTRY, SQLite UNIQUE/PRIMARY KEY constraint). */
export const isDuplicateKey = (error: unknown) =>
  error instanceof QueryFailedError && /duplicate entry|unique constraint|primary key/i.test(error.message);

const isDeadlock = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { errno?: number } | undefined)?.errno === 1213;

/**
 * The one way bookings and payments write: everything a request changes in one transaction.
 * - MySQL/MariaDB: InnoDB may pick a transaction as a deadlock victim when concurrent requests wait
 *   on the same rows; that request is re-run from the start (it changed nothing), after a short random
 *   wait: re-run at once, the same requests met again in the same order (24 adds and removals of one
 *   favourite at once: 70 of 2,400 still failed after 3 re-runs without the wait). With a wait that did not
 *   grow fast enough (up to 5, 10, 15 ms), 6–15 of 2,400 still failed on a machine with its two cores
 *   busy; waits that double, over 5 re-runs, left none (docs/testing-time.md).
 * - SQLite: nest-kit's DatabaseModule already runs transactions one at a time on its connection.
 */
@Injectable()
export class BookingTransactions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** `SELECT … FOR UPDATE` where the engine has it (TypeORM refuses it on SQLite, whose transactions take turns). */
  get rowLock(): { mode: 'pessimistic_write' } | undefined {
    return this.dataSource.options.type === 'mysql' ? { mode: 'pessimistic_write' } : undefined;
  }

  async run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dataSource.transaction(work);
      } catch (error) {
        if (!isDeadlock(error) || attempt > DEADLOCK_RETRIES) throw error;
        await setTimeout(Math.random() * RETRY_JITTER_MS * 2 ** (attempt - 1));
      }
    }
  }
}
