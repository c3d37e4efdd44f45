import type { ServerResponse } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type ConversationChangedEvent, NOTIFICATION_STREAM_EVENTS, type NotificationDto, type UnreadCountEvent } from '@khidma/contracts';
import { SERVICE_CONFIG } from '@khidma/nest-kit';
import type { BookingConfig } from '../../config.js';
import { NotificationsService } from '../notifications.service.js';
import { type NotificationSignal, NotificationSignals } from './notification-signals.js';

const SUBSCRIBE_WAIT_MS = 5_000;

/** Open streams one user may hold on one replica: a tab each, with room to spare, but not unbounded. */
export const MAX_STREAMS_PER_USER = 10;

/** One SSE frame; JSON data never contains a raw newline, so one `data:` line is enough. */
const frame = (event: string, data: NotificationDto | UnreadCountEvent | ConversationChangedEvent) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The open notification streams of this process, by user. Every replica hears every signal and
 * writes to the streams it holds; a user with none here costs a map lookup.
 */
@Injectable()
export class NotificationStreams implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('NotificationStreams');
  private readonly byUser = new Map<string, Set<ServerResponse>>();
  /** Deliveries run one after another, so a stream never shows an older count after a newer one. */
  private delivering: Promise<void> = Promise.resolve();

  constructor(
    private readonly signals: NotificationSignals,
    private readonly notifications: NotificationsService,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  /**
   * Waits (a little) for the subscription, so a replica that reports started already hears signals;
   * with Redis unreachable it starts anyway, and the subscription follows when Redis is back.
   */
  async onApplicationBootstrap() {
    const subscribed = this.signals
      .subscribe((signal) => {
        this.delivering = this.delivering.then(() => this.deliver(signal));
      })
      .then(() => true)
      .catch((error: Error) => {
        this.logger.warn(`Not subscribed to notification signals: ${error.message}`);
        return true;
      });
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS)));
    if (!(await Promise.race([subscribed, gaveUp]))) {
      this.logger.warn('Notification signals not subscribed yet; open streams get live updates once Redis answers');
    }
    clearTimeout(timer);
  }

  /** How many streams are open (all users, or one). */
  count(userId?: string): number {
    if (userId) return this.byUser.get(userId)?.size ?? 0;
    let total = 0;
    for (const streams of this.byUser.values()) total += streams.size;
    return total;
  }

  /**
   * Takes over the response: headers go out at once (nothing buffers or compresses them), then the
   * current unread count, then whatever happens, until the client goes away.
   */
  async open(userId: string, response: ServerResponse, headers: Record<string, string>) {
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx and similar proxies: pass each event on as it comes.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    const streams = this.byUser.get(userId) ?? new Set<ServerResponse>();
    this.byUser.set(userId, streams);
    streams.add(response);
    const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), this.config.NOTIFICATION_HEARTBEAT_MS);
    response.once('close', () => {
      clearInterval(heartbeat);
      streams.delete(response);
      if (!streams.size && this.byUser.get(userId) === streams) this.byUser.delete(userId);
    });
    try {
      const unreadCount = await this.notifications.unreadCount(userId);
      if (!response.writableEnded) response.write(frame(NOTIFICATION_STREAM_EVENTS.unread, { unreadCount }));
    } catch (error) {
      // The headers are out: the client learns of trouble by the stream ending, and reconnects.
      this.logger.warn(`Could not open ${userId}'s stream: ${(error as Error).message}`);
      response.end();
    }
  }

  private async deliver({ userId, notification, conversationId }: NotificationSignal) {
    const streams = this.byUser.get(userId);
    if (!streams?.size) return;
    if (conversationId) {
      // Conversations keep their own unread counts: the notification count did not change.
      const text = frame(NOTIFICATION_STREAM_EVENTS.conversation, { conversationId });
      for (const response of streams) response.write(text);
      return;
    }
    try {
      const unreadCount = await this.notifications.unreadCount(userId);
      const text =
        (notification ? frame(NOTIFICATION_STREAM_EVENTS.notification, notification) : '') +
        frame(NOTIFICATION_STREAM_EVENTS.unread, { unreadCount });
      for (const response of streams) response.write(text);
    } catch (error) {
      this.logger.warn(`Could not push to ${userId}'s streams: ${(error as Error).message}`);
    }
  }

  /** Before the server closes: an open stream would keep it waiting forever. */
  onModuleDestroy() {
    for (const streams of this.byUser.values()) for (const response of streams) response.end();
    this.byUser.clear();
  }
}
