import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NotificationListResponse, UnreadCountEvent } from '@khidma/contracts';
import { DataSource } from 'typeorm';
import { ListNotificationsQuery } from './dto/list-notifications.query.js';
import { Notification } from './entities/notification.entity.js';
import { NotificationSignals } from './live/notification-signals.js';
import { toNotificationDto } from './notification-dto.js';

export const notificationNotFound = () => new NotFoundException({ code: 'not_found', message: 'Notification not found' });

/** A signed-in user's own notifications: the list, the unread count, and marking them read. */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger('Notifications');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly signals: NotificationSignals,
  ) {}

  private get rows() {
    return this.dataSource.getRepository(Notification);
  }

  /** Newest first; `before` pages on (createdAt, id), which idx_notifications_user_created serves. */
  async list(userId: string, { limit, before }: ListNotificationsQuery): Promise<NotificationListResponse> {
    const page = this.rows
      .createQueryBuilder('n')
      .where('n.userId = :userId', { userId })
      .orderBy('n.createdAt', 'DESC')
      .addOrderBy('n.id', 'DESC')
      .take(limit);
    if (before) {
      const cursor = await this.rows.findOne({ where: { id: before, userId }, select: { id: true, createdAt: true } });
      if (!cursor) {
        throw new BadRequestException({
          code: 'validation_failed',
          message: 'before must be the id of one of your notifications',
          fields: { before: 'unknownNotification' },
        });
      }
      page.andWhere('(n.createdAt < :at OR (n.createdAt = :at AND n.id < :id))', { at: cursor.createdAt, id: cursor.id });
    }
    const [notifications, unreadCount] = await Promise.all([page.getMany(), this.unreadCount(userId)]);
    return { notifications: notifications.map(toNotificationDto), unreadCount };
  }

  /** Counted on idx_notifications_user_unread alone. */
  unreadCount(userId: string): Promise<number> {
    return this.rows.countBy({ userId, isRead: false });
  }

  /** Someone else's id is answered like an unknown one: whether it exists is not the caller's business. */
  async markRead(userId: string, id: string): Promise<UnreadCountEvent> {
    const result = await this.rows.update({ id, userId }, { isRead: true });
    if (!result.affected) {
      // MySQL counts only changed rows: an already-read notification of the caller still exists.
      if (!(await this.rows.existsBy({ id, userId }))) {
        throw notificationNotFound();
      }
    }
    return this.changed(userId);
  }

  async markAllRead(userId: string): Promise<UnreadCountEvent> {
    await this.rows.update({ userId, isRead: false }, { isRead: true });
    return this.changed(userId);
  }

  /** Tells the user's other tabs (on any replica) and answers with the count as it is now. */
  private async changed(userId: string): Promise<UnreadCountEvent> {
    await this.signals
      .publish([{ userId }])
      .catch((error: Error) => this.logger.warn(`Live unread push failed: ${error.message}`));
    return { unreadCount: await this.unreadCount(userId) };
  }
}
