import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@khidma/nest-kit';
import type { ConversationMessageDto, ReportedConversationListResponse } from '@khidma/contracts';
import { Clock } from '@khidma/nest-kit';
import { DataSource, In } from 'typeorm';
import { Booking } from '../bookings/entities/booking.entity.js';
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

  /** Hides a reported message from both parties (or shows it again); unreported messages are not the admin's to touch. */
  async hide(admin: AuthUser, messageId: string, hidden: boolean): Promise<ConversationMessageDto> {
    const repository = this.dataSource.getRepository(ConversationMessage);
    const message = await repository.findOneBy({ id: messageId });
    const reports = message ? await this.dataSource.getRepository(MessageReport).countBy({ messageId }) : 0;
    if (!message || !reports) throw messageNotFound();
    await repository.update({ id: messageId }, hidden ? { hiddenAt: this.clock.now(), hiddenBy: admin.id } : { hiddenAt: null, hiddenBy: null });
    const conversation = await this.dataSource.getRepository(Conversation).findOneByOrFail({ id: message.conversationId });
    await this.conversations.changed(conversation.id, [conversation.clientId, conversation.providerUserId]);
    return toMessageDto(await repository.findOneByOrFail({ id: messageId }), { userId: admin.id, side: null }, false, reports);
  }
}
