import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Public } from '@khidma/nest-kit';
import { ChatService } from './chat.service.js';
import { ChatRequestDto, type ChatResponseDto } from './dto/chat.dto.js';

@Controller('ai')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  /** Public: the widget and the chat page call it signed in or not (spec §6). */
  @Public()
  @Post('chat')
  @HttpCode(200)
  send(@Body() body: ChatRequestDto): Promise<ChatResponseDto> {
    return this.chat.chat(body);
  }
}
