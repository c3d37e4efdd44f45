import type { NotificationDto } from '@khidma/contracts';
import type { Notification } from './entities/notification.entity.js';

/** The API (and stream) shape of a stored notification. */
export const toNotificationDto = (row: Notification): NotificationDto => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  ...(row.translations && { translations: row.translations }),
  isRead: Boolean(row.isRead),
  createdAt: row.createdAt.toISOString(),
  metadata: row.metadata,
});
