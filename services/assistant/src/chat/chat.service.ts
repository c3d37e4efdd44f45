import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { ChatRequestDto, ChatResponseDto } from './dto/chat.dto.js';
import { AssistantEngine } from './engines/assistant-engine.js';
import { ChatMessage } from './entities/chat-message.entity.js';

/** How many earlier messages of the session the model sees. */
export const HISTORY_LIMIT = 10;

@Injectable()
export class ChatService {
  constructor(
    @InjectRepository(ChatMessage) private readonly messages: Repository<ChatMessage>,
    private readonly engine: AssistantEngine,
  ) {}

  async chat({ message, language, sessionId }: ChatRequestDto): Promise<ChatResponseDto> {
    const askedAt = new Date();
    const recent = await this.messages.find({
      where: { sessionId },
      order: { createdAt: 'DESC' },
      take: HISTORY_LIMIT,
    });
    const history = recent.reverse().map(({ role, content }) => ({ role, content }));
    const reply = await this.engine.reply({ message, language, history });
    const answeredAt = new Date(Math.max(Date.now(), askedAt.getTime() + 1));
    await this.messages.insert([
      { id: randomUUID(), sessionId, role: 'user', content: message, language, createdAt: askedAt },
      {
        id: randomUUID(),
        sessionId,
        role: 'assistant',
        content: reply.response,
        language,
        createdAt: answeredAt,
      },
    ]);
    return reply;
  }
}
