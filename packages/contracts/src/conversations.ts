import type { BookingStatus } from './enums.js';

/** Which party of a conversation someone is. */
export type ConversationSide = 'client' | 'provider';

/** Limits of a chat message (checked by the booking service; the composer shows them). */
export const CONVERSATION_RULES = {
  maxTextLength: 2000,
  maxReportReasonLength: 500,
  pageSize: 50,
} as const;

/** Delivery state of a message as its sender sees it. */
export type MessageState = 'sent' | 'delivered' | 'read';

export interface ConversationMessageDto {
  id: string;
  conversationId: string;
  senderSide: ConversationSide;
  /** The caller wrote it. */
  mine: boolean;
  /** Null when the message is only an image, or hidden by an admin. */
  text: string | null;
  /** `/api/conversations/<id>/messages/<messageId>/image` (parties and admins only), or null. */
  imageUrl: string | null;
  state: MessageState;
  /** Hidden by an admin after a report: parties see a placeholder, admins still see the content. */
  hidden: boolean;
  /** The caller reported it. */
  reportedByMe: boolean;
  /** Admin view only: how many reports it has. */
  reportCount?: number;
  createdAt: string;
}

export interface ConversationDto {
  id: string;
  providerId: string;
  bookingId: string | null;
  bookingNumber: string | null;
  bookingStatus: BookingStatus | null;
  /** The caller's side; null for an admin reading a reported conversation. */
  mySide: ConversationSide | null;
  client: { name: string };
  provider: { name: string; nameAr: string; avatarUrl: string | null };
  /** No one may write any more (a closed or cancelled booking after the grace period, or an admin's view). */
  readOnly: boolean;
  lastMessageAt: string | null;
  createdAt: string;
}

export interface ConversationSummaryDto extends ConversationDto {
  lastMessage: Pick<ConversationMessageDto, 'text' | 'mine' | 'hidden' | 'createdAt'> & { hasImage: boolean } | null;
  unreadCount: number;
}

/** `GET /api/conversations`: the caller's conversations, the latest activity first. */
export interface ConversationListResponse {
  conversations: ConversationSummaryDto[];
  unreadCount: number;
}

/** `GET /api/conversations/:id/messages?before=`: oldest first within the page. */
export interface ConversationMessagesResponse {
  conversation: ConversationDto;
  messages: ConversationMessageDto[];
  hasMore: boolean;
}

/** `POST /api/conversations/open`: the booking's thread, or the client's enquiry thread with a provider. */
export interface OpenConversationRequest {
  providerId: string;
  bookingId?: string;
}

/** `POST /api/conversations/:id/messages`: text, an image (data URL, same rules as provider documents) or both. */
export interface SendMessageRequest {
  text?: string;
  image?: string;
}

export interface ReportMessageRequest {
  reason: string;
}
export interface ReportMessageResponse {
  reported: true;
}

/** `GET /api/admin/conversations/reported`. */
export interface ReportedConversationDto extends ConversationDto {
  openReports: number;
  lastReportedAt: string;
}
export interface ReportedConversationListResponse {
  conversations: ReportedConversationDto[];
}

/** Error codes of the conversation routes (frontends translate them). */
export const CONVERSATION_ERROR_CODES = ['conversation_read_only', 'message_empty', 'cannot_message_yourself'] as const;
