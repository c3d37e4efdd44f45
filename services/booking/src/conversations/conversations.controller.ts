import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import type {
  ConversationDto,
  ConversationListResponse,
  ConversationMessageDto,
  ConversationMessagesResponse,
  ReportedConversationListResponse,
  ReportMessageResponse,
  UnreadCountEvent,
} from '@khidma/contracts';
import { Answers, AnswersMedia, type AuthUser, CurrentUser, Roles } from '@khidma/nest-kit';
import type { FastifyReply } from 'fastify';
import { ConversationModerationService } from './conversation-moderation.service.js';
import { conversationNotFound, ConversationsService, messageNotFound } from './conversations.service.js';
import { ConversationMessagesQuery, HideMessageDto, OpenConversationDto, ReportMessageDto, SendMessageDto } from './dto/conversation.dto.js';
import { sendStoredImage } from '../http/stored-image.js';
import { ALLOWED_IMAGE_TYPES } from '../provider-applications/document-images.js';

const conversationId = () => new ParseUUIDPipe({ exceptionFactory: conversationNotFound });
const messageId = () => new ParseUUIDPipe({ exceptionFactory: messageNotFound });

/** Every route needs a signed-in caller (the global guard); the service checks who, per conversation. */
@Controller('conversations')
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get()
  @Answers(200, 'ConversationListResponse')
  list(@CurrentUser() user: AuthUser): Promise<ConversationListResponse> {
    return this.conversations.list(user);
  }

  @Get('unread')
  @Answers(200, 'UnreadCountEvent')
  async unread(@CurrentUser() user: AuthUser): Promise<UnreadCountEvent> {
    return { unreadCount: await this.conversations.unreadCount(user.id) };
  }

  @Post('open')
  @Answers(200, 'ConversationDto')
  @HttpCode(200)
  open(@CurrentUser() user: AuthUser, @Body() dto: OpenConversationDto): Promise<ConversationDto> {
    return this.conversations.open(user, dto);
  }

  @Get(':id/messages')
  @Answers(200, 'ConversationMessagesResponse')
  messages(
    @CurrentUser() user: AuthUser,
    @Param('id', conversationId()) id: string,
    @Query() query: ConversationMessagesQuery,
  ): Promise<ConversationMessagesResponse> {
    return this.conversations.messages(user, id, query);
  }

  @Post(':id/messages')
  @Answers(201, 'ConversationMessageDto')
  @HttpCode(201)
  send(@CurrentUser() user: AuthUser, @Param('id', conversationId()) id: string, @Body() dto: SendMessageDto): Promise<ConversationMessageDto> {
    return this.conversations.send(user, id, dto);
  }

  @Post(':id/read')
  @Answers(200, 'UnreadCountEvent')
  @HttpCode(200)
  read(@CurrentUser() user: AuthUser, @Param('id', conversationId()) id: string): Promise<UnreadCountEvent> {
    return this.conversations.markRead(user, id);
  }

  /** A photo of a message: never cached, never sniffed into something else (as provider documents). */
  @Get(':id/messages/:messageId/image')
  @AnswersMedia(200, [...ALLOWED_IMAGE_TYPES], 'The photo, as the type its bytes were sniffed as on upload')
  async image(
    @CurrentUser() user: AuthUser,
    @Param('id', conversationId()) id: string,
    @Param('messageId', messageId()) message: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return sendStoredImage(reply, await this.conversations.image(user, id, message), 'private, no-store');
  }

  @Post(':id/messages/:messageId/report')
  @HttpCode(200)
  @Answers(200, 'ReportMessageResponse')
  report(
    @CurrentUser() user: AuthUser,
    @Param('id', conversationId()) id: string,
    @Param('messageId', messageId()) message: string,
    @Body() dto: ReportMessageDto,
  ): Promise<ReportMessageResponse> {
    return this.conversations.report(user, id, message, dto.reason);
  }
}

/** Reported conversations for the admin panel; the role comes from the verified token only. */
@Roles('admin')
@Controller('admin/conversations')
export class AdminConversationsController {
  constructor(private readonly moderation: ConversationModerationService) {}

  @Get('reported')
  @Answers(200, 'ReportedConversationListResponse')
  reported(): Promise<ReportedConversationListResponse> {
    return this.moderation.reported();
  }

  @Post('messages/:messageId/hide')
  @Answers(200, 'ConversationMessageDto')
  @HttpCode(200)
  hide(@CurrentUser() user: AuthUser, @Param('messageId', messageId()) message: string, @Body() dto: HideMessageDto): Promise<ConversationMessageDto> {
    return this.moderation.hide(user, message, dto.hidden);
  }
}
