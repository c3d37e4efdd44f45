import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from '@khidma/nest-kit';
import { Redis } from 'ioredis';
import type { DataSource, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { Provider } from './entities/provider.entity.js';
import { Review } from './entities/review.entity.js';
import { ServiceCategory } from './entities/service-category.entity.js';
import { ServiceListing } from './entities/service-listing.entity.js';
import { ServicePhoto } from './entities/service-photo.entity.js';

/** Entities whose rows the public catalogue shows (cards, counts, details). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
const SHOWN: ReadonlySet<Function | string> = new Set([ServiceListing, Provider, Review, ServiceCategory, ServicePhoto]);
/** Marks a transaction that wrote one of them: its answers are stale once it commits. */
const TOUCHED = 'catalogueTouched';

type Listener = () => void;

/**
 * "The catalogue changed": raised after the commit of any write (through TypeORM's entity events) to
 * a row the catalogue shows, in this process at once and, with Redis, on every other replica through
 * pub/sub, so answer caches are dropped before the next answer rather than after their lifetime.
 * Writes that bypass the entities (raw SQL) are not seen; the catalogue has none outside migrations.
 */
@Injectable()
export class CatalogueChanges implements EntitySubscriberInterface, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('CatalogueChanges');
  private readonly listeners: Listener[] = [];
  /** This process's own messages come back from Redis; it has already acted on them. */
  private readonly origin = randomUUID();
  private readonly channel: string;
  private publisher?: Redis;
  private subscriber?: Redis;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {
    this.channel = `${config.QUEUE_PREFIX}:catalogue-changed`;
  }

  onModuleInit() {
    this.dataSource.subscribers.push(this);
    if (!this.config.REDIS_URL) return;
    this.publisher = new Redis(this.config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    this.publisher.on('error', (error) => this.logger.warn(`Publisher: ${error.message}`));
    // ioredis resubscribes by itself after a reconnect; start-up does not wait for Redis.
    this.subscriber = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.subscriber.on('error', (error) => this.logger.warn(`Subscriber: ${error.message}`));
    this.subscriber.on('message', (_channel, origin) => origin !== this.origin && this.notify());
    this.subscriber.subscribe(this.channel).catch((error: Error) => this.logger.warn(`Subscribe: ${error.message}`));
  }

  onApplicationShutdown() {
    this.publisher?.disconnect();
    this.subscriber?.disconnect();
  }

  /** `listener` runs after each committed change, whichever replica made it. */
  onChange(listener: Listener) {
    this.listeners.push(listener);
  }

  afterInsert(event: { queryRunner: QueryRunner; metadata: { target: unknown } }) {
    this.touched(event);
  }

  afterUpdate(event: { queryRunner: QueryRunner; metadata: { target: unknown } }) {
    this.touched(event);
  }

  afterRemove(event: { queryRunner: QueryRunner; metadata: { target: unknown } }) {
    this.touched(event);
  }

  afterTransactionCommit(event: TransactionCommitEvent) {
    if (!event.queryRunner.data[TOUCHED]) return;
    delete event.queryRunner.data[TOUCHED];
    void this.changed();
  }

  afterTransactionRollback(event: TransactionRollbackEvent) {
    delete event.queryRunner.data[TOUCHED];
  }

  private touched({ queryRunner, metadata }: { queryRunner: QueryRunner; metadata: { target: unknown } }) {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
    if (!SHOWN.has(metadata.target as Function)) return;
    if (queryRunner.isTransactionActive) queryRunner.data[TOUCHED] = true;
    else void this.changed();
  }

  private async changed() {
    this.notify();
    if (!this.publisher) return;
    try {
      if (this.publisher.status === 'wait') await this.publisher.connect();
      await this.publisher.publish(this.channel, this.origin);
    } catch (error) {
      // Best effort: the other replicas' answers then live out their (short) lifetime.
      this.logger.warn(`Publish: ${(error as Error).message}`);
    }
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }
}
