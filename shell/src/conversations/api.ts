import type {
  ConversationDto,
  ConversationListResponse,
  ConversationMessageDto,
  ConversationMessagesResponse,
  OpenConversationRequest,
  SendMessageRequest,
  UnreadCountEvent,
} from '@khidma/contracts';
import { apiFetch, currentLanguage } from '@khidma/web-kit';

/** The booking service's conversation routes (through the gateway). */
export const conversationsApi = {
  open: (request: OpenConversationRequest) =>
    apiFetch<ConversationDto>('/conversations/open', { method: 'POST', json: { ...request, language: currentLanguage() } }),
  list: () => apiFetch<ConversationListResponse>('/conversations'),
  unread: () => apiFetch<UnreadCountEvent>('/conversations/unread'),
  messages: (id: string) => apiFetch<ConversationMessagesResponse>(`/conversations/${encodeURIComponent(id)}/messages`),
  send: (id: string, message: SendMessageRequest) =>
    apiFetch<ConversationMessageDto>(`/conversations/${encodeURIComponent(id)}/messages`, { method: 'POST', json: message }),
  read: (id: string) => apiFetch<UnreadCountEvent>(`/conversations/${encodeURIComponent(id)}/read`, { method: 'POST' }),
  report: (id: string, messageId: string, reason: string) =>
    apiFetch<{ reported: true }>(`/conversations/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}/report`, {
      method: 'POST',
      json: { reason },
    }),
};

/** The translation key for a refused conversation call (the server's code, else a generic failure). */
export function conversationErrorKey(error: unknown): string {
  const code = (error as { code?: string } | undefined)?.code;
  const known = ['conversation_read_only', 'message_empty', 'cannot_message_yourself', 'invalid_image', 'image_too_large', 'payload_too_large', 'not_found'];
  if (code && known.includes(code)) return `conversations.errors.${code}`;
  if (code === 'validation_failed') return 'conversations.errors.validation_failed';
  return 'conversations.errors.failed';
}
