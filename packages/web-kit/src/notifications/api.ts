import { NOTIFICATION_LIST_LIMITS, type NotificationDto, type NotificationListResponse } from '@khidma/contracts';
import { apiFetch } from '../api.js';

/** The notification calls of spec §7 (under `/api`). */
export const NOTIFICATION_PATHS = {
  list: '/notifications',
  read: (id: string) => `/notifications/${encodeURIComponent(id)}/read`,
  readAll: '/notifications/read-all',
  stream: '/notifications/stream',
} as const;

/** One page of the list, newest first; `after` the page's oldest item for the next one. */
export function fetchNotificationPage(after?: NotificationDto): Promise<NotificationListResponse> {
  const query = new URLSearchParams({ limit: String(NOTIFICATION_LIST_LIMITS.defaultLimit) });
  if (after) query.set('before', pageCursor(after));
  return apiFetch<NotificationListResponse>(`${NOTIFICATION_PATHS.list}?${query.toString()}`, { cache: 'no-store' });
}

/** `before` is the id of the oldest notification shown: the server pages on (createdAt, id) after it. */
const pageCursor = (oldest: NotificationDto): string => oldest.id;

/** The server may answer a change with the new count; nothing else is read from the answer. */
export async function postNotificationChange(path: string): Promise<number | null> {
  const answer = await apiFetch<Partial<{ unreadCount: number }> | undefined>(path, { method: 'POST' });
  return typeof answer?.unreadCount === 'number' ? answer.unreadCount : null;
}
