import { Module } from '@nestjs/common';
import { OutboxModule } from '@khidma/nest-kit';
import { AdminAuditModule } from '../audit/admin-audit.module.js';
import { BookingsModule } from '../bookings/bookings.module.js';
import { NotificationSignalsModule } from '../notifications/live/notification-signals.module.js';
import { ConversationModerationService } from './conversation-moderation.service.js';
import { AdminConversationsController, ConversationsController } from './conversations.controller.js';
import { ConversationsService } from './conversations.service.js';

@Module({
  // Bookings' transaction runner and clock; the signals reach the open notification streams.
  imports: [OutboxModule, BookingsModule, NotificationSignalsModule, AdminAuditModule],
  controllers: [ConversationsController, AdminConversationsController],
  providers: [ConversationsService, ConversationModerationService],
})
export class ConversationsModule {}
