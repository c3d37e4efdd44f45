import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Language } from '@khidma/contracts';
import { Clock } from '@khidma/nest-kit';
import { Repository } from 'typeorm';
import type { Actor } from '../actions/actions.service.js';
import type { AssistantReply } from '../dialogue/dialogue.types.js';
import type { Intent } from '../nlu/nlu.js';
import { AssistantEngine, type ReplyDraft } from './engines/assistant-engine.js';
import { ChatMessage } from './entities/chat-message.entity.js';

/** How many earlier messages of the session the model sees. */
export const HISTORY_LIMIT = 10;

@Injectable()
export class ChatService {
  constructor(
    @InjectRepository(ChatMessage) private readonly messages: Repository<ChatMessage>,
    private readonly engine: AssistantEngine,
    private readonly clock: Clock,
  ) {}

  /** One message and its answer, both kept in the session; a streaming engine writes its text to `draft` as it comes. */
  async chat(message: string, language: Language, actor: Actor, forcedIntent?: Intent, bookingId?: string, draft?: ReplyDraft): Promise<AssistantReply> {
    const { sessionId } = actor;
    const askedAt = this.clock.now();
    const recent = await this.messages.find({ where: { sessionId }, order: { createdAt: 'DESC' }, take: HISTORY_LIMIT });
    const history = recent.reverse().map(({ role, content }) => ({ role, content }));
    const reply = await this.engine.reply({ message, language, history, actor, forcedIntent, bookingId, draft });
    const answeredAt = new Date(Math.max(this.clock.now().getTime(), askedAt.getTime() + 1));
    await this.messages.insert([
      { id: randomUUID(), sessionId, role: 'user', content: message, language, createdAt: askedAt },
      { id: randomUUID(), sessionId, role: 'assistant', content: reply.response, language, createdAt: answeredAt },
    ]);
    return reply;
  }
}
