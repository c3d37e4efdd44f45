import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type BookingStatus,
  type ConversationDto,
  type ConversationListResponse,
  type ConversationMessageDto,
  type ConversationMessagesResponse,
  type ConversationSide,
  CONVERSATION_RULES,
  type UnreadCountEvent,
} from '@khidma/contracts';
import { type AuthUser, Clock, OutboxService, SERVICE_CONFIG } from '@khidma/nest-kit';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager, In, IsNull } from 'typeorm';
import { Booking } from '../bookings/entities/booking.entity.js';
import { BookingTransactions, isDuplicateKey } from '../bookings/transactions.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import type { BookingConfig } from '../config.js';
import { NotificationSignals } from '../notifications/live/notification-signals.js';
import { checkImage } from '../provider-applications/document-images.js';
import { CONVERSATION_MESSAGE_SENT, type MessageSentPayload, messagePreview } from './conversation.events.js';
import { type Reader, senderNamesOf, toConversationDto, toMessageDto } from './conversation-dto.js';
import type { ConversationMessagesQuery, OpenConversationDto, SendMessageDto } from './dto/conversation.dto.js';
import { ConversationMessage } from './entities/conversation-message.entity.js';
import { Conversation, enquiryKeyOf } from './entities/conversation.entity.js';
import { MessageReport } from './entities/message-report.entity.js';

export const conversationNotFound = () => new NotFoundException({ code: 'not_found', message: 'Conversation not found' });
export const messageNotFound = () => new NotFoundException({ code: 'not_found', message: 'Message not found' });

/** Bookings whose conversation closes (after the grace period). */
const CLOSED_STATUSES: readonly BookingStatus[] = ['completed', 'cancelled'];


/** A conversation the caller may read, with everything its answers need. */
interface Visible {
  conversation: Conversation;
  provider: Provider;
  booking: Booking | null;
  reader: Reader;
  readOnly: boolean;
}

/**
 * Client–provider conversations. Only the two parties read and write; an admin reads (never writes)
 * a conversation once one of its messages was reported. Anyone else is told it does not exist.
 */
@Injectable()
export class ConversationsService {
  private readonly logger = new Logger('Conversations');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: BookingTransactions,
    private readonly outbox: OutboxService,
    private readonly signals: NotificationSignals,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  /**
   * The booking's thread (client or provider of the booking), or the caller's enquiry with the
   * provider (any signed-in user but the provider and admins). A booking takes over its client's open
   * enquiry with that provider, so the earlier questions stay with it.
   */
  async open(user: AuthUser, dto: OpenConversationDto): Promise<ConversationDto> {
    const provider = await this.dataSource.getRepository(Provider).findOneBy({ id: dto.providerId });
    if (!provider) throw new NotFoundException({ code: 'not_found', message: 'Provider not found' });
    for (let attempt = 1; ; attempt++) {
      try {
        const id = dto.bookingId ? await this.openForBooking(user, provider, dto.bookingId) : await this.openEnquiry(user, provider, dto);
        return this.dto(await this.visible(this.dataSource.manager, user, id));
      } catch (error) {
        // Both parties opened it at once: the other insert won, and the next pass finds its row.
        if (!isDuplicateKey(error) || attempt >= 2) throw error;
      }
    }
  }

