import { Body, Controller, Get, HttpCode, Logger, Post, Query, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import { type AssistantAuditEntryDto, type PageActionResponse, type RegionCode, REQUEST_ID_HEADER } from '@khidma/contracts';
import { Answers, type AuthUser, bearerToken, CurrentUser, Public, Roles } from '@khidma/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Actor, ActionsService } from '../actions/actions.service.js';
import { DialogueEngine } from '../dialogue/dialogue.engine.js';
import type { AssistantReply } from '../dialogue/dialogue.types.js';
import { T } from '../dialogue/texts.js';
import { ChatEventStream, wantsEventStream } from './chat-stream.js';
import { ChatService } from './chat.service.js';
import { ActionRequestDto, AssistantAuditQuery, ChatRequestDto, PageActionDto } from './dto/chat.dto.js';
import { AssistantRateLimitGuard } from './rate-limit.guard.js';

interface RawRequest {
  headers: Record<string, string | undefined>;
}

const actorOf = (request: RawRequest, user: AuthUser | undefined, sessionId: string, region?: RegionCode): Actor => ({
  user,
  region,
  // Only a verified caller's token is carried on; the global guard checked it before this runs.
  bearer: user ? bearerToken(request.headers.authorization) : undefined,
  sessionId,
  requestId: request.headers[REQUEST_ID_HEADER],
});

const INTENT_OF = { book: 'book_service', cancel: 'cancel_booking', reschedule: 'reschedule_booking' } as const;

@UseGuards(AssistantRateLimitGuard)
@Controller()
export class ChatController {
  private readonly logger = new Logger('ChatController');

  constructor(
    private readonly chat: ChatService,
    private readonly dialogue: DialogueEngine,
    private readonly actions: ActionsService,
  ) {}

  /**
   * Public: the widget and the chat page call it signed in or not (spec §6); acting needs sign-in.
   * JSON, or with `Accept: text/event-stream` the same answer as events (contracts' CHAT_STREAM_EVENTS).
   * The guards and the body's validation have run before either starts: their refusals stay JSON.
   */
  @Public()
  @Post('ai/chat')
  @HttpCode(200)
  @Answers(200, 'ChatResponse', 'The reply as JSON, or with `Accept: text/event-stream` as the events of CHAT_STREAM_EVENTS')
  async send(
    @Req() request: RawRequest & Pick<FastifyRequest, 'raw'>,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser | undefined,
    @Body() body: ChatRequestDto,
  ): Promise<void> {
    const actor = actorOf(request, user, body.sessionId, body.region);
    if (!wantsEventStream(request.headers.accept)) {
      const answer: AssistantReply = await this.chat.chat(body.message, body.language, actor);
      return void reply.code(200).send(answer);
    }
    // Taken from Fastify so no hook buffers or compresses the events; the headers set so far (request id) go along.
    reply.hijack();
    request.raw.socket.setNoDelay(true);
    const stream = new ChatEventStream(reply.raw);
    stream.open(Object.fromEntries(Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)])));
    try {
      stream.finish(await this.chat.chat(body.message, body.language, actor, undefined, undefined, stream));
    } catch (error) {
      this.logger.error(`Chat stream failed: ${error instanceof Error ? error.message : String(error)}`);
      stream.fail({ code: 'assistant_unavailable', message: T.unavailable[body.language] });
    }
  }

  /** Spec §7: `detectIntent` answers like the chat; any other action is a confirmation with its token. */
  @Public()
  @Post('ai-actions/action')
  @HttpCode(200)
  @Answers(200, 'ChatResponse')
  async action(@Req() request: RawRequest, @CurrentUser() user: AuthUser | undefined, @Body() body: ActionRequestDto) {
    const actor = actorOf(request, user, body.sessionId, body.region);
    if (body.action === 'detectIntent') {
      const reply = await this.chat.chat(body.message ?? '', body.language, actor);
      return { ...reply, result: { message: reply.response } };
    }
    if (!user) throw new UnauthorizedException({ code: 'unauthorized', message: T.signIn[body.language] });
    const reply = await this.dialogue.confirm(actor, body.language, body.action, body.parameters ?? {}, body.confirmationToken ?? '');
    return { ...reply, result: { message: reply.response, success: reply.outcome === 'done' } };
  }

  /** Spec §7, the chat page: `confirm: false` proposes (or says what it still needs), `confirm: true` carries out. */
  @Post('ai/action')
  @HttpCode(200)
  @Answers(200, 'PageActionResponse')
  async pageAction(@Req() request: RawRequest, @CurrentUser() user: AuthUser, @Body() body: PageActionDto): Promise<PageActionResponse> {
    const actor = actorOf(request, user, body.sessionId, body.region);
    if (body.confirm) {
      const reply = await this.dialogue.confirm(actor, body.language, body.action ?? '', body.parameters ?? {}, body.confirmationToken ?? '');
      return reply.outcome === 'done' ? { ...reply, result: { message: reply.response } } : { ...reply, error: reply.response };
    }
    const reply = await this.chat.chat(body.query || body.intent, body.language, actor, INTENT_OF[body.intent], body.bookingId);
    if (reply.requiresConfirmation) return { ...reply, proposal: reply.confirmationMessage, bookingId: reply.bookingId };
    return { ...reply, requires: reply.response };
  }

  /** The audit log of proposals, confirmations, refusals and actions (admins only). */
  @Roles('admin')
  @Get('ai/audit')
  @Answers(200, ['AssistantAuditEntryDto'])
  audit(@Query() query: AssistantAuditQuery): Promise<AssistantAuditEntryDto[]> {
    return this.actions.latest(200, query.userId);
  }
}
