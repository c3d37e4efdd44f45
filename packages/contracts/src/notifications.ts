import type { Language } from './constants.js';
import type { NotificationType, Role } from './enums.js';

/** Booking events that notify people (also the `event` of a booking notification's metadata). */
export const BOOKING_EVENT_TYPES = [
  'booking.created',
  'booking.accepted',
  'booking.declined',
  'booking.started',
  'booking.cancelled',
  'booking.rescheduled',
  'booking.paid',
  'booking.completed',
] as const;
export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[number];

export interface NotificationMetadata {
  bookingId?: string;
  bookingNumber?: string;
  providerId?: string;
  event?: string;
  /** A chat notification's conversation. */
  conversationId?: string;
  /** The recipient caused it (a receipt of their own action): listed and counted, never announced. */
  byYou?: boolean;
}

/** A notification's words in one language. */
export interface NotificationText {
  title: string;
  message: string;
}

/**
 * Spec §3 Notification. Title and message are written in the recipient's language (as its e-mail is);
 * `translations` holds the same notice in every language, so it reads in whichever language the app is
 * shown in. Notices written before translations were kept have none.
 */
export interface NotificationDto {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  translations?: Record<Language, NotificationText>;
  isRead: boolean;
  createdAt: string;
  metadata: NotificationMetadata;
}

/** A notification as a reader of `language` sees it: its translation, or its words as written. */
export function notificationText(notification: Pick<NotificationDto, 'title' | 'message' | 'translations'>, language: Language): NotificationText {
  return notification.translations?.[language] ?? { title: notification.title, message: notification.message };
}

/** `GET /api/notifications?limit=&before=` (newest first). */
export interface NotificationListResponse {
  notifications: NotificationDto[];
  unreadCount: number;
}
export const NOTIFICATION_LIST_LIMITS = { defaultLimit: 20, maxLimit: 100 } as const;

/**
 * `GET /api/notifications/stream`: server-sent events for the signed-in user.
 * `notification` carries a NotificationDto, `unread` an `{ unreadCount }` after any change.
 */
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', unread: 'unread', conversation: 'conversation' } as const;
/** `event: conversation`: something changed in one of the caller's conversations (a new message, read receipts). */
export interface ConversationChangedEvent {
  conversationId: string;
}
export interface UnreadCountEvent {
  unreadCount: number;
}

/** Where a notification leads (spec §2 header notification dropdown). */
export function notificationLink(notification: Pick<NotificationDto, 'type' | 'metadata'>, role: Role): string {
  if (role === 'admin') return '/admin?tab=pending';
  const { bookingId, providerId, conversationId } = notification.metadata;
  switch (notification.type) {
    case 'booking':
      return bookingId ? `/my-bookings/${encodeURIComponent(bookingId)}` : '/my-bookings';
    case 'chat': {
      // Built by hand: contracts compile without DOM or Node types, so URLSearchParams is not known.
      // An enquiry (no booking) is named by its conversation: a provider has one per client.
      const search = [
        ['provider', providerId],
        ['booking', bookingId],
        ['conversation', bookingId ? undefined : conversationId],
      ]
        .filter((pair): pair is [string, string] => Boolean(pair[1]))
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('&');
      return search ? `/chat?${search}` : '/chat';
    }
    case 'provider_application':
      return '/provider-dashboard';
    default:
      return '/notifications';
  }
}