  private async openForBooking(user: AuthUser, provider: Provider, bookingId: string): Promise<string> {
    const booking = await this.dataSource.getRepository(Booking).findOneBy({ id: bookingId, providerId: provider.id });
    if (!booking || (user.id !== booking.clientId && user.id !== provider.userId)) {
      throw new NotFoundException({ code: 'not_found', message: 'Booking not found' });
    }
    return this.transactions.run(async (manager) => {
      const existing = await manager.findOneBy(Conversation, { bookingId: booking.id });
      if (existing) return existing.id;
      const enquiry = await manager.findOne(Conversation, {
        where: { enquiryKey: enquiryKeyOf(booking.clientId, provider.id) },
        lock: this.transactions.rowLock,
      });
      if (enquiry) {
        await manager.update(Conversation, { id: enquiry.id }, { bookingId: booking.id, enquiryKey: null });
        return enquiry.id;
      }
      const id = randomUUID();
      await manager.insert(Conversation, {
        id,
        providerId: provider.id,
        providerUserId: provider.userId,
        clientId: booking.clientId,
        clientName: booking.clientName,
        clientEmail: booking.clientEmail,
        clientLanguage: booking.clientLanguage,
        bookingId: booking.id,
        enquiryKey: null,
        lastMessageAt: null,
      });
      return id;
    });
  }

  private async openEnquiry(user: AuthUser, provider: Provider, dto: OpenConversationDto): Promise<string> {
    if (user.id === provider.userId) {
      throw new BadRequestException({ code: 'cannot_message_yourself', message: 'You cannot start a conversation with yourself' });
    }
    if (user.role === 'admin') throw new ForbiddenException({ code: 'forbidden', message: 'Admins do not take part in conversations' });
    if (provider.status !== 'approved') throw new NotFoundException({ code: 'not_found', message: 'Provider not found' });
    const enquiryKey = enquiryKeyOf(user.id, provider.id);
    const existing = await this.dataSource.getRepository(Conversation).findOneBy({ enquiryKey });
    if (existing) return existing.id;
    const id = randomUUID();
    await this.transactions.run((manager) =>
      manager.insert(Conversation, {
        id,
        providerId: provider.id,
        providerUserId: provider.userId,
        clientId: user.id,
        clientName: user.email.split('@')[0]!.slice(0, 100),
        clientEmail: user.email,
        clientLanguage: dto.language ?? 'en',
        bookingId: null,
        enquiryKey,
        lastMessageAt: null,
      }),
    );
    return id;
  }

  /** The caller's conversations with a message in them, latest first, each with its unread count. */
  async list(user: AuthUser): Promise<ConversationListResponse> {
    await this.markDelivered(user.id);
    const conversations = await this.dataSource
      .getRepository(Conversation)
      .createQueryBuilder('c')
      .where('(c.clientId = :me OR c.providerUserId = :me)', { me: user.id })
      .andWhere('c.lastMessageAt IS NOT NULL')
      .orderBy('c.lastMessageAt', 'DESC')
      .take(200)
      .getMany();
    if (!conversations.length) return { conversations: [], unreadCount: 0 };
    const ids = conversations.map((c) => c.id);
    const [providers, bookings, unread, lasts] = await Promise.all([
      this.dataSource.getRepository(Provider).findBy({ id: In([...new Set(conversations.map((c) => c.providerId))]) }),
      this.dataSource.getRepository(Booking).findBy({ id: In(conversations.flatMap((c) => (c.bookingId ? [c.bookingId] : []))) }),
      this.unreadByConversation(user.id, ids),
      this.lastMessages(ids),
    ]);
    const providerOf = new Map(providers.map((p) => [p.id, p]));
    const bookingOf = new Map(bookings.map((b) => [b.id, b]));
    const now = this.clock.now();
    const summaries = conversations.map((conversation) => {
      const booking = conversation.bookingId ? (bookingOf.get(conversation.bookingId) ?? null) : null;
      const side: ConversationSide = conversation.clientId === user.id ? 'client' : 'provider';
      const last = lasts.get(conversation.id);
      const lastDto = last && toMessageDto(last, { userId: user.id, side });
      return {
        ...toConversationDto(conversation, providerOf.get(conversation.providerId)!, booking, side, this.isReadOnly(booking, now)),
        lastMessage: lastDto
          ? { text: lastDto.text, mine: lastDto.mine, hidden: lastDto.hidden, createdAt: lastDto.createdAt, hasImage: Boolean(last.imageContentType) }
          : null,
        unreadCount: unread.get(conversation.id) ?? 0,
      };
    });
    return { conversations: summaries, unreadCount: await this.unreadCount(user.id) };
  }

