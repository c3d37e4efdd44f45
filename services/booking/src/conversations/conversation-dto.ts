import { type ConversationDto, type ConversationMessageDto, type ConversationSide, type Language, LANGUAGES } from '@khidma/contracts';
import { partyNameIn } from '../bookings/booking.events.js';
import type { Booking } from '../bookings/entities/booking.entity.js';
import type { Provider } from '../catalogue/entities/provider.entity.js';
import type { ConversationMessage } from './entities/conversation-message.entity.js';
import type { Conversation } from './entities/conversation.entity.js';

/** Where a message's image is served (to the two parties, and admins of a reported conversation). */
export const messageImageUrl = (message: Pick<ConversationMessage, 'id' | 'conversationId'>) =>
  `/api/conversations/${message.conversationId}/messages/${message.id}/image`;

/** The provider's name as a reader of `language` sees it (the Arabic name when it has one). */
export const providerNameIn = (provider: Pick<Provider, 'businessName' | 'businessNameAr'>, language: Language) =>
  partyNameIn({ name: provider.businessName, nameAr: provider.businessNameAr }, language);

/** A message's sender as each language's reader names it: a client by their own name, a provider by providerNameIn. */
export const senderNamesOf = (side: ConversationSide, clientName: string, provider: Pick<Provider, 'businessName' | 'businessNameAr'>) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, side === 'client' ? clientName : providerNameIn(provider, language)])) as Record<Language, string>;

/** Who reads: a party (its side) or an admin (side null, sees hidden content). */
export interface Reader {
  userId: string;
  side: ConversationSide | null;
}

export function toMessageDto(message: ConversationMessage, reader: Reader, reportedByMe = false, reportCount?: number): ConversationMessageDto {
  const hidden = message.hiddenAt !== null;
  const shown = !hidden || reader.side === null;
  return {
    id: message.id,
    conversationId: message.conversationId,
    senderSide: message.senderSide,
    mine: message.senderId === reader.userId,
    text: shown ? message.text : null,
    imageUrl: shown && message.imageContentType ? messageImageUrl(message) : null,
    state: message.readAt ? 'read' : message.deliveredAt ? 'delivered' : 'sent',
    hidden,
    reportedByMe,
    ...(reportCount !== undefined && { reportCount }),
    createdAt: message.createdAt.toISOString(),
  };
}

export function toConversationDto(
  conversation: Conversation,
  provider: Provider,
  booking: Booking | null,
  side: ConversationSide | null,
  readOnly: boolean,
): ConversationDto {
  return {
    id: conversation.id,
    providerId: conversation.providerId,
    bookingId: conversation.bookingId,
    bookingNumber: booking?.bookingNumber ?? null,
    bookingStatus: booking?.status ?? null,
    mySide: side,
    client: { name: conversation.clientName },
    provider: { name: provider.businessName, nameAr: provider.businessNameAr, avatarUrl: provider.avatarUrl },
    readOnly,
    lastMessageAt: conversation.lastMessageAt?.toISOString() ?? null,
    createdAt: conversation.createdAt.toISOString(),
  };
}
