import type { ConversationSide, Language } from '@khidma/contracts';
import type { BookingParty } from '../bookings/booking.events.js';

export const CONVERSATION_MESSAGE_SENT = 'conversation.message_sent';

/** A notification quotes the start of a message (null for a photo alone). */
const PREVIEW_LENGTH = 140;
export const messagePreview = (text: string | null) => (text ? text.slice(0, PREVIEW_LENGTH) : null);

/** Payload of `conversation.message_sent`: what the recipient's notification needs, taken when it was sent. */
export interface MessageSentPayload {
  conversationId: string;
  messageId: string;
  bookingId: string | null;
  providerId: string;
  senderSide: ConversationSide;
  /** The sender's name in the recipient's language. */
  senderName: string;
  /** The sender's name in every language (events queued before it was added carry senderName alone). */
  senderNames?: Record<Language, string>;
  recipient: BookingParty;
  /** The start of the text (or null for a photo alone). */
  preview: string | null;
  /** The recipient had nothing unread in this conversation before it: a digest e-mail is due if it stays unread. */
  startsBurst: boolean;
}

/** Job data of the delayed `chat-digest` job, one per burst (its job id is the burst's first message). */
export interface ChatDigestJob {
  conversationId: string;
  recipientId: string;
  firstMessageId: string;
}