  /** Unread messages to the caller in all conversations (the header's badge), on the unread index alone. */
  unreadCount(userId: string): Promise<number> {
    return this.dataSource.getRepository(ConversationMessage).countBy({ recipientId: userId, readAt: IsNull(), hiddenAt: IsNull() });
  }

  /** A page of messages, oldest first; the recipient's fetch marks them delivered. */
  async messages(user: AuthUser, id: string, query: ConversationMessagesQuery): Promise<ConversationMessagesResponse> {
    const visible = await this.visible(this.dataSource.manager, user, id);
    if (visible.reader.side) await this.markDelivered(user.id, id);
    const repository = this.dataSource.getRepository(ConversationMessage);
    const page = repository
      .createQueryBuilder('m')
      .where('m.conversationId = :id', { id })
      .orderBy('m.createdAt', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .take(CONVERSATION_RULES.pageSize + 1);
    if (query.before) {
      const cursor = await repository.findOneBy({ id: query.before, conversationId: id });
      if (!cursor) {
        throw new BadRequestException({
          code: 'validation_failed',
          message: 'before must be the id of a message of this conversation',
          fields: { before: 'unknownMessage' },
        });
      }
      page.andWhere('(m.createdAt < :at OR (m.createdAt = :at AND m.id < :cursor))', { at: cursor.createdAt, cursor: cursor.id });
    }
    const rows = await page.getMany();
    const hasMore = rows.length > CONVERSATION_RULES.pageSize;
    const shown = rows.slice(0, CONVERSATION_RULES.pageSize).reverse();
    const reports = shown.length ? await this.dataSource.getRepository(MessageReport).findBy({ messageId: In(shown.map((m) => m.id)) }) : [];
    const admin = visible.reader.side === null;
    return {
      conversation: this.dto(visible),
      messages: shown.map((message) => {
        const about = reports.filter((report) => report.messageId === message.id);
        return toMessageDto(
          message,
          visible.reader,
          about.some((report) => report.reporterId === user.id),
          admin ? about.length : undefined,
        );
      }),
      hasMore,
    };
  }

  /**
   * Stores a message (text and/or a photo checked like a provider document) with its event, on the
   * locked conversation: sends to one conversation take turns, so exactly one of them starts a burst.
   */
  async send(user: AuthUser, id: string, dto: SendMessageDto): Promise<ConversationMessageDto> {
    if (!dto.text && !dto.image) {
      throw new BadRequestException({ code: 'message_empty', message: 'Write a message or attach a photo', fields: { text: 'required' } });
    }
    // Checked before anything is written: a refused photo leaves nothing behind.
    const image = dto.image ? await checkImage(dto.image, 'Photo') : null;
    const message = await this.transactions.run(async (manager) => {
      const visible = await this.visible(manager, user, id, this.transactions.rowLock);
      const { conversation, provider, reader } = visible;
      if (!reader.side) throw new ForbiddenException({ code: 'forbidden', message: 'Admins read reported conversations; they do not write in them' });
      if (visible.readOnly) {
        throw new ConflictException({ code: 'conversation_read_only', message: 'This conversation is closed: its booking ended' });
      }
      const recipientId = reader.side === 'client' ? conversation.providerUserId : conversation.clientId;
      const hadUnread = await manager.existsBy(ConversationMessage, { conversationId: id, recipientId, readAt: IsNull(), hiddenAt: IsNull() });
      const row = manager.create(ConversationMessage, {
        id: randomUUID(),
        conversationId: id,
        senderId: user.id,
        senderSide: reader.side,
        recipientId,
        text: dto.text ?? null,
        imageContentType: image?.contentType ?? null,
        imageBytes: image?.data.length ?? null,
        imageData: image?.data ?? null,
        deliveredAt: null,
        readAt: null,
        hiddenAt: null,
        hiddenBy: null,
        // The real time, as every stored row's: it orders the thread, which a pinned clock would not.
        createdAt: new Date(),
      });
      await manager.insert(ConversationMessage, { ...row });
      await manager.update(Conversation, { id }, { lastMessageAt: row.createdAt });
      const recipient =
        reader.side === 'client'
          ? { userId: provider.userId, name: provider.businessName, email: provider.email, language: provider.language }
          : { userId: conversation.clientId, name: conversation.clientName, email: conversation.clientEmail, language: conversation.clientLanguage };
      const senderNames = senderNamesOf(reader.side, conversation.clientName, provider);
      const payload: MessageSentPayload = {
        conversationId: id,
        messageId: row.id,
        bookingId: conversation.bookingId,
        providerId: conversation.providerId,
        senderSide: reader.side,
        senderName: senderNames[recipient.language],
        senderNames,
        recipient,
        preview: messagePreview(row.text),
        startsBurst: !hadUnread,
      };
      await this.outbox.publishEvent(manager, CONVERSATION_MESSAGE_SENT, { ...payload });
      return row;
    });
    await this.changed(id, [message.recipientId, user.id]);
    return toMessageDto(message, { userId: user.id, side: message.senderSide });
  }

  /** The caller read everything sent to them in the conversation; the sender's ticks turn to "read". */
  async markRead(user: AuthUser, id: string): Promise<UnreadCountEvent> {
    const { conversation, reader } = await this.visible(this.dataSource.manager, user, id);
    if (reader.side) {
      const now = this.clock.now();
      const repository = this.dataSource.getRepository(ConversationMessage);
      await repository.update({ conversationId: id, recipientId: user.id, deliveredAt: IsNull() }, { deliveredAt: now });
      const result = await repository.update({ conversationId: id, recipientId: user.id, readAt: IsNull() }, { readAt: now });
      if (result.affected) await this.changed(id, [conversation.clientId, conversation.providerUserId]);
    }
    return { unreadCount: await this.unreadCount(user.id) };
  }

  /** A message's photo, for whoever may read the conversation (a hidden one for admins only). */
  async image(user: AuthUser, id: string, messageId: string): Promise<{ contentType: string; data: Buffer }> {
    const { reader } = await this.visible(this.dataSource.manager, user, id);
    const message = await this.dataSource
      .getRepository(ConversationMessage)
      .createQueryBuilder('m')
      .addSelect('m.imageData')
      .where('m.id = :messageId AND m.conversationId = :id', { messageId, id })
      .getOne();
    if (!message?.imageData || !message.imageContentType || (message.hiddenAt && reader.side)) throw messageNotFound();
    return { contentType: message.imageContentType, data: Buffer.from(message.imageData) };
  }

  /** A party reports the other side's message (again: no change); admins can then read the conversation. */
  async report(user: AuthUser, id: string, messageId: string, reason: string): Promise<{ reported: true }> {
    const { reader } = await this.visible(this.dataSource.manager, user, id);
    if (!reader.side) throw new ForbiddenException({ code: 'forbidden', message: 'Only the two parties report messages' });
    const message = await this.dataSource.getRepository(ConversationMessage).findOneBy({ id: messageId, conversationId: id });
    if (!message) throw messageNotFound();
    if (message.senderId === user.id) {
      throw new BadRequestException({ code: 'validation_failed', message: 'You can only report messages you received', fields: { messageId: 'ownMessage' } });
    }
    try {
      await this.dataSource.getRepository(MessageReport).insert({ id: randomUUID(), messageId, conversationId: id, reporterId: user.id, reason });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    return { reported: true };
  }

  /**
   * Who may read conversation `id`, and whether it is closed: its parties; an admin when one of its
   * messages was reported (read-only); anyone else gets the 404 of a conversation that does not exist.
   */
  async visible(manager: EntityManager, user: AuthUser, id: string, lock?: BookingTransactions['rowLock']): Promise<Visible> {
    const conversation = await manager.findOne(Conversation, { where: { id }, lock });
    if (!conversation) throw conversationNotFound();
    let side: ConversationSide | null;
    if (user.id === conversation.clientId) side = 'client';
    else if (user.id === conversation.providerUserId) side = 'provider';
    else if (user.role === 'admin' && (await manager.existsBy(MessageReport, { conversationId: id }))) side = null;
    else throw conversationNotFound();
    const provider = await manager.findOneByOrFail(Provider, { id: conversation.providerId });
    const booking = conversation.bookingId ? await manager.findOneBy(Booking, { id: conversation.bookingId }) : null;
    const readOnly = side === null || this.isReadOnly(booking, this.clock.now());
    return { conversation, provider, booking, reader: { userId: user.id, side }, readOnly };
  }

  dto({ conversation, provider, booking, reader, readOnly }: Visible): ConversationDto {
    return toConversationDto(conversation, provider, booking, reader.side, readOnly);
  }

  /**
   * A completed or cancelled booking's thread closes CHAT_READ_ONLY_AFTER_HOURS after the appointment's
   * end (a booking called off early stays open for questions until then): measured on the booking's
   * own times and the service clock, never on when a row happened to be written.
   */
  isReadOnly(booking: Booking | null, now: Date): boolean {
    if (!booking || !CLOSED_STATUSES.includes(booking.status)) return false;
    const end = booking.startsAt.getTime() + booking.duration * 60_000;
    return now.getTime() > end + this.config.CHAT_READ_ONLY_AFTER_HOURS * 3_600_000;
  }

  /** Tells the users' open streams (any replica) that the conversation changed; best effort, the API is the truth. */
  async changed(conversationId: string, userIds: readonly string[]) {
    await this.signals
      .publish([...new Set(userIds)].map((userId) => ({ userId, conversationId })))
      .catch((error: Error) => this.logger.warn(`Live conversation push failed: ${error.message}`));
  }

  /** Messages to the user (in one conversation, or all) reached their app: the senders' ticks say so. */
  private async markDelivered(userId: string, conversationId?: string) {
    const repository = this.dataSource.getRepository(ConversationMessage);
    const where = { recipientId: userId, deliveredAt: IsNull(), ...(conversationId && { conversationId }) };
    const reached = await repository.find({ where, select: { id: true, conversationId: true, senderId: true } });
    if (!reached.length) return;
    await repository.update({ id: In(reached.map((m) => m.id)) }, { deliveredAt: this.clock.now() });
    for (const conversation of new Set(reached.map((m) => m.conversationId))) {
      await this.changed(conversation, reached.filter((m) => m.conversationId === conversation).map((m) => m.senderId));
    }
  }

  private async unreadByConversation(userId: string, ids: string[]): Promise<Map<string, number>> {
    const rows: { conversationId: string; unread: string | number }[] = await this.dataSource
      .getRepository(ConversationMessage)
      .createQueryBuilder('m')
      .select('m.conversationId', 'conversationId')
      .addSelect('COUNT(*)', 'unread')
      .where('m.recipientId = :userId AND m.readAt IS NULL AND m.hiddenAt IS NULL', { userId })
      .andWhere('m.conversationId IN (:...ids)', { ids })
      .groupBy('m.conversationId')
      .getRawMany();
    return new Map(rows.map((row) => [row.conversationId, Number(row.unread)]));
  }

  /** The newest message of each conversation, read on the thread index. */
  private async lastMessages(ids: string[]): Promise<Map<string, ConversationMessage>> {
    const latest = await Promise.all(
      ids.map((conversationId) =>
        this.dataSource.getRepository(ConversationMessage).findOne({ where: { conversationId }, order: { createdAt: 'DESC', id: 'DESC' } }),
      ),
    );
    return new Map(latest.flatMap((message) => (message ? [[message.conversationId, message] as const] : [])));
  }
}
