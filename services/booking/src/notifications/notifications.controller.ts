import { Controller, Get, HttpCode, HttpException, HttpStatus, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import type { NotificationListResponse, UnreadCountEvent } from '@khidma/contracts';
import { Answers, AnswersMedia, type AuthUser, CurrentUser } from '@khidma/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ListNotificationsQuery } from './dto/list-notifications.query.js';
import { MAX_STREAMS_PER_USER, NotificationStreams } from './live/notification-streams.js';
import { notificationNotFound, NotificationsService } from './notifications.service.js';

/** The caller's own notifications (every route needs sign-in: the global guard denies by default). */
@Controller('notifications')
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly streams: NotificationStreams,
  ) {}

  @Get()
  @Answers(200, 'NotificationListResponse')
  list(@CurrentUser() user: AuthUser, @Query() query: ListNotificationsQuery): Promise<NotificationListResponse> {
    return this.notifications.list(user.id, query);
  }

  /**
   * Server-sent events: `unread` on open and after every change, `notification` for each new one,
   * a comment every 25 s. The response is taken from Fastify (hijacked), so no hook buffers,
   * compresses or ends it; the headers set so far (request id) go with it.
   */
  @Get('stream')
  @AnswersMedia(200, ['text/event-stream'], 'Server-sent events: `unread` (UnreadCountEvent) and `notification` (NotificationDto) frames')
  async stream(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (this.streams.count(user.id) >= MAX_STREAMS_PER_USER) {
      throw new HttpException(
        { code: 'rate_limited', message: 'Too many open notification streams; close a tab and try again' },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    reply.hijack();
    const headers = Object.fromEntries(Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)]));
    request.raw.socket.setNoDelay(true);
    await this.streams.open(user.id, reply.raw, headers);
  }

  @Post('read-all')
  @Answers(200, 'UnreadCountEvent')
  @HttpCode(200)
  readAll(@CurrentUser() user: AuthUser): Promise<UnreadCountEvent> {
    return this.notifications.markAllRead(user.id);
  }

  @Post(':id/read')
  @Answers(200, 'UnreadCountEvent')
  @HttpCode(200)
  read(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: notificationNotFound })) id: string,
  ): Promise<UnreadCountEvent> {
    return this.notifications.markRead(user.id, id);
  }
}
