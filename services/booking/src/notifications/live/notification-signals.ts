import { EventEmitter } from 'node:events';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { NotificationDto } from '@khidma/contracts';
import { Redis } from 'ioredis';

/**
 * "Something changed in user X's notifications", sent after the change committed: a new notification
 * (carried whole, so no replica reads it back), a change of read state (`notification` absent), or a
 * change in one of X's conversations (`conversationId`: a message, a receipt; the client reloads it).
 */
export interface NotificationSignal {
  userId: string;
  notification?: NotificationDto;
  conversationId?: string;
}

export type NotificationSignalListener = (signal: NotificationSignal) => void;

/**
 * Fan-out of notification changes to every booking HTTP replica, whichever process made them (the
 * notifications worker writes, any replica marks read). Best effort: the list endpoint stays the
 * truth, so a lost signal only delays what an open stream shows until the next poll.
 */
export abstract class NotificationSignals {
  abstract publish(signals: readonly NotificationSignal[]): Promise<void>;
  /** Resolves once signals published from now on reach the listener. */
  abstract subscribe(listener: NotificationSignalListener): Promise<void>;
}

/** Embedded profile: one process writes, marks and streams, so an in-process emitter is the channel. */
export class LocalNotificationSignals extends NotificationSignals {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(signals: readonly NotificationSignal[]) {
    for (const signal of signals) this.emitter.emit('signal', signal);
  }

  async subscribe(listener: NotificationSignalListener) {
    this.emitter.on('signal', listener);
  }
}

/**
 * With Redis: pub/sub on one channel under the deployment's queue prefix. The subscriber connection
 * is opened by the first subscribe, so the worker (which only publishes) holds one connection.
 */
export class RedisNotificationSignals extends NotificationSignals implements OnApplicationShutdown {
  private readonly logger = new Logger('NotificationSignals');
  private readonly channel: string;
  private publisher?: Redis;
  private subscriber?: Redis;
  private subscription?: Promise<unknown>;
  private readonly listeners: NotificationSignalListener[] = [];

  constructor(
    private readonly redisUrl: string,
    prefix: string,
  ) {
    super();
    this.channel = `${prefix}:notifications`;
  }

  async publish(signals: readonly NotificationSignal[]) {
    if (!signals.length) return;
    // No offline queue: while Redis is down a publish fails at once instead of piling up.
    this.publisher ??= new Redis(this.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    if (this.publisher.status === 'wait') await this.publisher.connect();
    const batch = this.publisher.pipeline();
    for (const signal of signals) batch.publish(this.channel, JSON.stringify(signal));
    await batch.exec();
  }

  async subscribe(listener: NotificationSignalListener) {
    this.listeners.push(listener);
    if (this.subscription) return void (await this.subscription);
    // ioredis resubscribes by itself after a reconnect.
    this.subscriber = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
    this.subscriber.on('error', (error) => this.logger.warn(`Subscriber: ${error.message}`));
    this.subscriber.on('message', (_channel, message) => {
      let signal: NotificationSignal;
      try {
        signal = JSON.parse(message) as NotificationSignal;
      } catch {
        return;
      }
      for (const each of this.listeners) each(signal);
    });
    this.subscription = this.subscriber.subscribe(this.channel);
    await this.subscription;
  }

  async onApplicationShutdown() {
    this.publisher?.disconnect();
    this.subscriber?.disconnect();
  }
}
