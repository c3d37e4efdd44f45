import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@khidma/nest-kit';
import type { ConversationMessageDto, ReportedConversationListResponse } from '@khidma/contracts';
import { Clock } from '@khidma/nest-kit';
import { DataSource, In } from 'typeorm';
import { AdminAuditLog } from '../audit/admin-audit.service.js';
import { Booking } from '../bookings/entities/booking.entity.js';
import { BookingTransactions } from '../bookings/transactions.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { toConversationDto, toMessageDto } from './conversation-dto.js';
import { ConversationsService, messageNotFound } from './conversations.service.js';
import { ConversationMessage } from './entities/conversation-message.entity.js';
import { Conversation } from './entities/conversation.entity.js';
import { MessageReport } from './entities/message-report.entity.js';

/** The admin's side of conversations: the reported ones, and hiding (or showing again) a reported message. */
@Injectable()
export class ConversationModerationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly conversations: ConversationsService,
    private readonly clock: Clock,
    private readonly transactions: BookingTransactions,
    private readonly audit: AdminAuditLog,
  ) {}

  /** Conversations with at least one report, the latest report first; `openReports` counts reports of messages still shown. */
  async reported(): Promise<ReportedConversationListResponse> {
    const rows: { conversationId: string; lastReportedAt: Date | string; open: string | number }[] = await this.dataSource
      .getRepository(MessageReport)
      .createQueryBuilder('r')
      .innerJoin(ConversationMessage, 'm', 'm.id = r.messageId')
      .select('r.conversationId', 'conversationId')
      .addSelect('MAX(r.createdAt)', 'lastReportedAt')
      .addSelect('SUM(CASE WHEN m.hiddenAt IS NULL THEN 1 ELSE 0 END)', 'open')
      .groupBy('r.conversationId')
      .orderBy('lastReportedAt', 'DESC')
      .limit(200)
      .getRawMany();
    if (!rows.length) return { conversations: [] };
    const conversations = await this.dataSource.getRepository(Conversation).findBy({ id: In(rows.map((row) => row.conversationId)) });
    const byId = new Map(conversations.map((c) => [c.id, c]));
    const providers = new Map(
      (await this.dataSource.getRepository(Provider).findBy({ id: In([...new Set(conversations.map((c) => c.providerId))]) })).map((p) => [p.id, p]),
    );
    const bookingIds = conversations.flatMap((c) => (c.bookingId ? [c.bookingId] : []));
    const bookings = new Map((bookingIds.length ? await this.dataSource.getRepository(Booking).findBy({ id: In(bookingIds) }) : []).map((b) => [b.id, b]));
    return {
      conversations: rows.map((row) => {
        const conversation = byId.get(row.conversationId)!;
        const booking = conversation.bookingId ? (bookings.get(conversation.bookingId) ?? null) : null;
        return {
          ...toConversationDto(conversation, providers.get(conversation.providerId)!, booking, null, true),
          openReports: Number(row.open),
          // SQLite answers MAX() of a datetime as its stored text.
          lastReportedAt: new Date(row.lastReportedAt instanceof Date ? row.lastReportedAt : `${String(row.lastReportedAt).replace(' ', 'T')}Z`).toISOString(),
        };
      }),
    };
  }

  /**
   * Hides a reported message from both parties (or shows it again), with its audit entry in the same
   * transaction; unreported messages are not the admin's to touch.
   */
  async hide(admin: AuthUser, messageId: string, hidden: boolean): Promise<ConversationMessageDto> {
    const { message, conversation, reports } = await this.transactions.run(async (manager) => {
      const message = await manager.findOne(ConversationMessage, { where: { id: messageId }, lock: this.transactions.rowLock });
      const reports = message ? await manager.countBy(MessageReport, { messageId }) : 0;
      if (!message || !reports) throw messageNotFound();
      await manager.update(ConversationMessage, { id: messageId }, hidden ? { hiddenAt: this.clock.now(), hiddenBy: admin.id } : { hiddenAt: null, hiddenBy: null });
      const conversation = await manager.findOneByOrFail(Conversation, { id: message.conversationId });
      const provider = await manager.findOneByOrFail(Provider, { id: conversation.providerId });
      // Who talked to whom, and the message's opening (an image alone has no text).
      const about = (providerName: string) => `${conversation.clientName} / ${providerName}${message.text ? `: ${message.text}` : ''}`;
      await this.audit.record(manager, admin, {
        action: hidden ? 'message.hidden' : 'message.shown',
        targetType: 'conversation_message',
        targetId: message.id,
        summary: about(provider.businessName),
        summaryAr: about(provider.businessNameAr),
      });
      return { message: await manager.findOneByOrFail(ConversationMessage, { id: messageId }), conversation, reports };
    });
    await this.conversations.changed(conversation.id, [conversation.clientId, conversation.providerUserId]);
    return toMessageDto(message, { userId: admin.id, side: null }, false, reports);
  }
}
